/// A `class`, `struct` or `enum` whose declaration failed leaves no type behind; the lines after it
/// that use the type say that its declaration failed, rather than that the name is unknown (one
/// pasted class, one error, not ten).
struct FailedDeclarations {
    /// The types whose declaration failed, with the line it started on.
    private var lines: [String: Int] = [:]

    /// Notes the type `text` declares, if it declares one: as failed on `line`, or as declared (nil).
    mutating func note(_ text: String, failedAt line: Int?) {
        guard let name = FailedDeclarations.declaredTypeName(in: text) else { return }
        lines[name] = line
    }

    /// Why `name` is not known, if a declaration of that type failed: appended to "unknown ...".
    func reason(_ name: String) -> String? {
        guard let line = lines[name] else { return nil }
        return "`\(name)` is not declared: its declaration (line \(line)) failed with the error shown there; "
            + "fix that and declare it again"
    }

    /// The name after `class`, `struct` or `enum` at the start of `text` (after modifiers such as
    /// `final`), if it starts with one.
    static func declaredTypeName(in text: String) -> String? {
        // An ASCII statement (a replayed `send` line) is read from its bytes where they are, its words
        // compared as bytes: a walk of the UTF-8 view and a `String` of the first word, looked up in a
        // set, cost a replayed line 1,200 instructions.
        switch text.utf8.withContiguousStorageIfAvailable(declaredTypeName(bytes:)) {
        case .some(.some(let answer)): return answer
        default: return declaredTypeName(characters: text)
        }
    }

    /// `declaredTypeName` of ASCII words: nil if the text leaves it to the reading by characters (a
    /// word past ASCII), `.some(nil)` if it declares no type.
    private static func declaredTypeName(bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        var index = 0
        func nextWord() -> Range<Int>? {
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, isWord(bytes[index]) { index += 1 }
            return start < index ? start..<index : nil
        }
        while let range = nextWord() {
            let word = UnsafeBufferPointer(rebasing: bytes[range])
            if word.contains(where: { $0 >= 0x80 }) { return nil }
            if modifierWords.contains(where: { $0.elementsEqual(word) }) { continue }
            guard typeWords.contains(where: { $0.elementsEqual(word) }) else { return .some(nil) }
            guard let name = nextWord() else { return .some(nil) }
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[name])
            if nameBytes.contains(where: { $0 >= 0x80 }) { return nil }
            return .some(String(decoding: nameBytes, as: UTF8.self))
        }
        return .some(nil)
    }

    /// `declaredTypeName` of any text, read word by word from the start in UTF-8, each word made a
    /// `String` and compared as Swift compares strings.
    private static func declaredTypeName(characters text: String) -> String? {
        let bytes = text.utf8
        var index = bytes.startIndex
        func nextWord() -> String? {
            while index < bytes.endIndex, isBlank(bytes[index]) { index = bytes.index(after: index) }
            let start = index
            while index < bytes.endIndex, isWord(bytes[index]) { index = bytes.index(after: index) }
            guard start < index else { return nil }
            return String(text[start..<index])
        }
        while let word = nextWord() {
            if Parser.declarationModifiers.contains(word) { continue }
            guard word == "class" || word == "struct" || word == "enum" else { return nil }
            return nextWord()
        }
        return nil
    }

    /// A blank between words: space, tab, line feed, carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A byte of a word: a letter, a digit, `_`, or any byte past ASCII.
    private static func isWord(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Swift's declaration modifiers (`Parser.declarationModifiers`), as bytes.
    private static let modifierWords = Parser.declarationModifiers.map { Array($0.utf8) }
    /// The words that declare a type, as bytes.
    private static let typeWords = ["class", "struct", "enum"].map { Array($0.utf8) }
}

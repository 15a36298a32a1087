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
        // Read word by word from the start, in UTF-8, so that a statement that declares no type
        // costs one word (a replay of sends spent 8% of its time here reading Characters).
        let bytes = text.utf8
        var index = bytes.startIndex
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isWord(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
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
}

import SwiftSyntax

/// Swift's own verdict on a statement written in Swift (not a playground command such as `send`
/// or `tick`): the constructs that Linux or the playground cannot run (`#selector`, `@objc`,
/// `#if`) and casts to a type no one declared, each refused with one message at its place, so that
/// nothing of the statement runs and no cascade of errors follows.
///
/// Syntax errors are still worded by the playground's own reading: its language extends Swift
/// (`func search(term) = ...`, `300ms`, `{name: "ace"}`), which Swift's parser would refuse.
enum SwiftSyntaxCheck {
    /// The error for `text`, or nil when nothing in it is out of reach. `isDeclared` says which
    /// names the session has declared itself, which are then not Apple's framework names.
    static func diagnose(_ text: String, isDeclared: (String) -> Bool = { _ in false }) -> SyntaxError? {
        // Every construct refused here is spelt with `#` or `@`, or is a name of Apple's interface
        // frameworks: other statements need no parse.
        // A playground command (`send s 1`, most of a replayed script) is not Swift: nothing to scan.
        guard isSwift(text) else { return nil }
        let first = firstWord(of: text)
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") })
            || AppleOnlyFrameworks.mayMention(text) || refusedFirstWords.contains(first)
            || (first == "var" && (text.contains("didSet") || text.contains("willSet")))
            || CastTargets.mayCast(text)
        else { return nil }
        guard let tree = StatementShape.parse(text) else { return nil }
        return UnavailableConstructs.first(in: tree, text: text, isDeclared: isDeclared)
            ?? CastTargets.unknown(in: tree, text: text, isDeclared: isDeclared)
    }

    /// Whether the statement is Swift: anything but a line starting with one of the playground's
    /// own command words (`send`, `tick`, `sink NAME =` ...). Swift's keywords among the command
    /// words (`let`, `class`, `func`, `for` ...) start Swift statements.
    static func isSwift(_ text: String) -> Bool {
        // Command words are ASCII letters; their bytes are read where they are, not the text's characters,
        // and the word is looked up once, since this runs for every statement a script replays.
        text.utf8.withContiguousStorageIfAvailable(isSwift(bytes:))
            ?? Array(text.utf8).withUnsafeBufferPointer(isSwift(bytes:))
    }

    /// `isSwift` of a statement's UTF-8 bytes.
    private static func isSwift(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = 0
        while end < bytes.count, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") {
            end += 1
        }
        let after: UInt8? = end < bytes.count ? bytes[end] : nil
        // Empty, or a word going on past ASCII (`sendé`): no command's.
        guard end > 0, (after ?? 0) < 0x80 else { return true }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        guard let isKeyword = commandWordIsKeyword[word] else { return true }
        if isKeyword { return true }
        // `subject.send(1)`, `current = 3`: the command word used as a name, as Swift code uses it.
        return after == UInt8(ascii: ".") || after == UInt8(ascii: "(") || after == UInt8(ascii: "[")
    }

    /// Every command word, and whether it is one of Swift's keywords (`swiftWords`): one look-up a statement.
    private static let commandWordIsKeyword: [String: Bool] = Dictionary(
        CommandTable.words.map { ($0, swiftWords.contains($0)) }, uniquingKeysWith: { first, _ in first }
    )

    /// The first words of declarations refused whatever they hold (`protocol`, `extension`, and
    /// a method written with `override` or `public`, or an `init`, outside its class).
    private static let refusedFirstWords: Set<Substring> = [
        "override", "public", "open", "init",
    ]

    /// The letters the statement starts with, after blanks. Every statement passes here, so an
    /// ASCII word is read from its bytes (`Character.isLetter` costs a Unicode table look-up each).
    private static func firstWord(of text: String) -> Substring {
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(utf8[start]) {
            start = utf8.index(after: start)
        }
        var end = start
        while end < utf8.endIndex, (utf8[end] | 0x20) >= UInt8(ascii: "a"), (utf8[end] | 0x20) <= UInt8(ascii: "z") {
            end = utf8.index(after: end)
        }
        if end < utf8.endIndex, utf8[end] >= 0x80 {
            // A letter beyond ASCII may go on the word.
            return text[start...].prefix { $0.isLetter }
        }
        return text[start..<end]
    }

    /// The command words that are Swift's keywords.
    private static let swiftWords: Set<String> = [
        "let", "var", "class", "struct", "enum", "func", "for", "import", "if", "while", "repeat", "do", "switch",
        "guard", "protocol", "extension",
    ]
}

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
        // Command words are ASCII letters; their bytes are read, not the text's characters, since this
        // runs for every statement a script replays.
        let utf8 = text.utf8
        let letters = utf8.prefix { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        let after = utf8.dropFirst(letters.count).first
        // Empty, or a word going on past ASCII (`sendé`): no command's.
        guard !letters.isEmpty, (after ?? 0) < 0x80 else { return true }
        let word = String(decoding: letters, as: UTF8.self)
        guard CommandTable.isCommand(word) else { return true }
        if swiftWords.contains(word) { return true }
        // `subject.send(1)`, `current = 3`: the command word used as a name, as Swift code uses it.
        return after == UInt8(ascii: ".") || after == UInt8(ascii: "(") || after == UInt8(ascii: "[")
    }

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

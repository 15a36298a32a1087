import SwiftSyntax

/// Swift's own verdict on a statement written in Swift (not a playground command such as `send`
/// or `tick`): the constructs that Linux or the playground cannot run (`#selector`, `@objc`,
/// `#if`), each refused with one message at its place, so that nothing of the statement runs and
/// no cascade of errors follows.
///
/// Syntax errors are still worded by the playground's own reading: its language extends Swift
/// (`func search(term) = ...`, `300ms`, `{name: "ace"}`), which Swift's parser would refuse.
enum SwiftSyntaxCheck {
    /// The error for `text`, or nil when nothing in it is out of reach. `isDeclared` says which
    /// names the session has declared itself, which are then not Apple's framework names.
    static func diagnose(_ text: String, isDeclared: (String) -> Bool = { _ in false }) -> SyntaxError? {
        // Every construct refused here is spelt with `#` or `@`, or is a name of Apple's interface
        // frameworks: other statements need no parse.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") })
            || AppleOnlyFrameworks.mayMention(text) || refusedFirstWords.contains(firstWord(of: text))
            || (firstWord(of: text) == "var" && (text.contains("didSet") || text.contains("willSet"))),
            isSwift(text)
        else { return nil }
        guard let tree = StatementShape.parse(text) else { return nil }
        return UnavailableConstructs.first(in: tree, text: text, isDeclared: isDeclared)
    }

    /// Whether the statement is Swift: anything but a line starting with one of the playground's
    /// own command words (`send`, `tick`, `sink NAME =` ...). Swift's keywords among the command
    /// words (`let`, `class`, `func`, `for` ...) start Swift statements.
    static func isSwift(_ text: String) -> Bool {
        let word = text.prefix { $0.isLetter }
        guard !word.isEmpty, CommandTable.spec(named: String(word)) != nil else { return true }
        if swiftWords.contains(String(word)) { return true }
        // `subject.send(1)`, `current = 3`: the command word used as a name, as Swift code uses it.
        let after = text.dropFirst(word.count).first
        return after == "." || after == "(" || after == "["
    }

    /// The first words of declarations refused whatever they hold (`protocol`, `extension`, and
    /// a method written with `override` or `public`, or an `init`, outside its class).
    private static let refusedFirstWords: Set<Substring> = [
        "protocol", "extension", "override", "public", "open", "init",
    ]

    private static func firstWord(of text: String) -> Substring {
        text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix { $0.isLetter }
    }

    /// The command words that are Swift's keywords.
    private static let swiftWords: Set<String> = [
        "let", "var", "class", "struct", "func", "for", "import", "if", "while", "do",
    ]
}

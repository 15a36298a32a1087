import Foundation

/// Turns one statement's text into a `Statement`, or a `SyntaxError` that says what was wrong,
/// where, and what would be right.
struct Parser {
    let tokens: [Token]
    let text: String
    var position = 0
    /// Named closure parameters in scope, with their positions.
    var parameters: [String: Int] = [:]
    /// The named parameters of the closures around the one being read, innermost last: a closure
    /// inside a closure may use them (`flatMap { q in Just(1).map { _ in q } }`).
    var enclosingParameters: [[String: Int]] = []
    /// Whether an `if` or `guard` condition is being read, where `{` opens its block rather than a
    /// trailing closure.
    var readingCondition = false
    /// How many `return`s have been read: an `if` block that returns makes what follows the `if`
    /// its `else` (an early return).
    var returnsRead = 0
    var highestArgument = -1
    /// The members of the class whose observer is being read: a name among them means `self.NAME`.
    var selfMembers: Set<String> = []
    /// The names of the promises of the `Future { promise in ... }` closures being read: a call of
    /// one (`promise(.success(42))`) fulfils its future.
    var promiseNames: Set<String> = []
    /// The slots of the closure's or function's body being read that hold a `var` (`LocalVariable`):
    /// its name reads the value inside, and an assignment sets it.
    var variables: Set<Int> = []
    /// Whether the next closure read is `reduce(into:)`'s, whose first parameter is `inout`
    /// (Parser+Accumulator.swift); and the slot of the `var` its `$0` then stands for.
    var accumulatesNextClosure = false
    var accumulatorSlot: Int?
    /// The `variables` of the closures around the one being read, innermost last, as
    /// `enclosingParameters` holds their parameters.
    var enclosingVariables: [Set<Int>] = []
    /// How many loops deep in the body being read the statement is: `break` and `continue` need
    /// one, and a `return` inside one leaves the body through `Expression.returning`.
    var loopDepth = 0
    /// Whether a loop of the body being read holds a `return`.
    var returnsFromLoop = false
    /// Whether a `do`/`catch` of the body is being read (Parser+DoCatch.swift): a `return` there leaves
    /// the body through `Expression.returning`, as one in a loop does, whatever follows the `do`.
    var returnsAsSignal = false
    /// Whether a struct's body is being read: its methods have the struct's value as `self`.
    var readingStruct = false
    /// Whether `self` is a struct's value that the method being read may not set (not `mutating`).
    var immutableSelf = false
    /// Whether a `case` of a `switch` is being read (and no loop inside it), where `break` ends the switch.
    var breakEndsSwitch = false
    /// Whether the case being read ends with `fallthrough`, where its statements end.
    var caseEndsAtFallthrough = false
    /// The `let` and `var` steps of the closure or function body being read that hold what a type's
    /// initialiser made (`let formatter = NumberFormatter()`), by slot: an object's properties may be
    /// set through them (`formatter.numberStyle = .ordinal`).
    var instanceLocals: Set<Int> = []
    /// Whether a top-level statement's block (`if`, `while`) is being read, where a block may end
    /// with a `let` step, as Swift's does; a closure's body gives a value and may not.
    var readingStatementBlock = false
    /// Whether the call being read takes closures whose result Swift throws away (`forEach`, `sink`): their
    /// bodies may end with a `let` step, as a block's may (`xs.forEach { x in let y = x * 2 }`).
    var closuresGiveNothing = false
    /// Members of the type being read that its body does not declare (a superclass's, or the type's
    /// own for an `extension`): its methods name them without `self.`, as its own members.
    var knownMembers: Set<String> = []
    /// The cases of the enum whose methods are being read: `.green` there is `Light.green`.
    var enclosingEnumCases: Set<String> = []
    /// The class whose body is being read, which `Self` names there.
    var enclosingTypeName: String?
    /// The first type that class inherits from (`Animal`, `NSObject`), whose members `super.NAME` names.
    var superclassName: String?
    /// How deeply the expression being read nests (brackets, operators, closures): each level is a
    /// level of recursion here and when it is evaluated, so it is bounded.
    var depth = 0
    /// How many statements of bodies the reading is inside: each holds the rest of its body (and a level of
    /// `depth`), so a flat body of many statements is refused for its length before its depth.
    var statementsHeld = 0
    /// The words of `wordsThatMayName` the session holds variables of (`var empty: [Int] = []`, `var current = 1`):
    /// read as those variables (`empty.append(1)`, `print(empty)`, `current` alone), not as the sources they
    /// otherwise start or the commands they otherwise are.
    var variableWords: Set<String> = []
    static let maximumDepth = 150
    /// The most statements one body may hold (with the bodies around it), below `maximumDepth`.
    static let maximumStatements = 120
    /// Swift's syntax tree of `text`, once a reading has asked for it.
    let treeCache: SwiftTreeCache
    /// Where a command's Swift part starts (the value of `func f(x) = VALUE`), when the statement as a
    /// whole is not Swift: Swift's tree of the text from there is where its nodes are looked for too.
    var swiftPartStart: Int?
    /// The statement of a body being read, as Swift's parser reads it (`closureBody`): where it ends, and
    /// whether another follows.
    var statementRead: BodyStatement?
    /// swiftc's words for the errors of the statement's trees, shared by the parser's copies.
    let swiftErrors = SwiftErrorWords()

    /// Every command word, for messages, help and completion.
    static var commands: [String] { CommandTable.words }

    init(_ text: String) throws {
        // The tokens first, then the parser made at once: assigned field by field in a throwing
        // initialiser, the whole parser was built aside, copied and destroyed for every statement.
        let (tokens, trees) = try SwiftLexer.tokensAndTrees(of: text)
        self.init(text: text, tokens: tokens, trees: trees)
    }

    /// A parser of `text`, cut into `tokens`, at its start, with the trees of `text` already parsed.
    init(text: String, tokens: [Token], trees: SwiftTreeCache) {
        self.text = text
        self.tokens = tokens
        treeCache = trees
    }

    /// The statement's characters, for the few places that cut text out of it by offset.
    var characters: [Character] { Array(text) }

    /// Parses a whole statement; nothing may follow it.
    /// `variableWords`: the words of `wordsThatMayName` the session holds variables of, read as them.
    static func parse(_ text: String, variableWords: Set<String> = []) throws -> Statement {
        // `load` and `help` take free text (a path, a topic), which is not lexed. (A line that
        // starts with any other ASCII character but a blank cannot be one of them.)
        let first = text.utf8.first ?? 0
        let mayTakeFreeText = first >= 0x80 || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
            || freeTextInitials.contains(first)
        if mayTakeFreeText {
            let trimmed = text.trimmingWhitespace()
            for spec in freeTextCommands where trimmed.hasPrefix(spec.name + " ") {
                var argument = String(trimmed.dropFirst(spec.name.count)).trimmingWhitespace()
                // `load { ... }`: a function of that name given a closure (no path starts with a brace).
                if argument.hasPrefix("{") { break }
                if let comment = argument.range(of: " #") {
                    argument = String(argument[..<comment.lowerBound]).trimmingWhitespace()
                }
                if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                    argument = String(argument.dropFirst().dropLast())
                }
                if let statement = spec.freeText?(argument) { return statement }
            }
        }
        // Each level of nesting is a level of recursion: text long enough to nest deeply is read where
        // the stack has room for `maximumDepth` levels (short lines, the replay path's, stay here).
        guard text.utf8.count > 128 else { return try parseStatement(text, variableWords) }
        return try LargeStack.run { try parseStatement(text, variableWords) }
    }

    private static func parseStatement(_ text: String, _ variableWords: Set<String>) throws -> Statement {
        var parser = try Parser(text)
        parser.variableWords = variableWords
        let statement = try parser.statement()
        try parser.expectEnd()
        return statement
    }

    /// The commands that take free text, and the first bytes of their words.
    private static let freeTextCommands = CommandTable.all.filter { $0.freeText != nil }
    private static let freeTextInitials = Set(freeTextCommands.compactMap { $0.name.utf8.first })

    /// Parses the text of a pipeline alone (as kept by a sink or a `let`).
    static func parsePipeline(_ text: String) throws -> PipelineSyntax {
        var parser = try Parser(text)
        return try parser.pipeline()
    }

    /// Swift's keywords among the command words and the words statements start with: never names.
    static let swiftKeywords: Set<String> = [
        "let", "var", "for", "func", "class", "import", "in", "if", "else", "guard", "return", "object",
        "struct", "enum",
    ]

    /// Swift's declaration modifiers, read and ignored before `let`, `var`, `func` and `class`.
    static let declarationModifiers: Set<String> = [
        "lazy", "private", "fileprivate", "public", "internal", "final", "static", "open",
    ]

    /// The playground's lowercase source words that Swift code uses as names (`var empty: [Int] = []`,
    /// `let just = 3`): a `let` or a `var` may declare one, and the session's later lines read it.
    static let nameableSourceWords: Set<String> = ["empty", "just", "fail"]

    /// The words the playground reads otherwise (its source words and command words, not Swift's keywords)
    /// that may name a variable of the session.
    static let wordsThatMayName = nameableSourceWords.union(CommandTable.words).subtracting(swiftKeywords)

    static let reserved: Set<String> = [
        "true", "false", "nil", "just", "empty", "in",
        "Just", "Empty", "Fail", "Deferred", "Future", "Record", "Timer",
    ]

    // MARK: Tokens

    /// One level deeper; fails past `maximumDepth`, pointing at where it happened.
    mutating func enter() throws {
        depth += 1
        guard depth <= Parser.maximumDepth else {
            throw SyntaxError(
                "this expression nests too deeply: at most \(Parser.maximumDepth) levels of brackets, operators and "
                    + "accesses (split it into steps)",
                at: current
            )
        }
    }

    var current: Token { tokens[position] }

    /// Whether the current token follows the one before it with no space between: a postfix `?` is
    /// (`user?.name`), the ternary's `?` is not (`flag ? .max(1) : .none`).
    var currentIsAttached: Bool {
        guard position > 0 else { return false }
        let previous = tokens[position - 1]
        return previous.offset + previous.length == current.offset
    }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    mutating func expectSymbol(_ symbol: String, _ help: String) throws {
        guard current.isSymbol(symbol) else {
            throw SyntaxError("expected `\(symbol)`: \(help)", at: current)
        }
        advance()
    }

    /// A token covering everything from `start` to the end of the last token read, for messages
    /// that point at a whole call or argument.
    func covering(from start: Token, kind: Token.Kind? = nil) -> Token {
        let last = tokens[max(position - 1, 0)]
        let end = max(last.offset + last.length, start.offset + start.length)
        return Token(kind: kind ?? start.kind, offset: start.offset, length: end - start.offset)
    }

    /// Reads `element` repeatedly up to `close` (a `)`, `]` or `}`), separated by commas, and
    /// the closing symbol; `what` names the list in the message for a missing comma.
    mutating func list<Element>(
        until close: String, what: String, _ element: (inout Parser) throws -> Element
    ) throws -> [Element] {
        var elements: [Element] = []
        while !current.isSymbol(close) {
            elements.append(try element(&self))
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(close) {
                throw SyntaxError("expected `,` or `\(close)` in \(what)", at: current)
            }
        }
        advance()
        return elements
    }

    func expectEnd() throws {
        let token = current
        if token.isSymbol(";"), tokens.dropLast().last != token {
            // The reader splits a line at its `;`s, except in text Swift's parser is not given (longer than
            // 64 KB, or thousands of brackets): what follows would be lost, so the line is refused.
            throw SyntaxError(
                "the statement after this `;` was not read: the line is too long or nests too deeply to be split "
                    + "into statements; write each statement on a line of its own",
                at: token)
        }
        guard token.kind == .end || token.isSymbol(";") else {
            throw SyntaxError("unexpected `\(token.display)` after the end of the command", at: token)
        }
    }
}

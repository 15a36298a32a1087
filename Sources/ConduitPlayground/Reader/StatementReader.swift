/// Reads input a line at a time and hands out whole statements: the one place that decides which
/// lines belong together, for every front end (the prompt, `-e`, standard input, scripts, Tab).
/// What is complete is decided by Swift's own parser (`StatementShape`), never by scanning text.
///
/// - `;` separates statements on a line (outside strings and brackets).
/// - A line (or a `;` part) starting with `.` continues the statement before it, as a Swift chain
///   does. When that statement has been handed out already (at the prompt, or after a blank
///   line), the piece says so (`continuesPrevious`) and the session replaces the statement it ran.
/// - An open bracket or brace continues onto the next line, and so does a line ending in `=` or an
///   infix operator (`let names =`, the value on the next line, as Swift allows). Inside braces
///   blank lines belong to the statement, as in Swift; elsewhere a blank line, or a line starting
///   a playground command, hands the statement out as broken, pointing at what was left open.
/// - A string ends on its line, as Swift's `"..."` does: one left open is broken at once.
/// - `#` followed by a blank (or Swift's `//`) starts a comment; `#selector` and `#if` are Swift's.
///
/// In `lookahead` mode (scripts, `-e`) a finished statement is held until the next line shows
/// whether it continues, or until `release()` says no more input is waiting (a pipe); in
/// `interactive` mode it is handed out at the end of its line.
public struct StatementReader: Sendable {
    /// When a finished statement is handed out.
    public enum Mode: Sendable {
        /// `lookahead` holds it until the next line shows whether it continues (scripts, `-e`);
        /// `interactive` hands it out at the end of its line (the prompt).
        case lookahead, interactive
    }

    /// Why a statement was handed out with a bracket or quote still open.
    public enum BreakReason: Sendable, Equatable {
        /// A blank line ended it.
        case blankLine
        /// The next line starts a new command (the word).
        case newCommand(String)
        /// The input ended.
        case endOfInput
        /// A string ends on its line.
        case endOfLine
        /// A closing bracket of another kind (the character) came before the one that closes it:
        /// no line to come can mend the statement.
        case mismatched(Character)
    }

    /// A bracket, brace or quote a broken statement left open: where (in characters of its text),
    /// which, and why the reader stopped waiting for it to close.
    public struct Unclosed: Sendable, Equatable {
        /// Where the open symbol is, in characters of the statement's text.
        public let offset: Int
        /// The bracket, brace or quote left open.
        public let symbol: Character
        /// Why the reader stopped waiting for it to close.
        public let reason: BreakReason
    }

    /// One whole statement.
    public struct Piece: Sendable, Equatable {
        /// Its text, its lines joined by line feeds, without blanks at either end.
        public let text: String
        /// The line of the input it starts on, counting from 0.
        public let line: Int
        /// The column (in characters, from 0) of that line it starts at.
        public let column: Int
        /// Where each continuation (a `.` starting a line or a `;` part) begins, in characters of `text`.
        public let continuations: [Int]
        /// It starts with `.` and continues a statement handed out before it.
        public let continuesPrevious: Bool
        /// What it left open, when the reader gave up waiting for it to close.
        public let unclosed: Unclosed?
        /// Another statement follows it on its line, after a `;`: the main queue's work waits for
        /// that one (a run loop turns after the whole line).
        public var isFollowedOnItsLine = false
    }

    /// A statement being read, and what Swift's parser says of it so far.
    private struct Building: Sendable {
        var text = ""
        let line: Int
        let column: Int
        var continuations: [Int] = []
        let continuesPrevious: Bool
        /// What the text leaves open, read again each time a line is added.
        var open: [StatementShape.OpenBracket] = []
        var openString: Int?
        /// The open string is a multi-line one (`"""`), which goes on over lines.
        var openStringGoesOn = false
        var dangling: Int?
        /// A `guard` with no `else` yet, which the next line may give.
        var awaitsElse = false
        var mismatch: StatementShape.Mismatch?
        var declares = false
        var isBlank = true

        init(line: Int, column: Int, continuesPrevious: Bool) {
            self.line = line
            self.column = column
            self.continuesPrevious = continuesPrevious
        }

        var isOpen: Bool { !open.isEmpty || dangling != nil || openStringGoesOn || awaitsElse }

        /// Whether the innermost open bracket is a brace: a closure's or a declaration's body.
        var isInsideBraces: Bool { open.last?.symbol == UInt8(ascii: "{") }

        /// Takes what `shape` says of the text.
        mutating func adopt(_ shape: StatementShape) {
            open = shape.open
            openString = shape.openString
            openStringGoesOn = shape.openStringIsMultiline
            dangling = shape.dangling
            awaitsElse = shape.awaitsElse
            mismatch = shape.mismatch
            declares = shape.startsDeclaration
            isBlank = shape.isEmpty
        }

        func piece(unclosed: Unclosed? = nil) -> Piece {
            Piece(
                text: text.trimmingWhitespace(), line: line, column: column, continuations: continuations,
                continuesPrevious: continuesPrevious, unclosed: unclosed
            )
        }

        /// The piece with the bracket that a bracket of another kind closed pointed out.
        func brokenAtMismatch() -> Piece? {
            guard let mismatch else { return nil }
            let characters = String(decoding: text.utf8.prefix(mismatch.open.offset), as: UTF8.self).count
            let reason = BreakReason.mismatched(Character(UnicodeScalar(mismatch.closer)))
            return piece(unclosed: Unclosed(offset: characters, symbol: Character(UnicodeScalar(mismatch.open.symbol)),
                reason: reason))
        }

        /// The piece with its innermost open bracket (or its open string) pointed out.
        func broken(_ reason: BreakReason) -> Piece {
            // Only an `else` missing: Swift's parser says so, in swiftc's words, when the statement is read.
            if open.isEmpty, dangling == nil, openString == nil, awaitsElse { return piece() }
            let offset = openString ?? open.last?.offset ?? dangling ?? 0
            let symbol: Character = openString != nil ? "\"" : open.isEmpty && dangling != nil
                ? String(decoding: text.utf8.dropFirst(dangling ?? 0), as: UTF8.self).first ?? "="
                : Character(UnicodeScalar(open.last?.symbol ?? 0x28))
            let characters = String(decoding: text.utf8.prefix(offset), as: UTF8.self).count
            return piece(unclosed: Unclosed(offset: characters, symbol: symbol, reason: reason))
        }
    }

    /// When this reader hands out a finished statement.
    public let mode: Mode
    private var pending: Building?
    private var nextLine = 0

    /// Creates a reader with nothing read yet.
    ///
    /// - Parameter mode: When a finished statement is handed out.
    public init(mode: Mode) {
        self.mode = mode
    }

    /// Whether a statement is waiting for more lines (an open bracket): the prompt shows `…`.
    public var isWaiting: Bool { pending?.isOpen ?? false }

    /// Whether a whole statement is held, waiting to see whether the next line continues it.
    public var isHolding: Bool { pending.map { !$0.isOpen } ?? false }

    /// Forgets the statement being read (Ctrl-C at the prompt).
    public mutating func discard() {
        pending = nil
    }

    /// Reads one line (without its line feed) and returns the statements it completes.
    ///
    /// - Parameter rawLine: The line, without its line feed (a carriage return at its end is dropped).
    /// - Returns: The statements it completes, in order; none while a statement goes on.
    public mutating func read(_ rawLine: some StringProtocol) -> [Piece] {
        var line = Substring(rawLine)
        if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let number = nextLine
        nextLine += 1
        var pieces: [Piece] = []
        let trimmed = line.trimmingWhitespaceAndNewlines()
        let isComment = StatementShape.isCommentLine(trimmed)
        if var building = pending {
            pending = nil
            if building.isOpen {
                if trimmed.isEmpty {
                    // Inside braces (a closure's body, a class's members) blank lines belong to
                    // the statement, as in Swift; after an open `(`, `[` or `=` they end it.
                    if building.isInsideBraces {
                        building.text += "\n"
                        pending = building
                        return pieces
                    }
                    pieces.append(building.broken(.blankLine))
                    return pieces
                }
                // A line starting a playground command cannot continue an open bracket; inside a
                // closure, Swift's statements (`let`, `if`, `for`...) are its steps, and a
                // declaration's body holds members.
                if !building.declares, let word = StatementReader.command(startingLine: trimmed),
                   !StatementReader.swiftStatementWords.contains(word) || !building.isInsideBraces
                {
                    pieces.append(building.broken(.newCommand(word)))
                } else if isComment {
                    // The comment is dropped, its line kept, so later lines keep their numbers.
                    building.text += "\n"
                    pending = building
                    return pieces
                } else {
                    building.text += "\n"
                    scan(line, column: 0, into: building, number: number, pieces: &pieces)
                    return pieces
                }
            } else if StatementReader.startsWithDot(trimmed) {
                building.text += "\n"
                building.continuations.append(building.text.count + StatementReader.leadingBlanks(of: line))
                scan(line, column: 0, into: building, number: number, pieces: &pieces)
                return pieces
            } else if StatementReader.startsWithElse(trimmed) {
                // `}` then `else {` on the next line: one `if` statement to Swift.
                building.text += "\n"
                scan(line, column: 0, into: building, number: number, pieces: &pieces)
                return pieces
            } else if isComment && !trimmed.hasPrefix("#>") {
                // A comment line between a statement and its `.` continuation.
                pending = building
                return pieces
            } else {
                pieces.append(building.piece())
            }
        }
        if trimmed.isEmpty || isComment { return pieces }
        let blanks = StatementReader.leadingBlanks(of: line)
        let start = line.index(line.startIndex, offsetBy: blanks)
        let building = Building(line: number, column: blanks, continuesPrevious: StatementReader.startsWithDot(trimmed))
        scan(line[start...], column: blanks, into: building, number: number, pieces: &pieces)
        return pieces
    }

    /// Reads several lines (separated by line feeds).
    ///
    /// - Parameter text: The lines.
    /// - Returns: The statements they complete, in order.
    public mutating func read(lines text: some StringProtocol) -> [Piece] {
        var pieces: [Piece] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            pieces += read(line)
        }
        return pieces
    }

    /// Hands out the statement held or waiting, if any: at the end of the input, or before a
    /// script's `#>` lines.
    ///
    /// - Returns: The statement held, or none.
    public mutating func finish() -> [Piece] {
        guard let building = pending else { return [] }
        pending = nil
        return [building.isOpen ? building.broken(.endOfInput) : building.piece()]
    }

    /// Hands out the whole statement held for a look at the next line, when no next line is
    /// waiting yet (a pipe whose writer waits for the answer): it runs now, as at the prompt, and
    /// a `.` line arriving later continues it as at the prompt. A statement still open stays.
    ///
    /// - Returns: The statement held, or none (also while one is still open).
    public mutating func release() -> [Piece] {
        guard let building = pending, !building.isOpen else { return [] }
        pending = nil
        return [building.piece()]
    }

    /// Adds `text` (one line, or the rest of one, starting at `column`) to `building`, splitting at `;`, and hands out
    /// or keeps what results.
    private mutating func scan(
        _ text: Substring, column: Int, into initial: Building, number: Int, pieces: inout [Piece]
    ) {
        var building = initial
        let base = building.text.utf8.count
        if building.text.isEmpty {
            // A statement's first line (every line of a replayed script): made from the line, not appended
            // to an empty string, which cost a replayed line 500 instructions.
            building.text = String(text)
        } else {
            building.text += text
        }
        if building.openString == nil, building.mismatch == nil,
            let open = StatementShape.bracketsStillOpen(after: text, open: building.open, base: base)
        {
            // A line inside brackets that keeps them open: the statement goes on, as reading it whole
            // again would say.
            building.open = open
            building.dangling = nil
            if !text.allSatisfy(\.isWhitespace) { building.isBlank = false }
            pending = building
            return
        }
        let shape = StatementShape(building.text, from: base)
        if let comment = shape.comment {
            // The comment runs to the end of the line, which is the end of the text. The shape
            // already stops at it, so the text without it needs no second reading.
            building.text = String(decoding: building.text.utf8.prefix(comment), as: UTF8.self)
        }
        if let semicolon = shape.semicolons.first {
            let head = String(decoding: building.text.utf8.prefix(semicolon), as: UTF8.self)
            let restBytes = building.text.utf8.dropFirst(semicolon + 1)
            let rest = Substring(String(decoding: restBytes, as: UTF8.self))
            let blanks = StatementReader.leadingBlanks(of: rest)
            let afterBlanks = rest.dropFirst(blanks)
            // The column, in the line, of the first character after the `;` and its blanks.
            let consumedBytes = building.text.utf8.dropFirst(base).prefix(semicolon - base + 1)
            let consumed = String(decoding: consumedBytes, as: UTF8.self)
            let restColumn = column + consumed.count + blanks
            let headIsBlank = head.trimmingWhitespaceAndNewlines().isEmpty
            if afterBlanks.hasPrefix("."), !headIsBlank {
                // `a; .b`: the part continues the statement; the `;` becomes a blank.
                var continued = building
                continued.text = head + " " + String(rest.prefix(blanks))
                continued.continuations.append(continued.text.count)
                scan(afterBlanks, column: restColumn, into: continued, number: number, pieces: &pieces)
                return
            }
            if !headIsBlank {
                var finished = building
                finished.text = head
                var piece = finished.piece()
                piece.isFollowedOnItsLine = !afterBlanks.trimmingWhitespace().isEmpty
                pieces.append(piece)
            }
            let next = Building(line: number, column: restColumn, continuesPrevious: false)
            scan(afterBlanks, column: restColumn, into: next, number: number, pieces: &pieces)
            return
        }
        building.adopt(shape)
        if let mismatched = building.brokenAtMismatch() {
            pieces.append(mismatched)
        } else if building.openString != nil, !building.openStringGoesOn {
            pieces.append(building.broken(.endOfLine))
        } else if building.isOpen {
            pending = building
        } else if building.isBlank {
            return
        } else if mode == .interactive {
            pieces.append(building.piece())
        } else {
            pending = building
        }
    }

    /// The command words that are also Swift's statements, which a closure's or a function's body
    /// holds (`if`, `for`, `let`...): inside braces a line starting with one goes on with the body.
    static let swiftStatementWords: Set<String> = [
        "let", "var", "if", "for", "while", "repeat", "do", "func", "struct", "enum", "class", "switch", "guard",
    ]

    /// The command word a line starts with, when it starts like a command (`send n 1`, not
    /// `send: 1` or `fail("x")`): such a line cannot continue an open bracket.
    private static func command(startingLine line: String) -> String? {
        let word = line.prefix { $0.isLetter }
        guard !word.isEmpty, CommandTable.isCommand(String(word)) else { return nil }
        let after = line.dropFirst(word.count).first
        guard after == nil || after!.isWhitespace else { return nil }
        // `current = node.next`, `send += 1`: an assignment to a variable of that name, as Swift's.
        let rest = line.dropFirst(word.count).drop { $0.isWhitespace }
        if rest.hasPrefix("=") && !rest.hasPrefix("==") || ["+=", "-=", "*=", "/="].contains(where: rest.hasPrefix) {
            return nil
        }
        return String(word)
    }

    /// What a broken statement's error says: what was left open, how to close it, and why the
    /// reader stopped waiting.
    static func message(for unclosed: Unclosed) -> String {
        if unclosed.symbol == "\"" {
            return "this string has no closing `\"`: a string ends on its line, as in Swift"
        }
        if unclosed.symbol != "=", unclosed.symbol != "(", unclosed.symbol != "[", unclosed.symbol != "{" {
            let why = unclosed.reason == .blankLine ? "a blank line follows it"
                : unclosed.reason == .endOfInput || unclosed.reason == .endOfLine ? "the input ends here"
                : "the next line starts a new command"
            return "the line ends where a value was expected after the operator `\(unclosed.symbol)` (\(why)); "
                + "write the value after it, on the same line or the next"
        }
        if unclosed.symbol == "=" {
            let why = unclosed.reason == .blankLine ? "a blank line follows it"
                : unclosed.reason == .endOfInput || unclosed.reason == .endOfLine ? "the input ends here"
                : "the next line starts a new command"
            return "the statement ends with `=` but \(why); write the value after it, on the same line or the next"
        }
        let closing = unclosed.symbol == "(" ? ")" : unclosed.symbol == "[" ? "]" : "}"
        let why: String
        switch unclosed.reason {
        case .blankLine: why = "a blank line ended the statement"
        case .newCommand(let word): why = "the next line starts a new command, `\(word)`"
        case .endOfInput, .endOfLine: why = "the input ends here"
        case .mismatched(let closer):
            return "`\(unclosed.symbol)` is never closed: a `\(closer)` comes before its `\(closing)`; "
                + "close it with `\(closing)` first"
        }
        return "`\(unclosed.symbol)` is never closed (\(why)); close it with `\(closing)`"
    }

    /// `text.hasPrefix(".")`, from its first bytes when the dot is followed by a character of one
    /// byte (or nothing): every line read asks, twice.
    private static func startsWithDot(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: ".") else { return false }
        guard let next = bytes.next(), next >= 0x80 else { return true }
        // A combining mark may make the dot another character.
        return text.hasPrefix(".")
    }

    /// Whether `text` starts with the word `else` (`else {`, `else if`), which continues the `if` before it.
    static func startsWithElse(_ text: some StringProtocol) -> Bool {
        guard text.utf8.starts(with: "else".utf8) else { return false }
        guard let next = text.dropFirst(4).first else { return true }
        return !(next.isLetter || next.isNumber || next == "_")
    }

    /// How many blank characters start `line`.
    private static func leadingBlanks(of line: Substring) -> Int {
        // Counted in bytes when they are ASCII blanks followed by an ASCII character (each blank is
        // then one character): every line read asks, and `Character.isWhitespace` is a table look-up.
        var count = 0
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: " "), 0x09...0x0C:
                count += 1
            case 0x0D, 0x80...:
                // `\r\n` is one character; beyond ASCII, Unicode decides.
                return line.prefix { $0.isWhitespace }.count
            default:
                return count
            }
        }
        return count
    }
}

/// Reads input a line at a time and hands out whole statements: the one place that decides which
/// lines belong together, for every front end (the prompt, `-e`, standard input, scripts).
///
/// - `;` separates statements on a line (outside strings and brackets).
/// - A line (or a `;` part) starting with `.` continues the statement before it, as a Swift chain
///   does. When that statement has been handed out already (at the prompt, or after a blank
///   line), the piece says so (`continuesPrevious`) and the session replaces the statement it ran.
/// - An open bracket or brace continues onto the next line, unless that line is blank or starts
///   a new command: then the statement is handed out as broken, pointing at what was left open.
///   So does a line ending in `=` (`let names =`, the value on the next line, as Swift allows).
/// - A string ends on its line, as Swift's `"..."` does: one left open is broken at once.
/// - `#` (or Swift's `//`) starts a comment; a line that is only a comment is skipped.
///
/// In `lookahead` mode (scripts, pipes, `-e`) a finished statement is held until the next line
/// shows whether it continues; `interactive` mode hands it out at the end of its line.
public struct StatementReader: Sendable {
    public enum Mode: Sendable {
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
    }

    /// A bracket, brace or quote a broken statement left open: where (in characters of its text),
    /// which, and why the reader stopped waiting for it to close.
    public struct Unclosed: Sendable, Equatable {
        public let offset: Int
        public let symbol: Character
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
    }

    /// A statement being read.
    private struct Building: Sendable {
        var text = ""
        let line: Int
        let column: Int
        var continuations: [Int] = []
        let continuesPrevious: Bool
        /// Open brackets: the byte and its UTF-8 offset in `text`.
        var open: [(byte: UInt8, offset: Int)] = []
        /// The UTF-8 offset of the quote of an open string.
        var string: Int?
        var escaped = false
        /// Where a comment starts on the last line, as a UTF-8 offset in `text`.
        var comment: Int?
        /// The UTF-8 offset of an `=` that ends the text so far (its value is still to come).
        var dangling: Int?

        init(line: Int, column: Int, continuesPrevious: Bool) {
            self.line = line
            self.column = column
            self.continuesPrevious = continuesPrevious
        }

        var isOpen: Bool { !open.isEmpty || dangling != nil }

        /// Notes whether the text so far (without its comment) ends with `=`.
        mutating func noteDanglingEquals() {
            let code = text.utf8.prefix(comment ?? text.utf8.count)
            let end = code.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != 10 }
            dangling = end.flatMap {
                code[$0] == UInt8(ascii: "=") ? code.distance(from: code.startIndex, to: $0) : nil
            }
        }

        /// Nothing but blanks or a comment.
        var isBlank: Bool {
            let content = text.trimmingWhitespaceAndNewlines()
            return content.isEmpty || content.hasPrefix("#") || content.hasPrefix("//")
        }

        func piece(unclosed: Unclosed? = nil) -> Piece {
            Piece(
                text: text.trimmingWhitespace(), line: line, column: column, continuations: continuations,
                continuesPrevious: continuesPrevious, unclosed: unclosed
            )
        }

        /// The piece with its innermost open bracket (or its open string) pointed out.
        func broken(_ reason: BreakReason) -> Piece {
            let offset = string ?? open.last?.offset ?? dangling ?? 0
            let symbol: Character = string != nil ? "\"" : open.isEmpty && dangling != nil ? "="
                : Character(UnicodeScalar(open.last?.byte ?? 0x28))
            let characters = String(decoding: text.utf8.prefix(offset), as: UTF8.self).count
            return piece(unclosed: Unclosed(offset: characters, symbol: symbol, reason: reason))
        }

        /// Starts the next line: drops the last line's comment (the lexer would stop at it).
        mutating func newLine() {
            if let comment {
                text = String(decoding: text.utf8.prefix(comment), as: UTF8.self)
                self.comment = nil
            }
            text += "\n"
        }
    }

    public let mode: Mode
    private var pending: Building?
    private var nextLine = 0

    public init(mode: Mode) {
        self.mode = mode
    }

    /// Whether a statement is waiting for more lines (an open bracket): the prompt shows `…`.
    public var isWaiting: Bool { pending?.isOpen ?? false }

    /// Forgets the statement being read (Ctrl-C at the prompt).
    public mutating func discard() {
        pending = nil
    }

    /// Reads one line (without its line feed) and returns the statements it completes.
    public mutating func read(_ rawLine: some StringProtocol) -> [Piece] {
        var line = Substring(rawLine)
        if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let number = nextLine
        nextLine += 1
        var pieces: [Piece] = []
        let trimmed = line.trimmingWhitespaceAndNewlines()
        if var building = pending {
            pending = nil
            if building.isOpen {
                // A declaration's body (`class Model: ObservableObject {`) holds blank lines and
                // members (`var`, `let`, `func`) until its `}`, as Swift's does.
                let inDeclaration = !building.open.isEmpty && StatementReader.startsDeclaration(building.text)
                if trimmed.isEmpty {
                    if inDeclaration {
                        building.newLine()
                        pending = building
                        return pieces
                    }
                    pieces.append(building.broken(.blankLine))
                    return pieces
                }
                // A `let` or `var` inside an open closure is one of its steps, not the command.
                if !inDeclaration, let word = StatementReader.command(startingLine: trimmed),
                   !["let", "var"].contains(word) || building.open.last?.byte != UInt8(ascii: "{")
                {
                    pieces.append(building.broken(.newCommand(word)))
                } else if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                    // The comment is dropped, its line kept, so later lines keep their numbers.
                    building.newLine()
                    pending = building
                    return pieces
                } else {
                    building.newLine()
                    scan(line, column: 0, into: building, number: number, pieces: &pieces)
                    return pieces
                }
            } else if trimmed.hasPrefix(".") {
                building.newLine()
                building.continuations.append(building.text.count + StatementReader.leadingBlanks(of: line))
                scan(line, column: 0, into: building, number: number, pieces: &pieces)
                return pieces
            } else if trimmed.hasPrefix("#") && !trimmed.hasPrefix("#>") || trimmed.hasPrefix("//") {
                // A comment line between a statement and its `.` continuation.
                pending = building
                return pieces
            } else {
                pieces.append(building.piece())
            }
        }
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { return pieces }
        let blanks = StatementReader.leadingBlanks(of: line)
        let start = line.index(line.startIndex, offsetBy: blanks)
        let building = Building(line: number, column: blanks, continuesPrevious: trimmed.hasPrefix("."))
        scan(line[start...], column: blanks, into: building, number: number, pieces: &pieces)
        return pieces
    }

    /// Reads several lines (separated by line feeds).
    public mutating func read(lines text: some StringProtocol) -> [Piece] {
        var pieces: [Piece] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            pieces += read(line)
        }
        return pieces
    }

    /// Hands out the statement held or waiting, if any: at the end of the input, or before a
    /// script's `#>` lines.
    public mutating func finish() -> [Piece] {
        guard let building = pending else { return [] }
        pending = nil
        return [building.isOpen ? building.broken(.endOfInput) : building.piece()]
    }

    /// Adds `text` (one line, or the rest of one, starting at `column`) to `building`, splitting at `;`, and hands out
    /// or keeps what results.
    private mutating func scan(
        _ text: Substring, column: Int, into initial: Building, number: Int, pieces: inout [Piece]
    ) {
        var building = initial
        let bytes = text.utf8
        var segmentStart = bytes.startIndex
        var index = bytes.startIndex
        scanning: while index < bytes.endIndex {
            let byte = bytes[index]
            let following = bytes.index(after: index)
            if building.string != nil {
                if building.escaped {
                    building.escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    building.escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    building.string = nil
                }
                index = following
                continue
            }
            let offset = building.text.utf8.count + bytes.distance(from: segmentStart, to: index)
            switch byte {
            case UInt8(ascii: "\""):
                building.string = offset
            case UInt8(ascii: "#"):
                building.comment = offset
                break scanning
            case UInt8(ascii: "/") where following < bytes.endIndex && bytes[following] == UInt8(ascii: "/"):
                building.comment = offset
                break scanning
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                building.open.append((byte, offset))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if !building.open.isEmpty { building.open.removeLast() }
            case UInt8(ascii: ";") where building.open.isEmpty:
                building.text += text[segmentStart..<index]
                let rest = text[following...]
                let next = rest.firstIndex { !$0.isWhitespace } ?? rest.endIndex
                if next < rest.endIndex, rest[next] == ".", !building.isBlank {
                    // `a; .b`: the part continues the statement; the `;` becomes a blank.
                    building.text += " " + rest[rest.startIndex..<next]
                    building.continuations.append(building.text.count)
                } else {
                    if !building.isBlank { pieces.append(building.piece()) }
                    building = Building(
                        line: number, column: column + text[text.startIndex..<next].count, continuesPrevious: false
                    )
                }
                segmentStart = next
                index = next
                continue
            default:
                break
            }
            index = following
        }
        building.text += text[segmentStart...]
        if building.open.isEmpty, building.string == nil { building.noteDanglingEquals() }
        if building.string != nil {
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

    /// The command word a line starts with, when it starts like a command (`send n 1`, not
    /// `send: 1` or `fail("x")`): such a line cannot continue an open bracket.
    private static func command(startingLine line: String) -> String? {
        let word = line.prefix { $0.isLetter }
        guard !word.isEmpty, CommandTable.spec(named: String(word)) != nil else { return nil }
        let after = line.dropFirst(word.count).first
        guard after == nil || after!.isWhitespace else { return nil }
        return String(word)
    }

    /// The words a type declaration may start with, before `class` or `struct`.
    private static let declarationWords: Set<String> = [
        "class", "struct", "object", "final", "public", "private", "fileprivate", "internal", "open",
    ]

    /// Whether `text` starts a type's declaration (`final class Model {`, `object player {`), whose
    /// braces hold members and blank lines.
    static func startsDeclaration(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { !$0.isLetter }).prefix(3)
        guard let first = words.first, declarationWords.contains(String(first)) else { return false }
        return words.contains { $0 == "class" || $0 == "struct" || $0 == "object" }
    }

    /// What a broken statement's error says: what was left open, how to close it, and why the
    /// reader stopped waiting.
    static func message(for unclosed: Unclosed) -> String {
        if unclosed.symbol == "\"" {
            return "this string has no closing `\"`: a string ends on its line, as in Swift"
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
        }
        return "`\(unclosed.symbol)` is never closed (\(why)); close it with `\(closing)`"
    }

    /// How many blank characters start `line`.
    private static func leadingBlanks(of line: Substring) -> Int {
        line.prefix { $0.isWhitespace }.count
    }
}

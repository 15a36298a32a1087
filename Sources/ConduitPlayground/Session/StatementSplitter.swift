/// Cuts input into statements: `;` separates statements on a line, a line that starts with `.`
/// continues the statement before it, and an open bracket, brace or string continues onto the
/// next line. Quotes and brackets are respected, so `"a;b"` stays whole.
enum StatementSplitter {
    struct Piece {
        let text: String
        /// The line of the input the statement starts on, counting from 0.
        let line: Int
    }

    static func statements(in source: String) -> [Piece] {
        // One line with nothing that splits, continues or comments it (the usual `send s 1`):
        // the statement is the line itself, trimmed.
        if !source.utf8.contains(where: isStructural) {
            if source.trimmingWhitespaceAndNewlines().isEmpty { return [] }
            return [Piece(text: source.trimmingWhitespace(), line: 0)]
        }
        var pieces: [Piece] = []
        var current = ""
        var startLine = 0
        var depth = 0
        var inString = false
        var escaped = false
        var lineNumber = 0
        var inComment = false

        func finish() {
            let content = current.trimmingWhitespaceAndNewlines()
            if !content.isEmpty, !content.hasPrefix("#") {
                pieces.append(Piece(text: current.trimmingWhitespace(), line: startLine))
            }
            current = ""
        }

        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            lineNumber = index
            let trimmed = line.trimmingWhitespace()
            let continues = depth > 0 || inString || (trimmed.hasPrefix(".") && !current.trimmingWhitespace().isEmpty)
            if !continues {
                finish()
                startLine = lineNumber
            } else if !current.isEmpty {
                current += "\n"
            }
            inComment = false
            for character in line {
                if inComment {
                    current.append(character)
                    continue
                }
                if inString {
                    current.append(character)
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    continue
                }
                switch character {
                case "\"": inString = true
                case "#": inComment = true
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth = max(0, depth - 1)
                case ";" where depth == 0:
                    finish()
                    startLine = lineNumber
                    continue
                default: break
                }
                current.append(character)
            }
        }
        finish()
        return pieces
    }

    /// Whether the input leaves a bracket, brace or string open.
    static func isUnfinished(_ source: String) -> Bool {
        // Without a quote or an opening bracket nothing can be left open.
        if !source.utf8.contains(where: isOpening) { return false }
        var depth = 0
        var inString = false
        var escaped = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var inComment = false
            for character in line where !inComment {
                if inString {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    continue
                }
                switch character {
                case "\"": inString = true
                case "#": inComment = true
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                default: break
                }
            }
        }
        return depth > 0 || inString
    }

    /// The bytes the splitter reacts to: line feed, `;`, quote, `#` and brackets. A character
    /// equal to one of them always contains its byte, so text without any is a single statement.
    private static func isStructural(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            return true
        default:
            return isOpening(byte)
        }
    }

    /// A quote or an opening bracket: what can leave a statement unfinished.
    private static func isOpening(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return true
        default: return false
        }
    }
}

import Foundation

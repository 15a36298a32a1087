/// A string literal's text as Swift means it: escapes resolved (`\n`, `\t`, `\r`, `\0`, `\\`,
/// `\"`, `\'`, `\u{…}`) and, for a multi-line literal, the closing delimiter's indentation taken
/// off every line.
enum StringEscapes {
    /// `segment` (a string literal's text between interpolations, as written) with its escapes
    /// resolved; `fail` makes the error for a message and the escape's UTF-8 offset in `segment`.
    static func resolve(_ segment: String, fail: (String, Int) -> SyntaxError) throws -> String {
        guard segment.utf8.contains(UInt8(ascii: "\\")) else { return segment }
        var result = ""
        var characters = segment.makeIterator()
        var offset = 0
        while let character = characters.next() {
            let at = offset
            offset += character.utf8.count
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let escaped = characters.next() else { throw fail("a string cannot end with a lone `\\`", at) }
            offset += escaped.utf8.count
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\\", "\"", "'": result.append(escaped)
            case "u":
                var hex = ""
                while let next = characters.next() {
                    offset += next.utf8.count
                    if next == "}" { break }
                    if next != "{" { hex.append(next) }
                }
                guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw fail("a Unicode escape is written `\\u{1F600}`: one to eight hexadecimal digits in braces",
                        at)
                }
                result.unicodeScalars.append(scalar)
            default:
                throw fail("`\\\(escaped)` is not an escape Swift knows: write `\\\\` for a backslash", at)
            }
        }
        return result
    }

    /// A multi-line literal's lines (the last being the closing `"""`'s indentation) without that
    /// indentation, as Swift strips it; the line break before the closing `"""` is not part of it.
    static func removingIndentation(_ text: String, fail: (String) -> SyntaxError) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation = lines.removeLast()
        guard indentation.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            throw fail("a multi-line string's closing `\"\"\"` goes on a line of its own")
        }
        return lines.map { $0.hasPrefix(indentation) ? $0.dropFirst(indentation.count) : $0 }.joined(separator: "\n")
    }
}

@_spi(RawSyntax) import SwiftSyntax

extension StatementShape {
    /// The brackets still open after `line` is added to a statement whose text so far leaves `open`
    /// open and whose `line` starts at UTF-8 offset `base`, read from Swift's lexemes of the line
    /// alone; nil where the line needs the whole statement read again: when the brackets close, or
    /// when the line holds what only the whole statement can place (a string, a comment, a `#`, a
    /// `;`, a `/`, an operator at its end, a closing bracket of another kind).
    ///
    /// Reading each line of a pasted class's body this way, rather than giving the whole statement
    /// to Swift's parser again for each line, keeps the paste of a long class linear.
    static func bracketsStillOpen(after line: Substring, open: [OpenBracket], base: Int) -> [OpenBracket]? {
        guard !open.isEmpty,
            !line.utf8.contains(where: { [UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: ";"),
                UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "`")].contains($0) })
        else { return nil }
        let lexer = SwiftLexer(String(line))
        var brackets = open
        var quotes = 0
        var last: RawTokenKind?
        for lexeme in lexer.lexemes where lexeme.kind != .endOfFile {
            guard lexeme.diagnostic == nil else { return nil }
            last = lexeme.kind
            switch lexeme.kind {
            case .leftParen: brackets.append(OpenBracket(symbol: UInt8(ascii: "("), offset: base + lexeme.start))
            case .leftSquare: brackets.append(OpenBracket(symbol: UInt8(ascii: "["), offset: base + lexeme.start))
            case .leftBrace: brackets.append(OpenBracket(symbol: UInt8(ascii: "{"), offset: base + lexeme.start))
            case .rightParen, .rightSquare, .rightBrace:
                guard let innermost = brackets.popLast(), !brackets.isEmpty,
                    closer(opening: innermost.symbol) == lexer.bytes[lexeme.start]
                else { return nil }
            case .stringQuote: quotes += 1
            case .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .regexSlash, .regexPoundDelimiter,
                .pound, .semicolon:
                return nil
            default: break
            }
        }
        // A string that ends on the line, and no operator left waiting for its right-hand side.
        guard quotes % 2 == 0, last != .binaryOperator, last != .prefixOperator, last != .equal else { return nil }
        return brackets
    }
}

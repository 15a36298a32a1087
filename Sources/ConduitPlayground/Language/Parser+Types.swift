import SwiftSyntax

/// Types read as Swift writes them, and skipped: the playground's values carry their
/// own types (`types` shows the written ones).
extension Parser {
    /// Skips a Swift type (`String`, `[Song]?`, `[UUID: Person]`, `Future<[Song], Error>`) as Swift's
    /// parser reads it, and returns it as written.
    @discardableResult
    mutating func skipType() throws -> String {
        while current.isSymbol("@"), let attribute = peek(1).identifier, attribute != "Published" {
            // `@escaping () -> Void`, `@Sendable`, `@MainActor`: attributes of the type, skipped with it.
            advance()
            advance()
        }
        if let written = typeFromSwiftTree() { return written }
        // Where Swift's parser reads an expression (`PassthroughSubject<Int, Never>()`, `[Int]()`),
        // the type is the names, dots and balanced brackets up to the call.
        let start = current
        var nesting = 0
        var read = 0
        while current.kind != .end {
            if nesting == 0, read > 0, current.isSymbol("(") {
                // `PassthroughSubject<Int, Never>()`: the call after the type.
                break
            }
            if current.isSymbol("[") || current.isSymbol("<") || current.isSymbol("(") {
                nesting += 1
            } else if current.isSymbol(">"), position > 0, tokens[position - 1].isSymbol("-") {
                // The `>` of `->`, which closes nothing.
            } else if current.isSymbol("]") || current.isSymbol(">") || current.isSymbol(")") {
                guard nesting > 0 else { break }
                nesting -= 1
                if nesting == 0, current.isSymbol(")"), peek(1).isSymbol("-"), peek(2).isSymbol(">") {
                    // `() -> Void`, `(Int) -> String`: a function type goes on to its result.
                    advance()
                    advance()
                    read += 2
                }
            } else if nesting == 0,
                !(current.identifier != nil || current.isSymbol(".") || current.isSymbol("?") || current.isSymbol("!"))
            {
                break
            } else if nesting == 0, read > 0, current.identifier != nil, !tokens[position - 1].isSymbol("."),
                !(position >= 2 && tokens[position - 1].isSymbol(">") && tokens[position - 2].isSymbol("-"))
            {
                // A name right after a complete type starts the next declaration.
                break
            }
            advance()
            read += 1
        }
        guard read > 0 else {
            throw SyntaxError("expected a type after `:`, such as `String`", at: start)
        }
        let last = tokens[position - 1]
        return String(source_text(start.offset, last.offset + last.length))
    }

    /// Skips a source's generic arguments (`Empty<Int, Never>`, `Just<Int>`) if they follow, and
    /// returns them as written (`<Int, Never>`), or nil.
    @discardableResult
    mutating func skipGenericArguments() throws -> String? {
        guard current.isSymbol("<") else { return nil }
        return try skipType()
    }

    /// A token covering the current one and `count` more.
    func covering(from token: Token, through count: Int) -> Token {
        let last = peek(count)
        return Token(kind: token.kind, offset: token.offset, length: last.offset + last.length - token.offset)
    }
}

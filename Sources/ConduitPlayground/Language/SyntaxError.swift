/// A line the playground cannot run: what was wrong, where (character offset and length in the
/// statement), and, when there is one, what would be right.
struct SyntaxError: Error {
    let message: String
    let offset: Int
    let length: Int

    init(_ message: String, offset: Int, length: Int) {
        self.message = message
        self.offset = offset
        self.length = max(1, length)
    }

    init(_ message: String, at token: Token) {
        self.init(message, offset: token.offset, length: token.length)
    }
}

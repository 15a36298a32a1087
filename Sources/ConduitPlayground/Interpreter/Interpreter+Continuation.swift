/// What a line starting with `.` may continue: a statement that ends with a pipeline, or the name
/// of a subject or a pipeline alone on its line.
extension Interpreter {
    /// Whether `text` is only the name of a subject or a pipeline (`s` on its own line, then
    /// `.map { ... }` on the next, as Swift code is often laid out): a `.` line continues it.
    func namesPublisher(_ text: String) -> Bool {
        // Every statement passes here: its bytes are read where they are, in one pass that stops at
        // a blank after the first word (`send s 1`), not its characters.
        let name = text.utf8.withContiguousStorageIfAvailable(Interpreter.loneWord(in:))
            ?? Array(text.utf8).withUnsafeBufferPointer(Interpreter.loneWord(in:))
        guard let name else { return false }
        switch entries[name] {
        case .subject?, .pipeline?: return true
        default: return false
        }
    }

    /// The text's one word between blanks (spaces, tabs, line feeds, carriage returns), or nil if it
    /// holds none or more than one.
    private static func loneWord(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        var start = 0
        while start < bytes.count, isBlank(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count, !isBlank(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        var rest = end
        while rest < bytes.count, isBlank(bytes[rest]) { rest += 1 }
        guard rest == bytes.count else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The error for a `.` line that continues a statement with no pipeline at its end.
    func notContinuable(_ text: String, at offset: Int) -> StatementDiagnostic {
        .notContinuable(statement: String(text.prefix { $0 != "\n" }), offset: offset)
    }
}

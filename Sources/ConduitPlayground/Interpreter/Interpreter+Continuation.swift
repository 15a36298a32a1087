/// What a line starting with `.` may continue: a statement that ends with a pipeline, or the name
/// of a subject or a pipeline alone on its line.
extension Interpreter {
    /// Whether `text` is only the name of a subject or a pipeline (`s` on its own line, then
    /// `.map { ... }` on the next, as Swift code is often laid out): a `.` line continues it.
    func namesPublisher(_ text: String) -> Bool {
        // Every statement passes here: its bytes are read, not its characters.
        let isBlank = { (byte: UInt8) in
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) })
        else { return false }
        let name = utf8[first...last]
        guard !name.contains(where: isBlank) else { return false }
        switch entries[String(decoding: name, as: UTF8.self)] {
        case .subject?, .pipeline?: return true
        default: return false
        }
    }

    /// The error for a `.` line that continues a statement with no pipeline at its end.
    func notContinuable(_ text: String, at offset: Int) -> StatementDiagnostic {
        .notContinuable(statement: String(text.prefix { $0 != "\n" }), offset: offset)
    }
}

/// `Deferred { () -> Just<Int> in print("made"); return Just(1) }`: Swift's `Deferred` given a closure
/// with a written signature or with statements before the publisher it returns. The closure runs anew
/// for each subscriber, as Swift's does, and the publisher it gives is the one subscribed to. The
/// playground's own `Deferred { PIPELINE }` stays as it was.
extension Parser {
    /// At `{` after `Deferred`: the closure, called as the deferred pipeline's source; nil, reading
    /// nothing, when the braces hold one pipeline (or hold nothing that reads as a closure either, so
    /// that the pipeline's reading says what is wrong).
    mutating func deferredClosure() throws -> PipelineSyntax.Source? {
        guard current.isSymbol("{") else { return nil }
        let signature = try signatureOfClosure()
        if signature == nil {
            var asPipeline = self
            asPipeline.advance()
            if (try? asPipeline.pipeline()) != nil, asPipeline.current.isSymbol("}") { return nil }
            var asClosure = self
            guard (try? asClosure.closure()) != nil else { return nil }
        }
        let open = current
        let closure = try self.closure()
        let close = tokens[max(position - 1, 0)]
        let written = String(source_text(open.offset + 1, close.offset)).trimmingWhitespace()
        let call = Expression.call(Parser.closureCall, [Parser.closureLiteral(closure), .literal(.string("Deferred"))])
        return .deferred(PipelineSyntax(source: .expression(call), operators: [], text: written,
            startOffset: open.offset, writtenType: signature?.returnType))
    }
}

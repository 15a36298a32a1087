/// `encoder.encode(post)`, `decoder.decode(Post.self, from: data)`: a call of an object's method whose
/// name is also a publisher operator's. The parser cannot tell them apart; what the name holds can.
extension Interpreter {
    /// The object a name stands for, whether it was made as an object or is a value holding one.
    private func objectNamed(_ name: String) -> PlaygroundObject? {
        switch entries[name] {
        case .object(let object)?: return object
        case .value(let named)?:
            if case .object(let object) = named.value { return object }
            return nil
        default: return nil
        }
    }

    /// Whether `syntax` starts from a name that holds an object with a method named as its first call.
    func callsObjectMethod(_ syntax: PipelineSyntax) -> Bool {
        let name: String?
        switch syntax.source {
        case .name(let token): name = token.identifier
        case .expression(.name(let written, _)): name = written
        default: name = nil
        }
        guard let name, let first = syntax.operators.first?.name, let object = objectNamed(name) else { return false }
        return object.methods[first] != nil
    }

    /// The chain with its start read as a value (the object), so that its calls are the object's methods.
    func startingFromValue(_ syntax: PipelineSyntax) -> PipelineSyntax {
        guard case .name(let token) = syntax.source, let name = token.identifier else { return syntax }
        var chain = PipelineSyntax(
            source: .expression(.name(name, token)), operators: syntax.operators, text: syntax.text)
        chain.startOffset = syntax.startOffset
        chain.sourceText = syntax.sourceText
        return chain
    }
}

extension PipelineSyntax {
    /// Whether it starts from a subject's or pipeline's name (`.name`), not from an expression.
    var startsFromName: Bool {
        if case .name = source { return true }
        return false
    }
}

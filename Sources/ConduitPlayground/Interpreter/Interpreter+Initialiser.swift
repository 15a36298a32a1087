/// Running a class's `init(...) { ... }` when an instance is made (`let vm = SearchViewModel()`,
/// `EditStandupModel(standup: s)` in a method): its arguments matched to its parameters by label, as
/// Swift matches them, defaults filling those left out, then its body run with the new object as `self`.
extension Interpreter {
    /// The values of the initialiser's parameters, in order, from the arguments `given` (`_` for an
    /// argument without a label); a missing or unknown label says what the initialiser takes.
    func initialiserArguments(
        _ given: [(String, Value)], of objectClass: ObjectClass, _ initialiser: MethodDeclaration, at token: Token?
    ) throws -> [Value] {
        let labels = initialiser.labels
        let signature = "`init(" + labels.map { "\($0):" }.joined() + ")`"
        let place = token ?? initialiser.name
        if let unknown = given.first(where: { !labels.contains($0.0) }) {
            throw unknownArgument(unknown.0, of: objectClass, labels: labels, signature: signature, at: place)
        }
        var remaining = given[...]
        var values: [Value] = []
        for (index, label) in labels.enumerated() {
            if let next = remaining.first, next.0 == label {
                values.append(next.1)
                remaining = remaining.dropFirst()
            } else if let next = remaining.first, remaining.contains(where: { $0.0 == label }) {
                // Given, but after another: Swift takes arguments in the order of the parameters.
                throw unknownArgument(next.0, of: objectClass, labels: labels, signature: signature, at: place)
            } else if let value = initialiser.defaults[index] {
                values.append(try constant(value, at: initialiser.name))
            } else {
                let written = label == "_" ? "a first value without a label" : "`\(label):`"
                throw SyntaxError(
                    "\(objectClass.name)'s init needs \(written) (it is \(signature)); "
                        + "write `\(objectClass.name)(\(label == "_" ? "" : "\(label): ")VALUE)`",
                    at: place)
            }
        }
        if let extra = remaining.first {
            throw unknownArgument(extra.0, of: objectClass, labels: labels, signature: signature, at: place)
        }
        // `init(rate: Double)` given 5 has 5.0, as Swift types the literal.
        // `Box(s: .loading)` of `init(s: State)`: the case.
        return impliedCases(of: initialiser.parameterTypes).resolve(values.converted(to: initialiser.parameterTypes))
    }

    /// An argument the initialiser has no place for: an unknown label, or one out of order.
    private func unknownArgument(
        _ label: String, of objectClass: ObjectClass, labels: [String], signature: String, at place: Token
    ) -> SyntaxError {
        let hint = Suggestion.closest(to: label, in: labels.filter { $0 != "_" && $0 != label })
            .map { " (did you mean `\($0):`?)" } ?? ""
        let argument = label == "_" ? "an argument without a label" : "argument `\(label):`"
        return SyntaxError(
            "\(objectClass.name)'s init has no \(argument) here\(hint): it is \(signature), "
                + "its arguments in that order", at: place)
    }

    /// Runs the initialiser's bound body on a new object; a failure says it was the initialiser,
    /// and the object is not made. Subscriptions the body started are cancelled with it, so the
    /// session keeps only what it had.
    func runInitialiser(
        _ body: Expression, of objectClass: ObjectClass, on object: PlaygroundObject, with arguments: [Value],
        at token: Token?
    ) throws {
        let before = Set(entries.keys)
        do {
            _ = try body.evaluate([.object(object)] + arguments)
        } catch {
            let started = entries.keys.filter { !before.contains($0) }
            for name in started { discardStarted(name) }
            throw SyntaxError(
                "in \(objectClass.name)'s init: \(Interpreter.message(of: error)); the object is not made",
                at: token ?? Token(kind: .end, offset: 0, length: 1))
        }
        let unset = objectClass.properties.filter { property in
            property.value == nil && property.subject == nil && property.computed == nil && !property.holdsClosure
                && !property.isLazyStorage
                && !(property.declaredType ?? "?").hasSuffix("?") && object.value(of: property.name.display) == .null
        }
        if let first = unset.first {
            let started = entries.keys.filter { !before.contains($0) }
            for name in started { discardStarted(name) }
            throw SyntaxError(
                "\(objectClass.name)'s init leaves `\(first.name.display)` without a value: set "
                    + "`self.\(first.name.display) = ...` in it, or declare `var \(first.name.display): "
                    + "\(first.declaredType ?? "TYPE")? = nil`; the object is not made",
                at: token ?? first.name)
        }
    }
}

extension Interpreter {
    /// Undoes a name an initialiser that failed had made: a sink is cancelled without a word, and
    /// the name forgotten.
    func discardStarted(_ name: String) {
        if case .sink(let sink)? = entries[name], sink.isLive { sink.cancel() }
        connections.removeValue(forKey: name)?.disconnect()
        if names.remove(name) != nil { recorder.record(.dropped(name: name)) }
    }
}

extension Interpreter {
    /// A call's arguments by label: `CLASS(standup: s)` reads as one record of them, `CLASS("x", 2)` as
    /// values without labels (`_`), as an initialiser's parameters name them.
    static func initialiserCall(_ arguments: [Expression]) -> [(String, Expression)] {
        if arguments.count == 1, case .record(let fields) = arguments[0], !fields.isEmpty { return fields }
        return arguments.map { ("_", $0) }
    }
}

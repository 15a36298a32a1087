import Conduit

/// A subject the user created: a real `PassthroughSubject` or `CurrentValueSubject` of
/// playground values.
struct SubjectEntry {
    enum Storage {
        case passthrough(PassthroughSubject<Value, PlaygroundError>)
        case current(CurrentValueSubject<Value, PlaygroundError>)
    }

    let storage: Storage

    var publisher: Pipe {
        switch storage {
        case .passthrough(let subject): return subject.eraseToAnyPublisher()
        case .current(let subject): return subject.eraseToAnyPublisher()
        }
    }

    func send(_ value: Value) {
        switch storage {
        case .passthrough(let subject): subject.send(value)
        case .current(let subject): subject.send(value)
        }
    }

    func send(completion: Subscribers.Completion<PlaygroundError>) {
        switch storage {
        case .passthrough(let subject): subject.send(completion: completion)
        case .current(let subject): subject.send(completion: completion)
        }
    }

    /// How `subs` describes it.
    var summary: String {
        switch storage {
        case .passthrough: return "PassthroughSubject"
        case .current(let subject): return "CurrentValueSubject = \(subject.value)"
        }
    }
}

/// A named pipeline: the engine publisher built from `let NAME = ...`, and how it was written.
struct PipelineEntry {
    let publisher: Pipe
    let syntax: PipelineSyntax
    /// How many operators a value passes through in it, counting the pipelines it reads.
    let length: Int

    /// The names of the subjects and pipelines it reads from.
    var dependencies: [String] {
        var names: [String] = []
        if case .name(let token) = syntax.source, let name = token.identifier { names.append(name) }
        if case .deferred(let inner) = syntax.source {
            names += PipelineEntry(publisher: publisher, syntax: inner, length: 0).dependencies
        }
        if case .expression(let expression) = syntax.source, let root = expression.rootName {
            names.append(root)
        }
        for call in syntax.operators {
            for argument in call.arguments {
                if case .name(let name) = argument.content, OperatorTable.spec(named: call.name) != nil,
                   !["keepFull", "byRequest", "dropOldest", "dropNewest"].contains(name) {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// The chain read from the end back to the source: `compactMap ← filter ← combineLatest(isOn) ← names`.
    var chain: String {
        var parts = syntax.operators.reversed().map { call -> String in
            let names = call.arguments.compactMap { argument -> String? in
                if case .name(let name) = argument.content { return name }
                return nil
            }
            return names.isEmpty ? call.name : "\(call.name)(\(names.joined(separator: ", ")))"
        }
        switch syntax.source {
        case .name(let token): parts.append(token.identifier ?? "")
        case .just(let expression): parts.append("just(\((try? expression.evaluate([]))?.description ?? "…"))")
        case .sequence(let items): parts.append("[" + items.map { (try? $0.evaluate([]))?.description ?? "…" }.joined(separator: ", ") + "].publisher")
        case .empty(let completeImmediately): parts.append(completeImmediately ? "empty" : "Empty(completeImmediately: false)")
        case .fail(let message): parts.append("fail(\(Value.quote(message)))")
        case .timer(let interval): parts.append("timer(\(PlaygroundClock.format(nanoseconds: interval)))")
        case .timerPublish(let interval): parts.append("Timer.publish(every: \(PlaygroundClock.format(nanoseconds: interval)))")
        case .deferred(let inner): parts.append("Deferred { \(inner.text) }")
        case .future(let expression, let delay):
            let value = (try? expression.evaluate([]))?.description ?? "…"
            parts.append(delay > 0 ? "Future(after: \(PlaygroundClock.format(nanoseconds: delay))) { \(value) }" : "Future { \(value) }")
        case .record(let items, let failure):
            let values = items.map { (try? $0.evaluate([]))?.description ?? "…" }.joined(separator: ", ")
            parts.append("Record([\(values)], \(failure.map { "failure(\(Value.quote($0)))" } ?? "finished"))")
        case .expression(let expression): parts.append(expression.writtenText)
        }
        return parts.joined(separator: " ← ")
    }
}

/// How `subs` and `inspect` show a pipeline: its chain read from the end back to the source.
extension PipelineSyntax {
    /// The chain read from the end back to the source: `compactMap ← filter ← combineLatest(isOn) ← names`.
    var chain: String {
        var parts = operators.reversed().map { call -> String in
            let names = call.arguments.compactMap { argument -> String? in
                if case .name(let name) = argument.content, !OperatorTable.isScheduler(argument, of: call) {
                    return name
                }
                return nil
            }
            return names.isEmpty ? call.name : "\(call.name)(\(names.joined(separator: ", ")))"
        }
        switch source {
        case .name(let token): parts.append(token.identifier ?? "")
        case .just(let expression): parts.append("just(\((try? expression.evaluate([]))?.description ?? "…"))")
        case .sequence(let items): parts.append("[" + items.map { (try? $0.evaluate([]))?.description ?? "…" }.joined(
            separator: ", ") + "].publisher")
        case .empty(let completeImmediately): parts.append(completeImmediately
            ? "empty" : "Empty(completeImmediately: false)")
        case .fail(let message): parts.append("fail(\(Value.quote(message)))")
        case .timer(let interval): parts.append("timer(\(PlaygroundClock.format(nanoseconds: interval)))")
        case .timerPublish(let interval): parts.append(
            "Timer.publish(every: \(PlaygroundClock.format(nanoseconds: interval)))")
        case .deferred(let inner): parts.append("Deferred { \(inner.text) }")
        case .future(let expression, let delay):
            let value = (try? expression.evaluate([]))?.description ?? "…"
            parts.append(delay > 0
                ? "Future(after: \(PlaygroundClock.format(nanoseconds: delay))) { \(value) }" : "Future { \(value) }")
        case .record(let items, let failure):
            let values = items.map { (try? $0.evaluate([]))?.description ?? "…" }.joined(separator: ", ")
            parts.append("Record([\(values)], \(failure.map { "failure(\(Value.quote($0)))" } ?? "finished"))")
        case .expression(let expression): parts.append(expression.writtenText)
        case .cold(let cold): parts.append(cold.written)
        }
        return parts.joined(separator: " ← ")
    }
}

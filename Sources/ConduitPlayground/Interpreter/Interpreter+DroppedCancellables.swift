/// A subscription whose `AnyCancellable` nobody keeps: `subject.sink { print($0) }` written as a
/// statement of its own. Swift frees the `AnyCancellable` at the end of the statement, which
/// cancels the subscription: what was delivered while subscribing (a `Just`'s value, an array's
/// elements) is printed, anything sent later is not. The playground does the same and says why.
extension Interpreter {
    /// Whether the chain's last call returns an `AnyCancellable` (`sink`, `assign(to:on:)`); the
    /// other subscribers (`assign(to: &$property)`, `subscribe(subject)`) return nothing to keep.
    static func returnsCancellable(_ last: OperatorCall) -> Bool {
        switch last.name {
        case "sink": return true
        case "assign": return !(last.arguments.first.map(\.isReference) ?? false)
        default: return false
        }
    }

    /// Cancels the sink `name` whose `AnyCancellable` the statement dropped and, if that ended a
    /// subscription still open, says so once, with what would have kept it.
    func dropCancellable(of name: String, madeBy last: OperatorCall) {
        guard case .sink(let sink)? = entries[name], sink.isLive else { return }
        sink.cancel()
        info(Interpreter.droppedNote(for: last))
    }

    /// A chain in a method (`s.sink { ... }` in `func listen()`), whose AnyCancellable the method's
    /// statement may keep (`cancellable = ...`) or not: if it is let go of while the statement that
    /// made it still runs, with its subscription open, the note is said, once for that chain.
    func noteWhenDropped(_ cancellable: PlaygroundObject, sink name: String, madeBy last: OperatorCall,
        written: String) {
        let statement = statementsRun
        let note = Interpreter.droppedNote(for: last)
        let cancel = cancellable.onFree
        cancellable.onFree = { [weak self] in
            guard let self, case .sink(let sink)? = entries[name] else {
                cancel?()
                return
            }
            let wasLive = sink.isLive
            cancel?()
            if wasLive, statementsRun == statement, notedDrops.insert(written).inserted { info(note) }
        }
    }

    /// What the note says: the AnyCancellable is not kept, so the subscription ends, and what keeps it.
    static func droppedNote(for last: OperatorCall) -> String {
        let call = last.name == "sink" ? "sink" : "assign(to:on:)"
        return "note: the AnyCancellable that `\(call)` returns is not kept, so the subscription ends at once "
            + "(later values are not received); keep it: `let c = ...` or `.store(in: &cancellables)`"
    }
}

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
        let call = last.name == "sink" ? "sink" : "assign(to:on:)"
        info("note: the AnyCancellable that `\(call)` returns is not kept, so the subscription ends at once "
            + "(later values are not received); keep it: `let c = ...` or `.store(in: &cancellables)`")
    }
}

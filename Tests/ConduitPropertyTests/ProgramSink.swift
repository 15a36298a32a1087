import Conduit

/// The downstream end of a program: records each value (as text) and the completion, flags a
/// value beyond its demand or after its completion, and obeys the program's sink steps.
final class ProgramSink<Input, Failure: Error>: Subscriber {
    private(set) var outputs: [String] = []
    private(set) var completion: String?
    private(set) var violations: [String] = []
    private var subscription: Subscription?
    private var demand: Subscribers.Demand = .none
    private var cancelled = false
    var demandPerValue = 0
    /// Run on the next value received, before the value's demand is returned.
    var onNextValue: (() -> Void)?

    func receive(subscription: Subscription) {
        if self.subscription != nil { violations.append("a second subscription") }
        self.subscription = subscription
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if completion != nil { violations.append("value \(input) after the completion") }
        if cancelled { violations.append("value \(input) after cancel") }
        if demand == .none { violations.append("value \(input) beyond demand") } else { demand -= 1 }
        outputs.append("\(input)")
        if let action = onNextValue {
            onNextValue = nil
            action()
        }
        let more = Subscribers.Demand.max(demandPerValue)
        demand += more
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if self.completion != nil { violations.append("a second completion") }
        switch completion {
        case .finished: self.completion = "finished"
        case .failure: self.completion = "failure"
        }
    }

    func request(_ n: Int?) {
        guard let subscription, !cancelled, completion == nil else { return }
        let more: Subscribers.Demand = n.map { .max($0) } ?? .unlimited
        demand += more
        subscription.request(more)
    }

    func cancel() {
        guard let subscription, !cancelled, completion == nil else { return }
        cancelled = true
        subscription.cancel()
    }
}

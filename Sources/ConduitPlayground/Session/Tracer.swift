import Conduit
import ConduitInstrumentation
import Foundation
import Synchronization

/// Turns the engine's instrumentation events for traced sinks into trace lines in the words of
/// Combine's `print()` operator: `out: receive value: (5)`. While a sink's demand is limited, its
/// request and value lines end with the demand after them (requested, delivered, outstanding).
final class Tracer: Instrumentation.Observer, @unchecked Sendable {
    private let lock = NSLock()
    private var traced: [CombineIdentifier: PlaygroundSink] = [:]
    /// How many sinks are traced, readable without the lock: most sessions trace none, and every
    /// event of every link comes through `observe`.
    private let tracedCount = Atomic<Int>(0)
    /// Where trace lines go; set by the session.
    var output: (@Sendable (OutputRecord) -> Void)? {
        get { lock.withLock { _output } }
        set { lock.withLock { _output = newValue } }
    }
    private var _output: (@Sendable (OutputRecord) -> Void)?

    func trace(_ sink: PlaygroundSink, on: Bool) {
        let count: Int = lock.withLock {
            traced[sink.combineIdentifier] = on ? sink : nil
            tracedCount.store(traced.count, ordering: .releasing)
            return traced.count
        }
        Instrumentation.setListening(count > 0, for: self)
    }

    func isTraced(_ sink: PlaygroundSink) -> Bool {
        lock.withLock { traced[sink.combineIdentifier] != nil }
    }

    func observe(_ event: Instrumentation.Event) {
        if tracedCount.load(ordering: .acquiring) == 0 { return }
        let (sink, output): (PlaygroundSink?, (@Sendable (OutputRecord) -> Void)?) = lock.withLock {
            (traced[event.subscriber], _output)
        }
        guard let sink, let output else { return }
        let name = sink.name
        let level = sink.demand
        let text: String
        switch event.kind {
        case .subscribe: return
        case .subscription: text = "receive subscription: (\(event.publisherDescription))"
        case .request(let demand):
            text = (demand == .unlimited ? "request unlimited" : "request max: (\(demand.max ?? 0))")
                + (level.outstanding.map {
                    "   (requested \(level.requested.max ?? 0), delivered \(level.delivered), outstanding \($0))"
                } ?? "")
        case .value(let value):
            // Reported before the sink has it: the demand it leaves is one less than now.
            text = "receive value: (\(value))" + (level.outstanding.map {
                "   (delivered \(level.delivered + 1), outstanding \(max(0, $0 - 1)))"
            } ?? "")
        case .finished: text = "receive finished"
        case .failure(let error): text = "receive error: (\(error))"
        case .cancel: text = "receive cancel"
        }
        output(OutputRecord(kind: .trace, text: "\(name): \(text)"))
    }
}

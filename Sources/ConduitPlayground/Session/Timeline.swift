import Foundation

/// What happened to each subject and sink, and when: the material of `marbles`.
final class Timeline: @unchecked Sendable {
    enum Event: Equatable {
        case subscribed
        case value(Value)
        case finished
        case failed
        case cancelled
    }

    private let lock = NSLock()
    private var events: [String: [(time: Int, event: Event)]] = [:]
    /// Each sink's outstanding demand after every request and delivery (`nil`: unlimited).
    private var demand: [String: [(time: Int, level: DemandLevel)]] = [:]

    /// How many events of each name are kept: a long session or script keeps the latest ones.
    static let eventsPerName = 10_000

    func record(_ name: String, _ event: Event, at time: Int) {
        lock.withLock {
            events[name, default: []].append((time, event))
            if events[name]!.count >= 2 * Timeline.eventsPerName {
                events[name]!.removeFirst(Timeline.eventsPerName)
            }
        }
    }

    func clear() {
        lock.withLock {
            events = [:]
            demand = [:]
        }
    }

    /// Records a sink's outstanding demand after a request (a credit) or a delivery (a debit).
    func recordDemand(_ name: String, _ level: DemandLevel, at time: Int) {
        lock.withLock {
            demand[name, default: []].append((time, level))
            if demand[name]!.count >= 2 * Timeline.eventsPerName {
                demand[name]!.removeFirst(Timeline.eventsPerName)
            }
        }
    }

    /// A sink's demand over time, as recorded.
    func demandLevels(of name: String) -> [(time: Int, level: DemandLevel)] {
        lock.withLock { demand[name] ?? [] }
    }

    /// The names recorded that start with `prefix` (the inner lanes `out:1`, `out:2` of a sink
    /// `out`), in the order of their first event, the latest `limit` of them.
    func names(startingWith prefix: String, limit: Int) -> [String] {
        let snapshot = lock.withLock { events }
        let names = snapshot.keys.filter { $0.hasPrefix(prefix) }
            .sorted { (snapshot[$0]?.first?.time ?? 0, $0.count, $0) < (snapshot[$1]?.first?.time ?? 0, $1.count, $1) }
        return Array(names.suffix(limit))
    }

    /// The lanes of `names`, as recorded.
    func lanes(of names: [String]) -> [MarbleLane] {
        let snapshot = lock.withLock { events }
        return names.map { name in
            MarbleLane(name: name, events: (snapshot[name] ?? []).map { ($0.time, $0.event.marble) })
        }
    }

    /// Draws one row per name, one column per `frame` ns from `from` ns until `now`: lanes aligned
    /// whatever groups they hold, every symbol meaning one value (see `MarbleSymbols`), cut into
    /// blocks that fit `width` columns.
    func diagram(
        of names: [String], until now: Int, frame: Int = 100_000_000, from: Int = 0, width: Int = 80
    ) -> String {
        let diagram = MarbleDiagram(lanes: lanes(of: names), frame: frame, from: from, until: now)
        return MarbleTextRenderer(diagram, width: width).lines().joined(separator: "\n")
    }
}

extension Timeline.Event {
    /// The event as the marble renderers draw it.
    var marble: MarbleEvent {
        switch self {
        case .value(let value): return .value(value)
        case .finished: return .finished
        case .failed: return .failed("failure")
        case .subscribed: return .subscribed
        case .cancelled: return .cancelled
        }
    }
}

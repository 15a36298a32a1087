/// What `marbles` draws, as a view of the recorder's events: each subject, sink and lane's
/// subscription, values and ending with their times, and each sink's demand over time. It keeps
/// nothing of its own; `EventRecorder.timeline` makes one from the events since the clock last
/// started again.
struct Timeline {
    /// The session's events, oldest first. Only the interpreter's are drawn: a traced link's
    /// engine events are what `trace` prints.
    let events: [SessionEvent]

    /// Each view walks the events once, looking at the lanes asked for only: the live page asks
    /// up to ten times a second.
    init(events: [SessionEvent]) {
        self.events = events
    }

    /// The marble each event of the lanes `wanted` accepts draws, by lane, in order.
    private func marbles(of wanted: (String) -> Bool) -> [String: [(time: Int, event: MarbleEvent)]] {
        var lanes: [String: [(time: Int, event: MarbleEvent)]] = [:]
        for event in events where event.origin == .session {
            guard let (lane, marble) = event.kind.marble, wanted(lane) else { continue }
            lanes[lane, default: []].append((event.time, marble))
        }
        return lanes
    }

    /// A sink's demand over time: after each request (a credit) and each delivery (a debit).
    func demandLevels(of name: String) -> [(time: Int, level: DemandLevel)] {
        events.compactMap { event in
            guard event.origin == .session else { return nil }
            switch event.kind {
            case .requested(name, _, let level): return (event.time, level)
            case .received(name, _, let level?): return (event.time, level)
            default: return nil
            }
        }
    }

    /// The lanes whose names start with `prefix` (the inner lanes `out:1`, `out:2` of a sink
    /// `out`), in the order of their first event, the latest `limit` of them.
    func names(startingWith prefix: String, limit: Int) -> [String] {
        var firstTimes: [String: Int] = [:]
        for event in events where event.origin == .session {
            guard let (lane, _) = event.kind.marble, lane.hasPrefix(prefix), firstTimes[lane] == nil else { continue }
            firstTimes[lane] = event.time
        }
        let names = firstTimes.keys
            .sorted { (firstTimes[$0] ?? 0, $0.count, $0) < (firstTimes[$1] ?? 0, $1.count, $1) }
        return Array(names.suffix(limit))
    }

    /// The lanes of `names`, as recorded.
    func lanes(of names: [String]) -> [MarbleLane] {
        let wanted = Set(names)
        let lanes = marbles { wanted.contains($0) }
        return names.map { MarbleLane(name: $0, events: lanes[$0] ?? []) }
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

extension SessionEvent.Kind {
    /// The lane and the marble it draws there, for the events `marbles` shows.
    var marble: (lane: String, marble: MarbleEvent)? {
        switch self {
        case .subscribed(let lane), .innerSubscribed(let lane, _, _): return (lane, .subscribed)
        case .received(let lane, let value, _), .sent(let lane, let value): return (lane, .value(value))
        case .completed(let lane, .finished): return (lane, .finished)
        // The diagram draws every failure as `#`, whatever its message.
        case .completed(let lane, .failed): return (lane, .failed("failure"))
        case .cancelled(let lane): return (lane, .cancelled)
        default: return nil
        }
    }
}

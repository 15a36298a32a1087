import Foundation

/// What happened to each subject and sink, and when: the material of `marbles`.
final class Timeline: @unchecked Sendable {
    enum Event: Equatable {
        case value(Value)
        case finished
        case failed
    }

    private let lock = NSLock()
    private var events: [String: [(time: Int, event: Event)]] = [:]

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
        lock.withLock { events = [:] }
    }

    /// Draws one row per name, one column per frame of 100ms (or per step when time has not moved):
    /// a value is its own character if it has one, else a letter explained below; `|` finished,
    /// `#` failed, `(ab)` several in one frame.
    func diagram(of names: [String], until now: Int) -> String {
        let snapshot = lock.withLock { events }
        let frame = 100_000_000
        let lastFrame = max(now / frame, snapshot.values.flatMap { $0.map { $0.time / frame } }.max() ?? 0)
        var legend: [(String, Value)] = []
        var letters: [Value: String] = [:]
        func symbol(_ event: Event) -> String {
            switch event {
            case .finished: return "|"
            case .failed: return "#"
            case .value(let value):
                var text = value.description
                if case .string(let string) = value { text = string }
                if text.count == 1, !"-|#()".contains(text) { return text }
                if let letter = letters[value] { return letter }
                let letter = String(UnicodeScalar(UInt8(97 + letters.count % 26)))
                letters[value] = letter
                legend.append((letter, value))
                return letter
            }
        }
        let width = (names.map(\.count).max() ?? 0) + 2
        var rows: [String] = []
        for name in names {
            var byFrame: [Int: String] = [:]
            for (time, event) in snapshot[name] ?? [] {
                byFrame[time / frame, default: ""] += symbol(event)
            }
            var row = ""
            for index in 0...lastFrame {
                if let cell = byFrame[index] {
                    row += cell.count > 1 ? "(\(cell))" : cell
                } else {
                    row += "-"
                }
            }
            rows.append(name.padding(toLength: width, withPad: " ", startingAt: 0) + row)
        }
        if !legend.isEmpty {
            rows.append("where " + legend.map { "\($0.0) = \($0.1)" }.joined(separator: ", "))
        }
        rows.append("(one column per 100ms)")
        return rows.joined(separator: "\n")
    }
}

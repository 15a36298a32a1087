import Foundation

/// Predict, then reveal: the sinks whose output is hidden (from when, so the reveal draws from
/// there) and the timelines the room predicted for each, by whom. Read from any thread (a hidden
/// sink's values may arrive on the real-time clock), so it is guarded by a lock.
final class PredictionBoard: @unchecked Sendable {
    /// One prediction: who made it (or its number) and the timeline, as written and as read.
    struct Prediction {
        let author: String
        let text: String
        let events: [(frame: Int, event: MarbleEvent)]
    }

    /// A hidden sink: when it was hidden, the frame length, and the predictions so far.
    struct Hidden {
        let since: Int
        var predictions: [Prediction] = []
    }

    /// How many predictions one hidden sink keeps at most: a room, not a flood.
    static let capacity = 500

    private let lock = NSLock()
    private var hidden: [String: Hidden] = [:]
    private var tallies: [PredictionTally] = []

    /// The names of the hidden sinks, sorted.
    var hiddenNames: [String] {
        lock.withLock { hidden.keys.sorted() }
    }

    /// How many predictions each hidden sink has.
    var counts: [String: Int] {
        lock.withLock { hidden.mapValues(\.predictions.count) }
    }

    /// The tallies of the latest reveals (at most ten), oldest first.
    var latestTallies: [PredictionTally] {
        lock.withLock { tallies }
    }

    func record(_ tally: PredictionTally) {
        lock.withLock {
            tallies.append(tally)
            if tallies.count > 10 { tallies.removeFirst(tallies.count - 10) }
        }
    }

    func hide(_ name: String, since: Int) {
        lock.withLock { hidden[name] = Hidden(since: since) }
    }

    func isHidden(_ name: String) -> Bool {
        lock.withLock { hidden[name] != nil }
    }

    /// Adds a prediction; returns its number, or nil when the sink has `capacity` already. An author
    /// predicting again replaces their prediction.
    func predict(_ name: String, author: String?, text: String, events: [(frame: Int, event: MarbleEvent)]) -> Int? {
        lock.withLock {
            let number = (hidden[name]?.predictions.count ?? 0) + 1
            let prediction = Prediction(author: author ?? "prediction \(number)", text: text, events: events)
            if let author, let index = hidden[name]?.predictions.firstIndex(where: { $0.author == author }) {
                hidden[name]?.predictions[index] = prediction
                return index + 1
            }
            guard number <= PredictionBoard.capacity else { return nil }
            hidden[name]?.predictions.append(prediction)
            return number
        }
    }

    /// Ends the hiding of `name` and returns what was predicted, or nil if it was not hidden.
    func reveal(_ name: String) -> Hidden? {
        lock.withLock { hidden.removeValue(forKey: name) }
    }

    func clear() {
        lock.withLock {
            hidden = [:]
            tallies = []
        }
    }
}

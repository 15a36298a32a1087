import Foundation

/// The room's side of predict-then-reveal, for the live page: which sinks are hidden, how many
/// predictions each has, the latest reveals' tallies, and a learner's prediction, taken from any
/// thread. A prediction from the room is data only: a marble string read by `MarbleNotation` and a
/// name, checked here; nothing of it is evaluated.
extension PredictionBoard {
    /// Records a learner's prediction of hidden `sink`: the prediction's number, or why it was refused
    /// (what was wrong and what would be right). The same name predicting again replaces its prediction.
    func roomPrediction(sink: String, timeline: String, author: String) -> Result<Int, RoomRefusal> {
        let name = author.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= Session.roomNameLimit,
              name.allSatisfy({ $0.isLetter || $0.isNumber || " .-_'".contains($0) }) else {
            return .failure(RoomRefusal("a name is 1 to \(Session.roomNameLimit) letters, digits, spaces or `.-_'`"))
        }
        guard isHidden(sink) else {
            let hidden = hiddenNames
            return .failure(RoomRefusal("`\(sink.prefix(Session.roomNameLimit))` is not hidden; "
                + (hidden.isEmpty ? "no sink is hidden now" : "hidden now: " + hidden.joined(separator: ", "))))
        }
        guard !timeline.isEmpty, timeline.count <= Session.roomTimelineLimit else {
            return .failure(RoomRefusal("a prediction is a marble string of 1 to \(Session.roomTimelineLimit) "
                + "characters, for example `-1--2-|`"))
        }
        let events: [(frame: Int, event: MarbleEvent)]
        do {
            events = try MarbleNotation.parse(timeline)
        } catch let problem as MarbleNotation.Problem {
            return .failure(RoomRefusal("\(problem.message) (at character \(problem.offset + 1) of `\(timeline)`)"))
        } catch {
            return .failure(RoomRefusal("`\(timeline)` is not a marble string, such as `-1--2-|`"))
        }
        guard let number = predict(sink, author: name, text: timeline, events: events) else {
            return .failure(RoomRefusal("\(sink) has \(PredictionBoard.capacity) predictions, as many as it keeps"))
        }
        return .success(number)
    }
}

/// Why the room's prediction was not taken, in a sentence the learner reads on the page.
public struct RoomRefusal: Error, Sendable, Equatable {
    /// The sentence shown to the learner.
    public let message: String

    /// A refusal saying `message`.
    /// - Parameter message: Why the prediction was not taken, in a sentence.
    public init(_ message: String) {
        self.message = message
    }
}

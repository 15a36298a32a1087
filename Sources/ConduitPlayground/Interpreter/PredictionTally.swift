/// What `reveal` tells the room about its predictions at once: how many were right, and the most
/// common mistake in words (`the first value one frame early`), so a teacher with thirty
/// predictions sees the misconception rather than thirty diagrams.
public struct PredictionTally: Sendable, Equatable {
    /// The sink the predictions were for.
    public let sink: String
    /// How many predictions matched what the sink received.
    public let right: Int
    /// How many predictions were made.
    public let total: Int
    /// The mistake most wrong predictions share, and how many share it; nil when none was wrong.
    public let commonMistake: (text: String, count: Int)?
    /// Each prediction's author and whether it was right, in the order they were made.
    public let authors: [(name: String, right: Bool)]

    /// `14 of 22 right; most common mistake: the first value one frame early (5)`.
    public var summary: String {
        var text = "\(right) of \(total) right"
        if let commonMistake {
            text += "; most common mistake: \(commonMistake.text)"
                + (commonMistake.count > 1 ? " (\(commonMistake.count))" : "")
        }
        return text
    }

    public static func == (lhs: PredictionTally, rhs: PredictionTally) -> Bool {
        lhs.sink == rhs.sink && lhs.right == rhs.right && lhs.total == rhs.total
            && lhs.commonMistake?.text == rhs.commonMistake?.text
            && lhs.commonMistake?.count == rhs.commonMistake?.count
            && lhs.authors.map(\.name) == rhs.authors.map(\.name)
            && lhs.authors.map(\.right) == rhs.authors.map(\.right)
    }

    /// The tally of `predictions` (each an author and its events, frame by frame) against `actual`.
    init(sink: String, predictions: [(author: String, events: [(frame: Int, event: MarbleEvent)])],
         actual: [(frame: Int, event: MarbleEvent)]) {
        var mistakes: [String: (count: Int, first: Int)] = [:]
        var authors: [(name: String, right: Bool)] = []
        for (index, prediction) in predictions.enumerated() {
            let mistake = PredictionTally.mistake(predicted: prediction.events, actual: actual)
            authors.append((prediction.author, mistake == nil))
            if let mistake {
                let known = mistakes[mistake]
                mistakes[mistake] = ((known?.count ?? 0) + 1, known?.first ?? index)
            }
        }
        self.sink = sink
        self.authors = authors
        total = predictions.count
        right = authors.filter(\.right).count
        // The most shared; between equals, the one made first.
        commonMistake = mistakes.min { ($1.value.count, $0.value.first) < ($0.value.count, $1.value.first) }
            .map { ($0.key, $0.value.count) }
    }

    /// The first way `predicted` differs from `actual`, in words; nil when they match. Only values
    /// and endings count (a subscription or cancel glyph in a prediction is ignored, as `reveal` does).
    static func mistake(predicted: [(frame: Int, event: MarbleEvent)], actual: [(frame: Int, event: MarbleEvent)])
        -> String? {
        func shown(_ events: [(frame: Int, event: MarbleEvent)]) -> [(frame: Int, event: MarbleEvent)] {
            events.filter { $0.event != .subscribed && $0.event != .cancelled }
        }
        let predicted = shown(predicted)
        let actual = shown(actual)
        var valueIndex = 0
        for (guess, truth) in zip(predicted, actual) {
            if case .value = truth.event { valueIndex += 1 }
            let what = describe(truth.event, ordinal: valueIndex)
            if !guess.event.sameMarble(as: truth.event) {
                return "\(describe(guess.event, ordinal: valueIndex, article: "a")) where \(what) was"
            }
            if guess.frame != truth.frame {
                let distance = abs(guess.frame - truth.frame)
                let direction = guess.frame < truth.frame ? "early" : "late"
                return "\(what) \(distance) frame\(distance == 1 ? "" : "s") \(direction)"
            }
        }
        if predicted.count < actual.count {
            let missing = actual[predicted.count].event
            if case .value = missing {
                return "the \(ordinalWord(valueIndex + 1)) value (\(valueText(missing))) missed"
            }
            return "\(describe(missing, ordinal: valueIndex)) missed"
        }
        if predicted.count > actual.count {
            return "\(describe(predicted[actual.count].event, ordinal: valueIndex + 1, article: "an extra")) predicted"
        }
        return nil
    }

    private static func describe(_ event: MarbleEvent, ordinal: Int, article: String = "the") -> String {
        switch event {
        case .value(let value):
            return article == "the" ? "the \(ordinalWord(ordinal)) value (\(value))" : "\(article) value \(value)"
        case .finished: return article == "the" ? "the completion" : "\(article) completion"
        case .failed: return article == "the" ? "the failure" : "\(article) failure"
        case .subscribed, .cancelled: return "\(article) \(event.glyph.map(String.init) ?? "")"
        }
    }

    private static func valueText(_ event: MarbleEvent) -> String {
        if case .value(let value) = event { return "\(value)" }
        return ""
    }

    private static func ordinalWord(_ number: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        return number >= 1 && number <= words.count ? words[number - 1] : "\(number)th"
    }
}

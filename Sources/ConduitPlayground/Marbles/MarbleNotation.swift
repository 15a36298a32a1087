/// Marble notation read back into events: `-` an empty frame, a symbol a value, `(ab)` several
/// values in one frame, `'ace'` a value written inline, `^` `|` `#` `!` the lifecycle glyphs.
/// Spaces only align lanes and are skipped. What each symbol stands for comes from `values`; a
/// symbol without an entry stands for itself (a digit is a number, anything else a string).
public struct MarbleNotation {
    /// Why a marble string could not be read, and at which character.
    public struct Problem: Error, Equatable {
        /// What is wrong, in a phrase.
        public let message: String
        /// The character it is at, from 0.
        public let offset: Int
    }

    /// The events of `text`, each with its frame index (0-based).
    ///
    /// - Parameters:
    ///   - text: The marble string.
    ///   - values: What each symbol stands for.
    ///   - failure: The message of a `#`.
    /// - Returns: The events in order, each with its frame index.
    /// - Throws: A `Problem` saying what is wrong and at which character.
    public static func parse(
        _ text: String, values: [Character: Value] = [:], failure: String = "failure"
    ) throws -> [(frame: Int, event: MarbleEvent)] {
        var events: [(frame: Int, event: MarbleEvent)] = []
        var frame = 0
        var group: [MarbleEvent]?
        var ended = false
        let characters = Array(text)
        var index = 0
        func add(_ event: MarbleEvent) throws {
            if ended {
                throw Problem(message: "nothing can follow the end (`|` or `#`) of a timeline", offset: index)
            }
            if event == .finished { ended = true }
            if case .failed = event { ended = true }
            if group != nil { group!.append(event) } else { events.append((frame, event)); frame += 1 }
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ", "\t":
                break
            case "-":
                guard group == nil else { throw Problem(message: "`-` cannot stand inside a group `( )`",
                    offset: index) }
                frame += 1
            case "(":
                guard group == nil else { throw Problem(message: "groups cannot nest", offset: index) }
                group = []
            case ")":
                guard let members = group else { throw Problem(message: "`)` closes no group", offset: index) }
                guard !members.isEmpty else { throw Problem(message: "an empty group `()`", offset: index) }
                events.append(contentsOf: members.map { (frame, $0) })
                group = nil
                frame += 1
            case "^": try add(.subscribed)
            case "|": try add(.finished)
            case "#": try add(.failed(failure))
            case "!": try add(.cancelled)
            case "'":
                guard let close = characters[(index + 1)...].firstIndex(of: "'") else {
                    throw Problem(message: "an inline value `'...` is not closed with `'`", offset: index)
                }
                let inline = String(characters[(index + 1)..<close])
                try add(.value(Int(inline).map(Value.int) ?? .string(inline)))
                index = close
            default:
                if let value = values[character] {
                    try add(.value(value))
                } else if let digit = character.wholeNumberValue, character.isASCII {
                    try add(.value(.int(digit)))
                } else {
                    try add(.value(.string(String(character))))
                }
            }
            index += 1
        }
        if group != nil { throw Problem(message: "a group `(` is not closed with `)`", offset: characters.count) }
        return events
    }
}

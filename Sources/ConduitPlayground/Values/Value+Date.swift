import Foundation

/// Foundation's `Date` as a playground value: a struct's value of type `Date` holding its seconds
/// since 1970, which prints as Swift prints a `Date` (`2026-11-29 12:00:00 +0000`, UTC, whole seconds)
/// and has the members workshop code uses (`timeIntervalSince(_:)`, `addingTimeInterval(_:)`,
/// `timeIntervalSince1970`). Which moment `Date()` is belongs to the session's clock
/// (`Interpreter.currentDate`), not to this value.
extension Value {
    /// The type name a date's record carries.
    static let dateType = "Date"
    /// The one field of a date's record: its seconds since 1970.
    private static let dateSeconds = "timeIntervalSince1970"

    /// The date `seconds` after 1970-01-01 00:00:00 UTC.
    static func date(secondsSince1970 seconds: Double) -> Value {
        .record(RecordFields([Field(dateSeconds, .double(seconds))], kind: .instance(dateType)))
    }

    /// The seconds since 1970 of a date; nil for any other value.
    var dateSeconds: Double? {
        guard case .record(let fields) = self, fields.kind == .instance(Value.dateType), fields.count == 1,
            case .double(let seconds)? = fields[Value.dateSeconds]
        else { return nil }
        return seconds
    }

    /// A date as Swift's `description` of one: `2026-11-29 12:00:00 +0000`.
    var dateDescription: String? {
        guard let seconds = dateSeconds, seconds.isFinite, abs(seconds) < 1e14 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds.rounded(.down)))
        func two(_ number: Int?) -> String {
            let value = number ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let year = String(parts.year ?? 0)
        let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return "\(paddedYear)-\(two(parts.month))-\(two(parts.day)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }

    /// A date's property (`timeIntervalSince1970`, `description`); nil when this is no date or the
    /// name is a method's.
    func dateMember(_ name: String) -> Value? {
        guard let seconds = dateSeconds else { return nil }
        switch name {
        case "timeIntervalSince1970": return .double(seconds)
        case "timeIntervalSinceReferenceDate": return .double(seconds - Date.timeIntervalBetween1970AndReferenceDate)
        case "description": return dateDescription.map(Value.string)
        default: return nil
        }
    }

    /// A date's method, as Foundation's: `timeIntervalSince(other)` (seconds, a `Double`),
    /// `addingTimeInterval(seconds)` and `advanced(by:)` (a date), `distance(to:)`; nil when this
    /// is no date or the method is not one of those.
    func dateMethod(_ name: String, _ arguments: [Value]) throws -> Value? {
        guard let seconds = dateSeconds else { return nil }
        func argument() throws -> Value {
            guard arguments.count == 1 else {
                throw PlaygroundError("Date's `\(name)` takes one argument, not \(arguments.count)")
            }
            return arguments[0]
        }
        func otherDate() throws -> Double {
            let other = try argument()
            guard let otherSeconds = other.dateSeconds else {
                throw PlaygroundError("Date's `\(name)` takes another Date, not \(other.kindName) \(other)")
            }
            return otherSeconds
        }
        func interval() throws -> Double {
            let other = try argument()
            guard let interval = other.numeric else {
                throw PlaygroundError("Date's `\(name)` takes seconds (a TimeInterval), not \(other.kindName) \(other)")
            }
            return interval
        }
        switch name {
        case "timeIntervalSince": return .double(seconds - (try otherDate()))
        case "distance": return .double((try otherDate()) - seconds)
        case "addingTimeInterval", "advanced": return .date(secondsSince1970: seconds + (try interval()))
        default: return nil
        }
    }
}

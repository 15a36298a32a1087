import Foundation

/// A playground value carried as a notification's object (which must be a class instance).
final class NotificationObject: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// A notification's name from a value: a string.
    static func name(from value: Value) throws -> String {
        guard case .string(let name) = value else {
            throw PlaygroundError(
                "a notification's name is a string, such as \"cardTapped\", not \(value.kindName) \(value)")
        }
        return name
    }

    /// A notification as a playground value: its name, and its object and user info if it has them.
    static func value(of notification: Notification) -> Value {
        var fields = [Value.Field("name", .string(notification.name.rawValue))]
        if let box = notification.object as? NotificationObject { fields.append(Value.Field("object", box.value)) }
        if let info = notification.userInfo?["value"] as? NotificationObject {
            fields.append(Value.Field("userInfo", info.value))
        }
        return .record(RecordFields(fields))
    }
}

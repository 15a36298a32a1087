/// The constants of Swift's number types that lessons use (`Double.pi`, `Int.max`), by type and name.
enum SwiftConstants {
    private static let table: [String: [String: Value]] = [
        "Double": [
            "pi": .double(.pi), "infinity": .double(.infinity), "zero": .double(0),
            "greatestFiniteMagnitude": .double(.greatestFiniteMagnitude), "ulpOfOne": .double(.ulpOfOne),
            "leastNonzeroMagnitude": .double(.leastNonzeroMagnitude),
        ],
        "Int": ["max": .int(.max), "min": .int(.min), "zero": .int(0)],
    ]

    /// Whether `type` has constants here (`Double`, `Int`): only then is what follows it looked at.
    static func hasConstants(of type: String) -> Bool { table[type] != nil }

    /// The value of `type.name` (`Double.pi`), or nil if Swift's type has no such constant here.
    static func value(of type: String, _ name: String) -> Value? {
        table[type]?[name]
    }
}

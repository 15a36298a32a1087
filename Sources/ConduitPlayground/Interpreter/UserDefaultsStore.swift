import Foundation

/// The session's `UserDefaults.standard`, kept in memory: seed 000's `Defaults` class reads and
/// writes it (`UserDefaults.standard.string(forKey: "name")`, `set(newValue, forKey: "name")`), and a
/// workshop must not write the machine's real defaults. `reset` empties it.
final class UserDefaultsStore: @unchecked Sendable {
    private let values = LockedValue<[String: Value]>([:])

    /// The methods it answers, as Swift names them.
    static let methods: Set<String> = [
        "set", "string", "integer", "bool", "double", "object", "array", "removeObject",
    ]

    /// `UserDefaults.standard.METHOD(ARGUMENTS)`.
    func call(_ method: String, _ arguments: [Value]) throws -> Value {
        func key(_ index: Int) throws -> String {
            guard index < arguments.count, case .string(let key) = arguments[index] else {
                throw PlaygroundError("UserDefaults.standard.\(method) needs a key, a string: `forKey: \"name\"`")
            }
            return key
        }
        switch method {
        case "set":
            guard arguments.count == 2 else {
                throw PlaygroundError("write `UserDefaults.standard.set(VALUE, forKey: \"name\")`")
            }
            let name = try key(1)
            values.withLock { $0[name] = arguments[0] }
            return .void
        case "removeObject":
            let name = try key(0)
            values.withLock { $0[name] = nil }
            return .void
        default:
            let name = try key(0)
            let stored = values.withLock { $0[name] }
            switch (method, stored) {
            case ("string", .string?), ("object", _), ("array", .array?): return stored ?? .null
            case ("integer", .int?), ("double", .double?), ("bool", .bool?): return stored ?? .null
            case ("integer", _): return .int(0)
            case ("double", _): return .double(0)
            case ("bool", _): return .bool(false)
            default: return .null
            }
        }
    }

    func clear() {
        values.withLock { $0 = [:] }
    }
}

/// A type error found before a statement runs, in Swift's words (`cannot convert value of type
/// 'String' to expected argument type 'Int'`), with the text it is about so the caret can point at
/// it. Only what is surely wrong is reported: a type the checker cannot know lets everything pass.
struct TypeMismatch: Error {
    let message: String
    /// The written text the error is about (`.uppercased`, `+`), looked for in the statement.
    let near: String?
    /// Where the error is, when the expression knows it (an assignment's `=`): the caret goes there.
    var token: Token?

    init(message: String, near: String?) {
        self.message = message
        self.near = near
    }

    /// Swift's message for a value of `actual` type where `expected` is needed, or nil when the
    /// value fits or either type is not known well enough to say.
    static func conversion(from actual: ValueType, to expected: ValueType, as role: String) -> String? {
        guard !fits(actual, expected) else { return nil }
        return "cannot convert value of type '\(actual.swiftName)' to \(role) '\(expected.swiftName)'"
    }

    /// Swift's message for a condition of type `type`, which is not a `Bool`.
    static func notABoolean(_ type: ValueType) -> String {
        switch type {
        case .int, .double: return "type '\(type.swiftName)' cannot be used as a boolean; test for '!= 0' instead"
        case .optional:
            return "optional type '\(type.swiftName)' cannot be used as a boolean; test for '!= nil' instead"
        default: return "cannot convert value of type '\(type.swiftName)' to expected condition type 'Bool'"
        }
    }

    /// Whether a value of type `actual` may stand where `expected` is needed, as far as the
    /// checker can tell (unknown types fit anything; an integer fits a `Double`, as a literal does).
    static func fits(_ actual: ValueType, _ expected: ValueType) -> Bool {
        switch (actual, expected) {
        case (.value, _), (_, .value): return true
        case (.int, .double): return true
        case (.optional(.value), .optional): return true
        case (.optional(let a), .optional(let e)): return fits(a, e)
        case (let a, .optional(let e)): return fits(a, e)
        case (.array(let a), .array(let e)), (.set(let a), .set(let e)): return fits(a, e)
        // An array literal is a set where one is declared (`var seen: Set<Int> = []`).
        case (.array(let a), .set(let e)): return fits(a, e)
        case (.range(let a, let closed), .range(let e, let expected)): return closed == expected && fits(a, e)
        case (.dictionary(let ak, let av), .dictionary(let ek, let ev)): return fits(ak, ek) && fits(av, ev)
        case (.tuple(let a, _), .tuple(let e, _)):
            return a.count == e.count && zip(a, e).allSatisfy { fits($0, $1) }
        default:
            guard actual.isKnownPlainType, expected.isKnownPlainType else { return true }
            return actual == expected
        }
    }
}

extension ValueType {
    /// The type as Swift writes it in its diagnostics (`Int`, `[String]`, `(Int, String)`).
    var swiftName: String {
        switch self {
        case .value: return "Any"
        default: return description
        }
    }

    /// Whether this is a type whose every value the checker knows the kind of: the numbers,
    /// strings, booleans, and collections and optionals of them.
    var isKnownPlainType: Bool {
        switch self {
        case .int, .double, .string, .bool, .void: return true
        case .optional(let wrapped), .array(let wrapped), .range(let wrapped, _), .set(let wrapped):
            return wrapped.isKnownPlainType
        case .dictionary(let key, let value): return key.isKnownPlainType && value.isKnownPlainType
        case .tuple(let items, _): return items.allSatisfy(\.isKnownPlainType)
        default: return false
        }
    }

    /// Whether the type is a number (`Int`, `Double`).
    var isNumber: Bool { self == .int || self == .double }
}

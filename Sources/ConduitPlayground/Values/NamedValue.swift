/// A plain value named at the top level, as Swift's `let x = 5` or `var names = ["a", "b"]`
/// names one: closures read it when they run, `send` and `print` take it, and a `var` may be
/// assigned and mutated (`count += 1`, `names.append("c")`, `daily.title = "x"`).
///
/// The value is a playground `Value`, itself a value type: `var a = b` copies, and changing `a`
/// leaves `b` as it was, as Swift's arrays, strings and structs do (an object stays a reference).
final class NamedValue {
    /// What the name holds now. Read from closures while values flow (on a timer's thread in real
    /// time); written between lines.
    var value: Value { storage.withLock { $0 } }
    private let storage: LockedValue<Value>
    /// Whether it was made with `let`, which refuses every change.
    let isConstant: Bool
    /// The type it was declared with or inferred to have (`var xs = [Int]()` is an `[Int]`), which
    /// every later change must keep, as Swift's; nil when only its value can tell.
    let type: ValueType?

    init(_ value: Value, isConstant: Bool, type: ValueType? = nil) {
        storage = LockedValue(value)
        self.isConstant = isConstant
        self.type = type
    }

    /// Replaces the value, as its declared type takes it (`var xs: [Double]` given `[1]` holds
    /// `[1.0]`); the caller has checked that the name is a `var`.
    func set(_ newValue: Value) {
        let newValue = type.map { $0.holdsDouble ? newValue.converted(to: $0) : newValue } ?? newValue
        storage.withLock { $0 = newValue }
    }

    /// A value given to a mutating method of the variable (`xs.append(3)`, labelled `label`) as its
    /// declared element type takes it (3.0 for a `[Double]`); an index (`at:`) or anything else is as it is.
    func element(_ given: Value, label: String?) -> Value {
        guard case .array(let element)? = type, element.holdsDouble else { return given }
        switch label {
        case nil: return given.converted(to: element)
        case "contentsOf": return given.converted(to: .array(element))
        default: return given
        }
    }

    /// Changes the value in place while holding the lock, so that an array or string only this name
    /// holds is not copied (Swift's copy on write). `body` runs none of the person's closures, which
    /// could read this name again.
    func mutate<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock { try body(&$0) }
    }

    /// How `subs` and `inspect` describe it: `let x = 5`, `var names = ["a", "b"]`.
    func summary(named name: String) -> String {
        "\(isConstant ? "let" : "var") \(name) = \(value)"
    }
}

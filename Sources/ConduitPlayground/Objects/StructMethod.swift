/// A method of a struct as a call runs it (`stack.push(3)`, `point.describe()`): its body, names
/// resolved, runs with the struct's value as `self` and the arguments after it. A `mutating`
/// method's `self` is a variable of its own (`LocalVariable`), whose value when the method is done
/// is the caller's variable's new value.
struct StructMethod: Sendable {
    let name: String
    let parameterCount: Int
    let isMutating: Bool
    let body: BoundExpression
    /// What the parameters a call leaves out take.
    var defaults = DefaultArguments.none

    /// Runs the method on `value`: what it gives, and `self` when it is done.
    func run(on value: Value, _ given: [Value]) throws -> (result: Value, changed: Value) {
        let arguments = defaults.completing(given, count: parameterCount)
        guard arguments.count == parameterCount else {
            throw PlaygroundError("`\(name)` takes \(parameterCount) argument\(parameterCount == 1 ? "" : "s"), "
                + "not \(arguments.count)")
        }
        guard isMutating else { return (try body.run([value] + arguments), value) }
        let place = LocalVariable.make(value)
        let result = try body.run([place] + arguments)
        return (result, try LocalVariable.read(place))
    }
}

/// The methods of the session's structs (and those extensions add to Swift's types), by type and
/// name: a call of a method on a value finds here, when it runs, the method of the value's type.
/// Shared with the closures that call them, which may run on other threads.
final class StructMethodTable: Sendable {
    private let methods = LockedValue<[String: [String: StructMethod]]>([:])
    private let names = LockedValue<Set<String>>([])
    /// The session's classes that conform to `CustomStringConvertible` (or inherit it), whose instances
    /// print as their `description` gives them.
    private let describedClasses = LockedValue<Set<String>>([])

    /// Makes `declared` method names known, before their bodies are resolved.
    func declare(_ declared: [String]) {
        names.withLock { $0.formUnion(declared) }
    }

    /// Whether any struct declares methods.
    var hasAny: Bool { names.withLock { !$0.isEmpty } }

    /// Whether some struct has (or is declaring) a method `name`.
    func isDeclared(_ name: String) -> Bool {
        names.withLock { $0.contains(name) }
    }

    /// Records whether the class `type` conforms to `CustomStringConvertible`, its own or its superclass's
    /// conformance (a class declared again replaces what it was).
    func setDescribed(_ type: String, _ conforms: Bool) {
        describedClasses.withLock { if conforms { $0.insert(type) } else { $0.remove(type) } }
    }

    /// Forgets which classes conform to `CustomStringConvertible`, for a session that lets go of its classes.
    func forgetDescribedClasses() {
        describedClasses.withLock { $0.removeAll() }
    }

    /// Whether the class `type` conforms to `CustomStringConvertible`.
    func isDescribed(_ type: String) -> Bool {
        describedClasses.withLock { $0.contains(type) }
    }

    /// Whether any type may print by its `description`: a struct or enum declares one, or a class conforms to
    /// `CustomStringConvertible`; where none does, a value's own text serves and nothing is asked.
    var describesAny: Bool {
        isDeclared("description") || describedClasses.withLock { !$0.isEmpty }
    }

    /// The struct `type`'s methods, replacing those it had.
    func register(_ typeMethods: [StructMethod], for type: String) {
        methods.withLock { $0[type] = Dictionary(typeMethods.map { ($0.name, $0) }, uniquingKeysWith: { $1 }) }
    }

    /// The method `name` of the struct `value` is an instance of (or of the Swift type, such as
    /// `String`, that an extension added it to), if it has one.
    func method(_ name: String, for value: Value) -> StructMethod? {
        let type: String
        if case .record(let fields) = value, case .instance(let instanceType) = fields.kind {
            type = instanceType
        } else if let swiftType = SwiftTypeExtensions.typeName(of: value) {
            type = swiftType
        } else {
            return nil
        }
        return methods.withLock { $0[type]?[name] }
    }
}

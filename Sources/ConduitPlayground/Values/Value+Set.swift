/// Swift's `Set` as a playground value: a record of kind `.set` whose fields are its elements, each
/// named by its literal text (so an element is found, and kept once, in constant time).
///
/// Swift leaves a set's order unspecified (it changes from run to run); the playground keeps the
/// order elements were first inserted in, and prints a set in that order as Swift prints one
/// (`["a", "b"]`), so a script's output is the same every run.
extension Value {
    /// A set of `elements`, each kept once, in the order first given.
    static func set(_ elements: [Value]) -> Value {
        .record(RecordFields(elements.map { Field(setKey(of: $0), $0) }, kind: .set))
    }

    /// The name an element has in a set's record: its literal text, which tells any two values apart.
    static func setKey(of element: Value) -> String { element.description }

    /// A set's elements, in the order they were inserted; nil for any other value.
    var setElements: [Value]? {
        guard case .record(let fields) = self, fields.kind == .set else { return nil }
        return fields.map(\.value)
    }

    /// The elements of a sequence given to a set's method (`union([1, 2])`, `isSubset(of: other)`).
    private static func sequenceForSet(_ value: Value, of method: String) throws -> [Value] {
        if let elements = value.setElements { return elements }
        if case .array(let items) = value { return items }
        if let numbers = try value.rangeElements() { return numbers }
        throw PlaygroundError("Set's `\(method)` takes a set or an array, not \(value.kindName) \(value)")
    }

    /// A set's property (`count`, `isEmpty`, `first`); nil when this is no set or the name is another.
    func setMember(_ name: String) -> Value? {
        guard let elements = setElements else { return nil }
        switch name {
        case "count": return .int(elements.count)
        case "isEmpty": return .bool(elements.isEmpty)
        case "first": return elements.first ?? .null
        default: return nil
        }
    }

    /// A set's own method, as Swift's `Set` has it: `contains`, `union`, `intersection`, `subtracting`,
    /// `symmetricDifference`, `isSubset(of:)`, `isSuperset(of:)`, `isDisjoint(with:)`; nil when this
    /// is no set or the method is another (`sorted`, `map` and `filter` are a collection's).
    func setMethod(_ name: String, _ arguments: [Value]) throws -> Value? {
        guard case .record(let fields) = self, fields.kind == .set else { return nil }
        let names: Set<String> = [
            "contains", "union", "intersection", "subtracting", "symmetricDifference", "isSubset", "isSuperset",
            "isDisjoint", "isStrictSubset", "isStrictSuperset",
        ]
        guard names.contains(name) else { return nil }
        guard arguments.count == 1 else {
            throw PlaygroundError("Set's `\(name)` takes one argument, not \(arguments.count)")
        }
        if name == "contains" { return .bool(fields[Value.setKey(of: arguments[0])] != nil) }
        let other = try Value.sequenceForSet(arguments[0], of: name)
        let otherKeys = Set(other.map(Value.setKey(of:)))
        let own = fields.map(\.value)
        let ownKeys = Set(fields.names)
        switch name {
        case "union": return .set(own + other)
        case "intersection": return .set(own.filter { otherKeys.contains(Value.setKey(of: $0)) })
        case "subtracting": return .set(own.filter { !otherKeys.contains(Value.setKey(of: $0)) })
        case "symmetricDifference":
            return .set(own.filter { !otherKeys.contains(Value.setKey(of: $0)) }
                + other.filter { !ownKeys.contains(Value.setKey(of: $0)) })
        case "isSubset": return .bool(ownKeys.isSubset(of: otherKeys))
        case "isStrictSubset": return .bool(ownKeys.isStrictSubset(of: otherKeys))
        case "isSuperset": return .bool(ownKeys.isSuperset(of: otherKeys))
        case "isStrictSuperset": return .bool(ownKeys.isStrictSuperset(of: otherKeys))
        default: return .bool(ownKeys.isDisjoint(with: otherKeys))
        }
    }

    /// Changes a set in place as Swift's mutating methods do: `insert`, `remove`, `removeAll`,
    /// `formUnion`, `formIntersection`, `subtract`, `formSymmetricDifference`. False, changing
    /// nothing, when this is no set; a method a set lacks is refused.
    mutating func changeSet(_ name: String, _ arguments: [Value]) throws -> Bool {
        guard case .record(var fields) = self, fields.kind == .set else { return false }
        func one() throws -> Value {
            guard arguments.count == 1 else {
                throw PlaygroundError("Set's `\(name)` takes one element, not \(arguments.count) arguments")
            }
            return arguments[0]
        }
        switch name {
        case "insert", "update":
            let element = try one()
            fields[Value.setKey(of: element)] = element
        case "remove": fields.remove(Value.setKey(of: try one()))
        case "removeAll" where arguments.isEmpty: fields = RecordFields([], kind: .set)
        case "formUnion", "formIntersection", "subtract", "formSymmetricDifference":
            let method = ["formUnion": "union", "formIntersection": "intersection", "subtract": "subtracting",
                "formSymmetricDifference": "symmetricDifference"][name] ?? name
            guard let changed = try setMethod(method, [try one()]) else { return false }
            self = changed
            return true
        default:
            throw PlaygroundError("a Set changes by `insert`, `remove`, `removeAll()`, `formUnion`, "
                + "`formIntersection` or `subtract`, not `\(name)`")
        }
        self = .record(fields)
        return true
    }
}

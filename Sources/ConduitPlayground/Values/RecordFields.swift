/// The named fields of a record, a dictionary or a struct's value, in the order they were written.
///
/// A field is found by name in constant time once a record has more than a few fields (a dictionary
/// filled in a loop), and a copy shares its storage until one of them changes, as Swift's
/// collections do: so `d[key] = v` in a loop of a million keys is linear, not quadratic.
public struct RecordFields: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// What the fields are, which decides how they print.
    public enum Kind: Hashable, Sendable {
        /// The playground's own record literal, `{name: "ace", rank: 1}`.
        case literal
        /// A Swift dictionary with string keys, `["ana": 1]`.
        case dictionary
        /// A value of a struct the session declared, `Song(title: "x")`.
        case instance(String)
        /// A tuple, `(1, "x")` or `(offset: 0, element: "a")`.
        case tuple
        /// A range, `1...3` (`closed`) or `0..<3`: its `lowerBound` and `upperBound`.
        case range(closed: Bool)
        /// A Swift `Set`, `Set([1, 2])`: each field an element, named by its literal text (Value+Set.swift).
        case set
    }

    /// The fields in the order they were written.
    public private(set) var fields: [Value.Field]
    /// What the fields are (a record, a dictionary, a struct's value, a tuple), which decides how
    /// they print.
    public var kind: Kind
    /// Each field's position by name, kept once the record is larger than a linear search is fast.
    private var positions: [String: Int]?

    /// The size from which a name is found through `positions` rather than by a linear search.
    private static let indexedFrom = 12

    /// A record of these fields; a name written twice keeps its first position and its last value.
    public init(_ fields: [Value.Field], kind: Kind = .literal) {
        self.kind = kind
        self.fields = []
        self.fields.reserveCapacity(fields.count)
        for field in fields { store(field) }
    }

    /// A literal record of these fields, `[Value.Field("name", .string("ace"))]`.
    public init(arrayLiteral elements: Value.Field...) {
        self.init(elements)
    }

    /// The position of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`, in the order the fields were written.
    public subscript(position: Int) -> Value.Field { fields[position] }

    /// The names of the fields, in order.
    public var names: [String] { fields.map(\.name) }

    /// The value of the field with this name; setting `nil` removes the field.
    public subscript(name: String) -> Value? {
        get { position(of: name).map { fields[$0].value } }
        set {
            guard let value = newValue else {
                remove(name)
                return
            }
            store(Value.Field(name, value, key: position(of: name).flatMap { fields[$0].key }))
        }
    }

    /// A dictionary's value for `key`, whatever the key is (a string, an Int, a Bool, an enumeration's
    /// case); setting `nil` removes it.
    subscript(key key: Value) -> Value? {
        get { self[Value.dictionaryName(of: key)] }
        set {
            guard let value = newValue else {
                remove(Value.dictionaryName(of: key))
                return
            }
            store(Value.dictionaryField(key: key, value: value))
        }
    }

    /// Puts `field` in the place of the field of its name, or after the last one.
    private mutating func store(_ field: Value.Field) {
        if let position = position(of: field.name) {
            fields[position] = field
            return
        }
        fields.append(field)
        if positions != nil {
            positions?[field.name] = fields.count - 1
        } else if fields.count >= Self.indexedFrom {
            positions = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.name, $0) })
        }
    }

    /// Removes the field with this name, returning its value if it had one.
    @discardableResult
    public mutating func remove(_ name: String) -> Value? {
        guard let position = position(of: name) else { return nil }
        let removed = fields.remove(at: position).value
        if positions != nil {
            positions = fields.count >= Self.indexedFrom
                ? Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.name, $0) }) : nil
        }
        return removed
    }

    /// The same fields as another kind of record.
    func of(kind: Kind) -> RecordFields {
        var copy = self
        copy.kind = kind
        return copy
    }

    private func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        return fields.firstIndex { $0.name == name }
    }

    /// Records are equal when they are of one kind and have the same fields in the same order; sets
    /// when they have the same elements, in any order.
    public static func == (lhs: RecordFields, rhs: RecordFields) -> Bool {
        if lhs.kind == .set, rhs.kind == .set { return Set(lhs.names) == Set(rhs.names) }
        return lhs.kind == rhs.kind && lhs.fields == rhs.fields
    }

    /// Hashes the kind and the fields, as `==` compares them (a set's elements in any order).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        if kind == .set {
            hasher.combine(Set(names))
            return
        }
        hasher.combine(fields)
    }
}

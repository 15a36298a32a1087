/// A value as the place it goes declares it, as Swift types a literal by where it is written: a whole
/// number given where `Double` is declared is a Double (`let x: Double = 5` holds `5.0`, `half(5)` of a
/// `func half(_ v: Double)` gets `5.0`). The playground's values carry their kind, not a static type,
/// so every place that declares a type (a parameter, a return type, a subject's Output, a property,
/// a variable) hands what it receives through here; a place of an unknown type or of `Int` keeps it.
extension Value {
    /// The value as a value of `type`: an integer where a `Double` is declared is one, also inside an
    /// optional (`Double?`), an array (`[Double]`), a dictionary's keys and values (`[String: Double]`), a
    /// tuple's elements and a range's bounds (`ClosedRange<Double>`). Anything else is as it is.
    func converted(to type: ValueType) -> Value {
        switch (self, type) {
        case (.int(let number), .double): return .double(Double(number))
        case (.array(let items), .set(let element)):
            // `var seen: Set<Int> = []`, `Set([1, 2])`: an array literal where a set is declared makes one.
            return .set(items.map { $0.converted(to: element) })
        case (.null, .optional): return self
        case (_, .optional(let wrapped)): return converted(to: wrapped)
        case (.array(let items), .array(let element)) where element.holdsDouble:
            return .array(items.map { $0.converted(to: element) })
        case (.record(let fields), .dictionary(let key, let element))
        where fields.kind == .dictionary && (key.holdsDouble || element.holdsDouble):
            // `let d: [Double: String] = [1: "a"]`: its keys too are Doubles (`[1.0: "a"]`).
            var converted = RecordFields([], kind: .dictionary)
            for field in fields {
                converted[key: field.keyValue.converted(to: key)] = field.value.converted(to: element)
            }
            return .record(converted)
        case (.record(let fields), .tuple(let items, let labels))
        where fields.kind == .tuple && fields.count == items.count && labels.count == items.count
            && zip(fields, labels).contains(where: { $0.tupleLabel.isEmpty && !$1.isEmpty }):
            // `-> (min: Int, max: Int)` returning `(low, high)`: the tuple takes the labels declared, as
            // Swift's conversion between tuple types gives them (`bounds.min`).
            let relabelled = zip(fields, labels).map { field, label in
                Field(field.tupleLabel.isEmpty && !label.isEmpty ? label : field.name, field.value)
            }
            return Value.record(RecordFields(relabelled, kind: .tuple)).converted(to: type)
        case (.record(let fields), .tuple(let items, _))
        where fields.kind == .tuple && fields.count == items.count && type.holdsDouble:
            return .record(RecordFields(zip(fields, items).map { Field($0.name, $0.value.converted(to: $1)) },
                kind: .tuple))
        case (.record(let fields), .range(.double, _)) where rangeBounds != nil:
            // `let unit: ClosedRange<Double> = 0...1` holds `0.0...1.0`.
            let bounds = fields.map { Field($0.name, $0.value.converted(to: .double)) }
            return .record(RecordFields(bounds, kind: fields.kind))
        default: return self
        }
    }

    /// The value as a value of `type` if one is declared; as it is if none is (nil).
    func converted(to type: ValueType?) -> Value {
        type.map { converted(to: $0) } ?? self
    }

    /// The value as a value of the type written in a declaration (`Double`, `[Double]`, `Song?`); as it
    /// is when no type is written or the type holds no `Double` (read without parsing the type).
    func converted(toWritten type: String?) -> Value {
        guard let type, type.contains("Double") || type.hasPrefix("Set") else { return self }
        return converted(to: ValueType(written: type))
    }

    /// The value written into a place that holds `old`, as a Swift variable keeps the type it has: an
    /// integer written where a Double is held (`var total = 0.0; total = 3`) is one.
    func converted(toTypeOf old: Value) -> Value {
        if old.setElements != nil, case .array(let items) = self { return .set(items) }
        guard case .double = old else { return self }
        return converted(to: .double)
    }
}

extension [Value] {
    /// Arguments as the parameters declared `types` take them (`rate: Double` gets 5.0 for 5), by
    /// position; an argument past the types is as it is.
    func converted(to types: [ValueType]) -> [Value] {
        guard types.contains(where: \.holdsDouble) else { return self }
        return enumerated().map { index, value in index < types.count ? value.converted(to: types[index]) : value }
    }
}

extension ValueType {
    /// Whether a value of this type may hold a `Double` somewhere (`Double`, `[Double]`, `Double?`,
    /// `[String: Double]`): the types a value has to be converted to.
    var holdsDouble: Bool {
        switch self {
        case .double: return true
        case .optional(let wrapped), .array(let wrapped), .range(let wrapped, _): return wrapped.holdsDouble
        case .dictionary(let key, let value): return key.holdsDouble || value.holdsDouble
        case .tuple(let items, _): return items.contains(where: \.holdsDouble)
        default: return false
        }
    }
}

/// Swift's tuples as playground values: `(1, "x")`, `(offset: 0, element: "a")`. A tuple is a
/// record of kind `.tuple` whose fields are named by their labels, or by their positions (`0`, `1`)
/// when they have none; `.0` reads by position whatever the labels.
extension Value {
    /// A tuple of `items`, with `labels` (nil or missing for an unlabelled element).
    static func tuple(_ items: [Value], labels: [String?] = []) -> Value {
        .record(RecordFields(items.enumerated().map { index, item in
            Field((index < labels.count ? labels[index] : nil) ?? String(index), item)
        }, kind: .tuple))
    }

    /// The elements of a tuple, in order; nil for anything else.
    var tupleItems: [Value]? {
        guard case .record(let fields) = self, fields.kind == .tuple else { return nil }
        return fields.map(\.value)
    }

    /// What parameters take apart (`{ a, b in ... }`, `for (i, x) in ...`): a tuple's elements, or an
    /// array's (a pair the playground made before tuples, or `[a, b]` written as one).
    var destructured: [Value]? {
        if let items = tupleItems { return items }
        if case .array(let items) = self { return items }
        return nil
    }
}

extension RecordFields {
    /// A tuple as Swift prints it: `(1, "x")`, `(offset: 0, element: "a")`.
    var tupleDescription: String {
        "(" + fields.map { field in
            field.name.allSatisfy(\.isNumber) ? field.value.description : "\(field.name): \(field.value)"
        }.joined(separator: ", ") + ")"
    }
}

extension Value {
    /// The value as a value of `type`, where Swift's literals would make it one: a whole number
    /// where a `Double` is declared (`let y: Double = 2` holds `2.0`), also inside arrays and
    /// optionals. Anything else is returned as it is.
    func converted(to type: ValueType) -> Value {
        switch (self, type) {
        case (.int(let number), .double), (.int(let number), .optional(.double)): return .double(Double(number))
        case (.array(let items), .array(let element)) where element == .double || element == .optional(.double):
            return .array(items.map { $0.converted(to: element) })
        case (.record(let fields), .range(.double, _)) where rangeBounds != nil:
            // `let unit: ClosedRange<Double> = 0...1` holds `0.0...1.0`.
            let bounds = fields.map { Field($0.name, $0.value.converted(to: .double)) }
            return .record(RecordFields(bounds, kind: fields.kind))
        default: return self
        }
    }
}

extension Value.Field {
    /// The field's name as a tuple's label: empty when it is a position (`0`, `1`), which means the
    /// element has no label.
    var tupleLabel: String {
        name.allSatisfy(\.isNumber) ? "" : name
    }
}

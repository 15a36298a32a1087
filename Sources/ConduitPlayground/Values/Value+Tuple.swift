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
            field.name.allSatisfy(\.isNumber)
                ? field.value.nestedDescription : "\(field.name): \(field.value.nestedDescription)"
        }.joined(separator: ", ") + ")"
    }
}

extension Value.Field {
    /// The field's name as a tuple's label: empty when it is a position (`0`, `1`), which means the
    /// element has no label.
    var tupleLabel: String {
        name.allSatisfy(\.isNumber) ? "" : name
    }
}

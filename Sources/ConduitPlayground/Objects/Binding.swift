/// A two-way connection to a value owned elsewhere: a getter and a setter (SwiftUI's `Binding`,
/// which the playground's `$object.property` makes). The playground's own: Combine has no
/// `Binding`, so the engine exports none.
///
/// Hand a `Binding` to a child so it can read and change its parent's state; project a member with
/// `binding.member` (dynamic member lookup) to bind to a part of the value.
@propertyWrapper
@dynamicMemberLookup
struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    /// Creates a binding with closures that read and write the binding value.
    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    /// Creates a binding from the value of another binding.
    init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes; writes are ignored.
    static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The underlying value referenced by the binding.
    var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// The binding itself (`$property`).
    var projectedValue: Binding<Value> { self }

    /// A binding to a member of the value.
    subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { newValue in
                var value = self.wrappedValue
                value[keyPath: keyPath] = newValue
                self.wrappedValue = value
            }
        )
    }
}

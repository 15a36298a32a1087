/// A computed property declared in a class (seed 000's `var username: String { get { ... } set { ... } }`):
/// no storage of its own; reading it runs its getter, writing it runs its setter (`newValue`, or the
/// name in `set(name)`). The bodies run as a closure's statements with the object as `$0` (`self`).
struct ComputedProperty {
    let getter: Expression
    let setter: Expression?
}

/// A computed property as an object runs it: told the object (and the new value, to set it).
struct InstalledComputedProperty {
    let get: (PlaygroundObject) -> Value
    let set: ((PlaygroundObject, Value) -> Void)?
}

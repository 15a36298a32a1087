/// A method declared in a class (`func standupTapped(standup: Standup) { self.editStandup = standup }`):
/// its body runs, as a closure's statements, with the object as `$0` (`self`, and the class's members
/// by name) and the arguments after it. Its body may set the object's properties, as a method does.
struct MethodDeclaration {
    var name: Token
    let parameters: [String]
    let body: Expression
    /// The label each argument is called with (`_` for none); the parameter names if not given.
    var labels: [String] = []
    /// The value each parameter takes when its argument is left out (`standups: [Standup] = []`).
    var defaults: [Expression?] = []
    /// A struct's `mutating func`: what it does to `self` is the caller's variable's new value.
    var isMutating = false
    /// A `static func`: the type's own, called as `TYPE.NAME(...)`, never an instance's.
    var isStatic = false
    /// The position of its variadic parameter (`_ xs: Int...`), whose arguments a call gives one by one.
    var variadicSlot: Int?

    /// A computed property read as a method of a value (a struct's, an enum's): listed as the property.
    var readsAsProperty = false
    /// The types its parameters are declared with (`rate: Double`; `Value` where none is written) and
    /// the type it returns (`-> Double`), which its arguments and result are converted to, as Swift
    /// types a literal by where it goes (`applyInterest(rate: 5)` gets 5.0).
    var parameterTypes: [ValueType] = []
    var returnType: ValueType?

    /// What the body gave (`result`), as the method is declared to return it: a method declared
    /// without `->` returns `()`, as Swift's does (`func listen() { s.sink { ... } }` gives no
    /// AnyCancellable to print).
    func returned(_ result: Value) -> Value {
        if returnType == nil, !readsAsProperty, name.display != "init" { return .void }
        return result.converted(to: returnType)
    }

    /// How the `class` line lists it: `func reset()`, `init(standups:editStandup:)`, `title (get)`.
    var summary: String {
        if readsAsProperty { return "\(name.display) (get)" }
        // An overload kept under its full name (`receive(completion:)`) already says its labels.
        if name.display.hasSuffix(")") { return (isStatic ? "static " : "") + "func \(name.display)" }
        guard name.display == "init" else { return (isStatic ? "static " : "") + "func \(name.display)()" }
        return "init(" + labels.map { "\($0):" }.joined() + ")"
    }
}

/// A method as an object runs it: told the object and the arguments, it gives the body's value.
struct InstalledMethod {
    let parameterCount: Int
    /// What the parameters a call leaves out take.
    var defaults = DefaultArguments.none
    let run: (PlaygroundObject, [Value]) throws -> Value
}

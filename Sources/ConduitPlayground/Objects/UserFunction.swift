/// A function declared in the playground (`func search(term) = Just([term]).delay(for: 300ms)`):
/// a named, parametrised expression, usually a publisher, that closures can call, such as a fake
/// service for the seed documents' search. Its body is resolved when it is declared.
struct UserFunction {
    let name: String
    let parameters: [String]
    /// The body, its names resolved, with the parameters as `$0`, `$1`, ...
    let body: Expression
    /// The declaration as written, for `inspect`.
    let text: String
    /// What the parameters a call leaves out take (`func greet(name: String = "you")`).
    var defaults = DefaultArguments.none
    /// The body as written, its names unresolved, for `types` to read.
    var written: Expression?
    /// The types its parameters are declared with (`Value` where none is written or known), which
    /// an argument is converted to as Swift types it (`half(5)` of `func half(_ v: Double)` gets 5.0).
    var parameterTypes: [ValueType] = []
    /// The type it is declared to return (`-> Double`), which its result is converted to; nil if none.
    var returnType: ValueType?
    /// The cases a bare `.offline` it returns stands for, when it is declared to return an enumeration.
    var impliedCases: ImpliedCases?
    /// The cases a bare `.offline` given for each parameter stands for, where the parameter is declared
    /// an enumeration (`f(.b)` of `func f(_ e: E)` gets `E.b`, also when `.b` is the parameter's default).
    var parameterCases: [ImpliedCases?] = []
    /// Where the body's calls of the function itself find it: held here, and only weakly by the
    /// body, so that function and body do not keep each other alive.
    var selfCall: SelfCall?
    /// The positions of its `inout` parameters, which the body holds as variables (`LocalVariable`).
    var inoutSlots: Set<Int> = []
    /// Its parameters of closure types, which a call must give closures (`completion: (String) -> Void`).
    var closureParameters = ClosureParameters.none
    /// Whether it is a closure held by a `var` (`var greet: (String) -> String = { ... }`), which a later
    /// `greet = { ... }` replaces.
    var isVariable = false

    /// How a call reads: `search(term)`.
    var usage: String {
        let written = parameters.enumerated().map { $0 == defaults.variadicSlot ? $1 + "..." : $1 }
        return "\(name)(\(written.joined(separator: ", ")))"
    }

    func call(_ given: [Value]) throws -> Value {
        let arguments = defaults.completing(given, count: parameters.count)
        guard arguments.count == parameters.count else {
            throw PlaygroundError(
                "\(name) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s") (\(usage)), "
                    + "not \(arguments.count)"
            )
        }
        try closureParameters.check(arguments, of: name)
        let result = try body.evaluate(parameterCases.resolve(arguments.converted(to: parameterTypes)))
        let converted = result.converted(to: returnType)
        return impliedCases?.resolve(converted) ?? converted
    }

    /// Runs the function with its `inout` parameters as variables of the body: what it returns, and
    /// the last value of each `inout` parameter, by position.
    func callPassingVariables(_ given: [Value]) throws -> (result: Value, changed: [Int: Value]) {
        try closureParameters.check(given, of: name)
        var places: [Int: Value] = [:]
        let gathered = defaults.gathering(given, count: parameters.count)
        let arguments = parameterCases.resolve(gathered.converted(to: parameterTypes))
        let passed = arguments.enumerated().map { index, value in
            guard inoutSlots.contains(index) else { return value }
            let place = LocalVariable.make(value)
            places[index] = place
            return place
        }
        guard passed.count == parameters.count else {
            throw PlaygroundError("\(name) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s") "
                + "(\(usage)), not \(passed.count)")
        }
        let result = try body.evaluate(passed).converted(to: returnType)
        return (impliedCases?.resolve(result) ?? result, try places.mapValues(LocalVariable.read))
    }
}

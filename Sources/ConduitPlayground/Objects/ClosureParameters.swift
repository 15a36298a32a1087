/// The parameters of a function declared in the session whose type is a closure's (`completion:
/// @escaping (String) -> Void`): what each call must give them, checked before the body runs, so
/// that a call given something else (`run(5)`, a closure of another arity) is refused and changes
/// nothing.
struct ClosureParameters {
    /// One parameter of a closure type: its name, its type as written, and how many parameters the
    /// closure it takes has.
    struct Expected {
        let name: String
        let type: String
        let count: Int
    }

    /// The parameters of closure types, by position.
    private(set) var slots: [Int: Expected] = [:]

    /// No parameter of a closure type.
    static let none = ClosureParameters()

    private init() {}

    /// The parameters named `names` of the types written (`nil` where none is), without `inout`.
    init(names: [String], types: [String?]) {
        for (index, written) in types.enumerated() {
            guard let written, index < names.count else { continue }
            let type = written.trimmingWhitespace()
            guard Parser.isFunctionType(type) else { continue }
            slots[index] = Expected(name: names[index], type: type, count: Parser.parameterCount(ofFunctionType: type))
        }
    }

    /// Refuses `arguments` when one given to a closure parameter is no closure (nil only for an
    /// optional one) or a closure of another number of parameters.
    func check(_ arguments: [Value], of function: String) throws {
        for (index, expected) in slots where index < arguments.count {
            switch arguments[index] {
            case .closure(let closure) where closure.parameterCount != expected.count:
                throw PlaygroundError(
                    "`\(function)` takes for `\(expected.name)` a closure of \(expected.count) parameter"
                        + "\(expected.count == 1 ? "" : "s") (`\(expected.type)`); this one takes "
                        + "\(closure.parameterCount)")
            case .closure:
                continue
            case .null where expected.type.hasSuffix("?"):
                continue
            case let other:
                throw PlaygroundError("`\(function)` takes a closure for `\(expected.name)` (`\(expected.type)`), "
                    + "not \(other.kindName) \(other)")
            }
        }
    }
}

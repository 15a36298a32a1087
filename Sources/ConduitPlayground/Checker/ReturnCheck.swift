/// Swift's check of what a function returns against the type it declares (`func f() -> Int {
/// return "a" }`), made when it is declared: each value the body can end with, typed with the
/// parameters as declared, must fit the declared type; a body that can end with no value (its last
/// statement a `print`, a loop or an `if` without `else`) misses its `return`. Only what is surely
/// wrong is reported: a value of a type the checker cannot know fits.
extension TypeChecker {
    /// What is wrong with a function's returns: Swift's message and the returned value it is about,
    /// nil for a missing return (at the body's end).
    struct ReturnProblem {
        let message: String
        let value: Expression?
    }

    /// The first of the body's returned values that does not fit `declared`, the function's declared
    /// result, in the order written; `function` names what declares it (`global function`).
    func returnProblem(of body: Expression, parameterTypes: [ValueType], declared: ValueType, function: String)
        -> ReturnProblem?
    {
        guard declared.isKnownPlainType, declared != .void else { return nil }
        var values: [(Expression, [ValueType])] = []
        valuesReturnedInLoops(of: body, arguments: parameterTypes, into: &values, depth: 0)
        let inLoops = values.count
        returnedValues(of: body, arguments: parameterTypes, into: &values, depth: 0)
        for (index, (value, arguments)) in values.enumerated() {
            let actual = returnedType(of: value, arguments: arguments)
            guard !TypeMismatch.fits(actual, declared), index >= inLoops || actual != .void else { continue }
            if actual == .void {
                // A body of one expression returns it (`{ print(x) }`); a longer one ends without `return`.
                let isWholeBody = switch body {
                case .local, .conditional, .returning, .loop, .literal: false
                default: true
                }
                if isWholeBody {
                    return ReturnProblem(
                        message: "cannot convert return expression of type '()' to return type '\(declared.swiftName)'",
                        value: value)
                }
                return ReturnProblem(
                    message: "missing return in \(function) expected to return '\(declared.swiftName)'", value: nil)
            }
            return ReturnProblem(
                message: "cannot convert return expression of type '\(actual.swiftName)' to return type "
                    + "'\(declared.swiftName)'",
                value: value)
        }
        return nil
    }

    /// The values `body` can end with, each with the types of the values before it (its parameters
    /// and `let` steps): the last statement's, both branches of an `if` (and a `switch`'s cases).
    private func returnedValues(
        of body: Expression, arguments: [ValueType], into values: inout [(Expression, [ValueType])], depth: Int
    ) {
        guard depth < 64 else { return }
        switch body {
        case .local(let slot, let value, let rest):
            let kept = (0..<slot).map { $0 < arguments.count ? arguments[$0] : ValueType.value }
            let next = kept + [type(of: value, arguments: arguments)]
            returnedValues(of: rest, arguments: next, into: &values, depth: depth + 1)
        case .conditional(let condition, let whenTrue, let whenFalse):
            let unwrapped = TypeChecker.unwrapping(arguments, testedBy: condition)
            returnedValues(of: whenTrue, arguments: unwrapped, into: &values, depth: depth + 1)
            returnedValues(of: whenFalse, arguments: arguments, into: &values, depth: depth + 1)
        case .returning(let value):
            returnedValues(of: value, arguments: arguments, into: &values, depth: depth + 1)
        case .loop(let loop):
            switch loop.kind {
            case .deferred:
                returnedValues(of: loop.body, arguments: arguments, into: &values, depth: depth + 1)
            case .whileLoop(.literal(.bool(true))), .repeatWhile(.literal(.bool(true))):
                // `while true { ... }` ends only through a `return` (or `break`, which Swift would
                // also refuse without a `return` after it): nothing is known missing.
                return
            default:
                values.append((body, arguments))
            }
        default:
            values.append((body, arguments))
        }
    }

    /// The values returned from inside the body's loops (`for x in xs { if x > 0 { return x } }`),
    /// each with the types of the values before it, the loop's names having its elements' types.
    private func valuesReturnedInLoops(
        of expression: Expression, arguments: [ValueType], into values: inout [(Expression, [ValueType])], depth: Int
    ) {
        guard depth < 64 else { return }
        func walk(_ inner: Expression, _ arguments: [ValueType]) {
            valuesReturnedInLoops(of: inner, arguments: arguments, into: &values, depth: depth + 1)
        }
        switch expression {
        case .call("#return", let parts) where parts.count == 1:
            values.append((parts[0], arguments))
        case .local(let slot, let value, let body):
            walk(value, arguments)
            let kept = (0..<slot).map { $0 < arguments.count ? arguments[$0] : ValueType.value }
            walk(body, kept + [type(of: value, arguments: arguments)])
        case .conditional(let condition, let whenTrue, let whenFalse):
            walk(condition, arguments)
            walk(whenTrue, TypeChecker.unwrapping(arguments, testedBy: condition))
            walk(whenFalse, arguments)
        case .loop(let loop):
            // As `checkLoop` types the body: the values before the loop, then its names.
            var inBody = (0..<loop.slot).map { $0 < arguments.count ? arguments[$0] : ValueType.value }
            if case .forIn(let sequence, let names, _, let match) = loop.kind {
                inBody += match == nil
                    ? loopNameTypes(of: type(of: sequence, arguments: arguments), count: names)
                    : Array(repeating: ValueType.value, count: names)
            }
            walk(loop.body, inBody)
        default:
            // A closure's `return` is its own: closures are in pipelines, whose parts are not walked.
            for part in expression.parts { walk(part, arguments) }
        }
    }

    /// The type of a returned value: as `type(of:)` types it, and `()` for a statement that gives no
    /// value (`print(x)`, an assignment to a top-level `var`).
    private func returnedType(of value: Expression, arguments: [ValueType]) -> ValueType {
        if case .namedCall(let name, _, _) = value,
            name == "print" && entries[name] == nil || name == Parser.variableAssignment
                || name == Parser.elementAssignment
        {
            return .void
        }
        return type(of: value, arguments: arguments)
    }
}

import Foundation

/// The few functions closures may call, such as `abs($0)` or `string($0)`.
enum Functions {
    /// Every function with a one-line description, for `help` and completion.
    static let all: [(name: String, summary: String)] = [
        ("abs", "abs(x): the absolute value of a number"),
        ("min", "min(a, b): the smaller of two values"),
        ("max", "max(a, b): the larger of two values"),
        ("string", "string(x): x as text"),
        ("int", "int(x): x as an integer (from a decimal or a string)"),
        ("double", "double(x): x as a decimal"),
        ("count", "count(x): the number of elements of an array or characters of a string"),
        ("uppercased", "uppercased(s): s in capitals"),
        ("lowercased", "lowercased(s): s in small letters"),
        ("isNil", "isNil(x): whether x is nil"),
        ("String", "String(x): x as text, as Swift's String(describing:)"),
        ("Int", "Int(x): x as an integer; nil for text that is not one, as in Swift (`compactMap { Int($0) }`)"),
        ("Double", "Double(x): x as a decimal; nil for text that is not one, as in Swift"),
        ("Optional", "Optional(x): x as an optional that holds it, printed `Optional(x)` as in Swift"),
        ("type", "type(of: x): the type of x's value, as Swift's `type(of:)` prints it (`Circle`, `Int`)"),
        ("UUID", "UUID(): a new unique identifier as text, as an Identifiable model's `var id = UUID()` makes"),
        ("zip", "zip(a, b): the pairs (a[0], b[0]), (a[1], b[1])... as far as the shorter goes, as an array of tuples"),
        ("fatalError", "fatalError(\"why\"): stops there, as a Swift program stops (`do`/`catch` does not catch it)"),
        ("precondition", "precondition(condition, \"why\"): stops there unless the condition holds"),
        ("preconditionFailure", "preconditionFailure(\"why\"): stops there"),
        ("assert", "assert(condition, \"why\"): stops there unless the condition holds (a debug build's check)"),
        ("assertionFailure", "assertionFailure(\"why\"): stops there (a debug build's check)"),
    ]

    static func call(_ name: String, _ arguments: [Value]) throws -> Value {
        if name == Parser.closureCall { return try ClosureValue.call(arguments) }
        if name == ".set", let value = arguments.first, value.kindName != "object" {
            // `point.x = $0` in a sink, where `point` is a struct's value: a closure cannot change it.
            throw PlaygroundError(
                "a closure sets the properties of an object (an instance of a `class`); \(value.kindName) \(value) "
                    + "is a value, which a closure cannot change: declare its type as a `class`")
        }
        if name.hasPrefix("."), let value = arguments.first {
            let method = String(name.dropFirst())
            if arguments.count == 1, !Methods.names.contains(method), SwiftTypeExtensions.typeName(of: value) != nil,
                let member = try? Expression.member(method, of: value)
            {
                // `uppercased()` in `extension String`: a member of the value Swift writes as a call.
                return member
            }
            return try Methods.call(method, on: value, Array(arguments.dropFirst()))
        }
        func expect(_ count: Int) throws {
            guard arguments.count == count else {
                throw PlaygroundError("\(name) takes \(count) argument\(count == 1 ? "" : "s"), not \(arguments.count)")
            }
        }
        switch name {
        case "Optional":
            // `Optional(5)`: the value itself; its static type (an optional) says how it prints.
            try expect(1)
            return arguments[0]
        case Parser.unwrapping:
            // The value an `if let`, `guard let` or pattern binds: the optional's own value, of its wrapped type.
            try expect(1)
            return arguments[0]
        case "abs":
            try expect(1)
            switch arguments[0] {
            case .int(let value) where value != Int.min: return .int(abs(value))
            case .double(let value): return .double(abs(value))
            default: throw PlaygroundError("abs needs a number, not \(arguments[0].kindName) \(arguments[0])")
            }
        case "min", "max":
            try expect(2)
            guard let order = arguments[0].compare(to: arguments[1]) else {
                throw PlaygroundError("cannot compare \(arguments[0]) with \(arguments[1])")
            }
            let firstIsSmaller = order != .orderedDescending
            return (name == "min") == firstIsSmaller ? arguments[0] : arguments[1]
        case "type":
            try expect(1)
            return .string(arguments[0].dynamicTypeName)
        case "UUID":
            try expect(0)
            return .string(UUID().uuidString)
        case "zip":
            // Swift's `zip(a, b)`: its pairs, made at once as an array of tuples (which `for (x, y) in`,
            // `Array(...)` and `map` read as Swift reads its `Zip2Sequence`).
            try expect(2)
            let (first, second) = (try BodyLoop.elements(of: arguments[0]), try BodyLoop.elements(of: arguments[1]))
            return .array(zip(first, second).map { Value.tuple([$0, $1]) })
        case "fatalError", "preconditionFailure", "assertionFailure", "precondition", "assert":
            return try Functions.stop(name, arguments)
        case "string":
            try expect(1)
            return .string(text(arguments[0]))
        case "int":
            try expect(1)
            switch arguments[0] {
            case .int: return arguments[0]
            case .double(let value) where value.isFinite && abs(value) < 9e18: return .int(Int(value))
            case .string(let text):
                if let value = Int(text.trimmingCharacters(in: .whitespaces)) { return .int(value) }
                throw PlaygroundError("\(arguments[0]) is not an integer")
            case .bool(let flag): return .int(flag ? 1 : 0)
            default: throw PlaygroundError("cannot make an integer of \(arguments[0].kindName) \(arguments[0])")
            }
        case "double":
            try expect(1)
            if let number = arguments[0].numeric { return .double(number) }
            if case .string(let text) = arguments[0], let value = Double(text) { return .double(value) }
            throw PlaygroundError("cannot make a decimal of \(arguments[0].kindName) \(arguments[0])")
        case "count":
            try expect(1)
            return try Expression.member("count", of: arguments[0])
        case "uppercased", "lowercased":
            try expect(1)
            return try Expression.member(name, of: arguments[0])
        case "String":
            try expect(1)
            return .string(text(arguments[0]))
        case "Int", "Double":
            // Swift's initialisers from text give nil for text that is not a number.
            try expect(1)
            if case .string(let text) = arguments[0] {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if name == "Int" { return Int(trimmed).map(Value.int) ?? .null }
                return Double(trimmed).map(Value.double) ?? .null
            }
            return try call(name.lowercased(), arguments)
        case "#completion":
            // `case .finished`, `case .failure`: a completion as closures see it ("finished",
            // "failure: why", or {failure: "why"}).
            guard arguments.count == 2, case .string(let kind) = arguments[1] else {
                throw PlaygroundError("`#completion` needs a value and a kind")
            }
            // `Result`'s `.failure(let error)` is written as a completion's.
            if let caseName = arguments[0].enumCaseName { return .bool(caseName == kind) }
            return .bool(Functions.completionKind(of: arguments[0]) == kind)
        case "#failure":
            // The message of a failure completion, for `case .failure(let error)` (or a `Result`'s error).
            if let value = arguments.first, value.enumCaseName == "failure" {
                return value.associatedValues.first ?? .null
            }
            guard let value = arguments.first, Functions.completionKind(of: value) == "failure" else { return .null }
            if case .string(let text) = value { return .string(String(text.dropFirst("failure: ".count))) }
            return value.field("failure") ?? .null
        case "#unmatched":
            throw PlaygroundError("no case of the switch matches \(arguments.first ?? .null); add `default:`")
        case "as?", "as!", "is":
            // `value as? Card`: the value if it is of that type (nil if not); `as!` fails instead.
            guard arguments.count == 2, case .string(let type) = arguments[1] else {
                throw PlaygroundError("`\(name)` needs a value and a type")
            }
            let matches = Functions.value(arguments[0], isOfType: type)
            if name == "is" { return .bool(matches) }
            if matches { return arguments[0] }
            if name == "as?" { return .null }
            throw PlaygroundError("\(arguments[0].kindName) \(arguments[0]) is not of type \(type) (`as!` stops here)")
        case "#unwrap":
            try expect(1)
            guard arguments[0] != .null else {
                throw PlaygroundError("unexpectedly found nil while unwrapping an optional value with `!`; "
                    + "`?.`, `??` or `if let` handle nil")
            }
            return arguments[0]
        case "#typed":
            // `[Int]()`: the value, its written type being the checker's. A declaration's (`let x: Int =
            // 5` in a body) also holds where its value is written, for the checker's caret.
            if arguments.count != 4 { try expect(2) }
            // `var total: Double = 0`, `let xs: [Double] = [1, 2]`: the integer literals are Doubles, as
            // Swift reads them.
            guard case .string(let written) = arguments[0] else { return arguments[1] }
            return arguments[1].converted(toWritten: written)
        case "#repeating":
            // `[Int](repeating: 0, count: 3)`, `Array(repeating: "", count: n)`.
            try expect(2)
            guard case .int(let count) = arguments[1], count >= 0 else {
                throw PlaygroundError("`count:` of `Array(repeating:count:)` is a number of elements, at least 0, "
                    + "not \(arguments[1])")
            }
            guard count <= 1_000_000 else { throw PlaygroundError("an array here holds at most 1,000,000 elements") }
            return .array(Array(repeating: arguments[0], count: count))
        case "#isCase":
            try expect(2)
            return .bool(arguments[0].enumCaseName.map { .string($0) } == arguments[1])
        case "#associated":
            try expect(2)
            guard case .int(let index) = arguments[1], arguments[0].associatedValues.indices.contains(index) else {
                return .null
            }
            return arguments[0].associatedValues[index]
        case "#throw":
            try expect(2)
            guard case .string(let written) = arguments[1] else { throw PlaygroundError("`throw` needs an error") }
            throw Parser.thrownError(arguments[0], written: written)
        case "#range":
            // `1...3`, `0..<n`: a range of its bounds, as Swift's `ClosedRange` and `Range`.
            try expect(3)
            return try Value.range(arguments[0], arguments[1], closed: arguments[2] == .bool(true))
        case "#random":
            guard case .string(let type)? = arguments.first else { throw PlaygroundError("`random` needs its type") }
            return try RandomValues.random(type, Array(arguments.dropFirst()))
        case ElementUpdate.element:
            try expect(3)
            return try ElementUpdate.changing(arguments[0], at: arguments[1], to: arguments[2])
        case ElementUpdate.field:
            try expect(3)
            guard case .string(let name) = arguments[1] else { throw PlaygroundError("a field is set by its name") }
            return try ElementUpdate.changing(arguments[0], field: name, to: arguments[2])
        case "#break": throw LoopSignal.breakLoop
        case "#continue": throw LoopSignal.continueLoop
        case "#return":
            try expect(1)
            throw LoopSignal.returned(arguments[0])
        case "isNil":
            try expect(1)
            return .bool(arguments[0] == .null)
        default:
            if let result = try LabelledFunctions.call(name, arguments) { return result }
            throw PlaygroundError("unknown function `\(name)`")
        }
    }

    /// A value as text: strings without quotes, everything else in literal syntax.
    static func text(_ value: Value) -> String {
        if case .string(let text) = value { return text }
        if case .record(let fields) = value, fields.count == 1, fields[0].name == "failure" {
            // A failure completion prints as Swift prints `Subscribers.Completion`: `failure(BadInput())`,
            // an enum's case with its type (`failure(E.bad)`), as Swift's does (less the module's name).
            let error = fields[0].value
            return "failure(\(error.enumCaseName != nil ? error.nestedDescription : text(error)))"
        }
        return value.description
    }

    /// "finished" or "failure" for a completion as closures see it, nil for any other value.
    static func completionKind(of value: Value) -> String? {
        switch value {
        case .string("finished"): return "finished"
        case .string(let text) where text.hasPrefix("failure: "): return "failure"
        case .record where value.field("failure") != nil: return "failure"
        default: return nil
        }
    }

    /// Whether a value is of the Swift type written: `Int`, `String`, `Double`, `Bool`, arrays,
    /// optionals, or a class, struct or enumeration declared in the playground; a type it cannot tell
    /// (`Any`, Foundation's types) matches any value but a declared type's.
    static func value(_ value: Value, isOfType written: String) -> Bool {
        var type = written.trimmingCharacters(in: .whitespaces)
        if type.hasSuffix("?") || type.hasSuffix("!") {
            if value == .null { return true }
            type.removeLast()
        }
        switch (type, value) {
        case ("Int", .int), ("String", .string), ("Bool", .bool), ("Double", .double), ("Float", .double),
            ("CGFloat", .double):
            return true
        case ("Int", _), ("String", _), ("Bool", _), ("Double", _), ("Float", _), ("CGFloat", _):
            return false
        case (_, .object(let object)):
            return object.typeName == nil || object.typeName == type || ["Any", "AnyObject", "NSObject"].contains(type)
        case (_, .array):
            return type.hasPrefix("[") || type == "Any"
        case (_, .publisher):
            return type.hasPrefix("Any") || type.contains("Publisher")
        case (_, .record(let fields)):
            // A value of an enumeration or a struct the session declared (`error as? APIError`) is of
            // its own type, and an error of any; `Result<Int, E>` names Swift's `Result`.
            guard case .instance(let own) = fields.kind else { return ["Any", "AnyHashable"].contains(type) }
            let named = type.prefix { $0 != "<" }
            return named == own || ["Any", "AnyHashable", "Error", "any Error"].contains(type)
        default:
            if value == .null { return false }
            if ["Any", "AnyHashable"].contains(type) { return true }
            // Another capitalised name is a class or type the value is not.
            return type.first?.isUppercase != true
        }
    }
}

extension Functions {
    /// `fatalError("why")` and Swift's checks: where a Swift program would stop, the statement fails
    /// with Swift's words (`Fatal error: why`), which `do`/`catch` does not catch; a check that holds
    /// gives `()`.
    static func stop(_ name: String, _ arguments: [Value]) throws -> Value {
        let isCheck = name == "precondition" || name == "assert"
        var rest = arguments[...]
        if isCheck {
            guard case .bool(let holds)? = rest.first else {
                throw PlaygroundError("\(name) takes a condition first: `\(name)(count > 0, \"why\")`")
            }
            if holds { return .void }
            rest = rest.dropFirst()
        }
        let why = rest.first.map { value -> String in
            if case .string(let text) = value { return text }
            return value.description
        }
        let words = name == "precondition" ? "Precondition failed" : name == "assert" ? "Assertion failed"
            : "Fatal error"
        throw PlaygroundError(words + (why.map { ": " + $0 } ?? "") + " (a Swift program stops here)")
    }
}

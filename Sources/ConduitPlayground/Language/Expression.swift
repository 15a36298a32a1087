/// An expression of the playground language: a literal, a closure parameter, or an operation on
/// other expressions. Closures are expressions evaluated with their arguments.
indirect enum Expression {
    case literal(Value)
    case array([Expression])
    case record([(String, Expression)])
    /// `["ana": 1]`, `[1: "one"]`: a dictionary, its keys and values, which prints as Swift prints one.
    case dictionary([(Expression, Expression)])
    /// `(nil, true)`, `(offset: 0, element: x)`: a tuple, its elements named by label or position.
    case tuple([(String, Expression)])
    /// `$0`, `$1`, or a named closure parameter (resolved to its position by the parser).
    case argument(Int)
    case member(Expression, String)
    case index(Expression, Expression)
    case unary(String, Expression)
    case binary(BinaryOperator, Expression, Expression)
    case conditional(Expression, Expression, Expression)
    /// `let NAME = value; body` in a closure: `body` runs with the closure's first `slot`
    /// arguments and `value` after them, where it reads NAME.
    case local(slot: Int, value: Expression, body: Expression)
    /// A parameter of a closure around this one, `level` closures out, by position: read from the
    /// closure's `CapturedScope` when it runs.
    case captured(level: Int, index: Int)
    case call(String, [Expression])
    /// `a?.b`: nil if `a` is nil, else its member `b`.
    case optionalMember(Expression, String)
    /// A name the session resolves before the expression runs: an object, a subject or pipeline,
    /// or a call of a function the user declared (`service.search($0)`, `parent.objectWillChange.send()`).
    /// The token locates it for messages.
    case name(String, Token)
    case namedCall(String, [Expression], Token)
    /// A publisher with operators written in an expression: `Just($0).delay(for: 1s)`.
    case pipeline(PipelineSyntax)
    /// What the session resolved a `name`, `namedCall` or `pipeline` to.
    case bound(BoundExpression)
    /// `var NAME = value` in a body: a variable of its own (`LocalVariable`), which the body's
    /// blocks, loops and closures read and set, so a loop's turn passes its value to the next.
    case newVariable(Expression)
    /// The value a body's `var` holds now; the expression gives its variable (`.argument`,
    /// or `.captured` in a closure inside the body).
    case variable(Expression)
    /// `NAME = value`, `NAME += 1` on a body's `var`: sets the variable; gives `Void`. The token is
    /// the assignment's operator, where a type error points.
    case setVariable(Expression, Expression, at: Token)
    /// A `for`, `while` or `repeat` loop in a body, run for its effect.
    case loop(BodyLoop)
    /// A body in which a loop holds a `return`: that `return` ends the loop and gives the body's value.
    case returning(Expression)
}

/// An expression the session has resolved against its names: it runs with the closure's
/// arguments. Made once, when the pipeline it belongs to is built, and never changed after: the
/// expressions it captures are immutable, so sharing it between threads is safe.
final class BoundExpression: @unchecked Sendable {
    let run: ([Value]) throws -> Value

    init(_ run: @escaping ([Value]) throws -> Value) {
        self.run = run
    }
}

extension Expression {
    /// The expressions it is made of, one level down (none for a literal, a name, a pipeline...):
    /// for the questions asked of every part of an expression.
    var parts: [Expression] {
        switch self {
        case .literal, .argument, .captured, .bound, .name, .pipeline: return []
        case .array(let items), .call(_, let items), .namedCall(_, let items, _): return items
        case .record(let fields), .tuple(let fields): return fields.map(\.1)
        case .dictionary(let pairs): return pairs.flatMap { [$0.0, $0.1] }
        case .member(let base, _), .optionalMember(let base, _), .unary(_, let base): return [base]
        case .index(let base, let index): return [base, index]
        case .binary(_, let left, let right): return [left, right]
        case .conditional(let condition, let whenTrue, let whenFalse): return [condition, whenTrue, whenFalse]
        case .local(_, let value, let body): return [value, body]
        case .newVariable(let value), .variable(let value), .returning(let value): return [value]
        case .setVariable(let variable, let value, _): return [variable, value]
        case .loop(let loop): return loop.parts
        }
    }

    /// Evaluates the expression with the closure's arguments; throws a readable `PlaygroundError`.
    func evaluate(_ arguments: [Value]) throws -> Value {
        switch self {
        case .literal(let value):
            return value
        case .array(let items):
            return try Value.nested(.array(try items.map { try $0.evaluate(arguments) }))
        case .record(let fields):
            let named = try fields.map { Value.Field($0.0, try $0.1.evaluate(arguments)) }
            return try Value.nested(.record(RecordFields(named)))
        case .tuple(let fields):
            let items = try fields.map { Value.Field($0.0, try $0.1.evaluate(arguments)) }
            return try Value.nested(.record(RecordFields(items, kind: .tuple)))
        case .dictionary(let pairs):
            let made = try pairs.map { (try $0.0.evaluate(arguments), try $0.1.evaluate(arguments)) }
            return try Value.nested(try Value.dictionary(made))
        case .argument(let index):
            guard index < arguments.count else {
                throw PlaygroundError("$\(index) does not exist here: this closure gets \(arguments.count) argument"
                    + "\(arguments.count == 1 ? "" : "s")")
            }
            return arguments[index]
        case .member(.call(let stride, let parts), "publisher") where LabelledFunctions.strides.contains(stride):
            // `stride(from: 0, to: 9, by: 3).publisher`: a sequence publisher of a stride, which takes no values in
            // (`append(3)` is Publisher's, a `Concatenate`), as Swift's.
            let strode = try Expression.call(stride, parts).evaluate(arguments)
            guard case .array(let items) = strode else { return try Expression.member("publisher", of: strode) }
            return .publisher(PublisherValue(sequence: items, of: .stride, description: "\(strode).publisher"))
        case .member(let base, let name):
            return try Expression.member(name, of: try base.evaluate(arguments))
        case .index(let base, let index):
            return try Expression.subscriptValue(try base.evaluate(arguments), try index.evaluate(arguments))
        case .unary(let op, let operand):
            let value = try operand.evaluate(arguments)
            switch (op, value) {
            case ("!", .bool(let flag)): return .bool(!flag)
            case ("-", .int(let number)):
                let (negated, overflow) = 0.subtractingReportingOverflow(number)
                if overflow { throw PlaygroundError("-(\(number)) overflows") }
                return .int(negated)
            case ("-", .double(let number)): return .double(-number)
            default: throw PlaygroundError("cannot apply `\(op)` to \(value.kindName) \(value)")
            }
        case .binary(let op, let left, let right):
            let lhs = try left.evaluate(arguments)
            if op == .and || op == .or {
                guard case .bool(let flag) = lhs else {
                    throw PlaygroundError("`\(op)` needs booleans, not \(lhs.kindName) \(lhs)")
                }
                if op == .and && !flag { return .bool(false) }
                if op == .or && flag { return .bool(true) }
                let rhs = try right.evaluate(arguments)
                guard case .bool(let other) = rhs else {
                    throw PlaygroundError("`\(op)` needs booleans, not \(rhs.kindName) \(rhs)")
                }
                return .bool(other)
            }
            if op == .coalesce {
                return lhs == .null ? try right.evaluate(arguments) : lhs
            }
            return try Expression.apply(op, lhs, try right.evaluate(arguments))
        case .conditional(let condition, let whenTrue, let whenFalse):
            let test = try condition.evaluate(arguments)
            guard case .bool(let flag) = test else { throw Expression.notACondition(test) }
            return try (flag ? whenTrue : whenFalse).evaluate(arguments)
        case .local(let slot, let value, let body):
            guard arguments.count >= slot else {
                throw PlaygroundError("this closure takes \(slot) values, but got \(arguments.count)")
            }
            var extended = Array(arguments.prefix(slot))
            extended.append(try value.evaluate(arguments))
            return try body.evaluate(extended)
        case .call(let name, let parameters):
            return try Functions.call(name, try parameters.map { try $0.evaluate(arguments) })
        case .optionalMember(let base, let name):
            let value = try base.evaluate(arguments)
            return value == .null ? .null : try Expression.member(name, of: value)
        case .bound(let bound):
            return try bound.run(arguments)
        case .captured(let level, let index):
            guard let scope = CapturedScope.current else {
                throw PlaygroundError("a parameter of an outer closure was used where it has no value")
            }
            return try scope.value(level: level, index: index)
        case .name(let name, _), .namedCall(let name, _, _):
            throw PlaygroundError("`\(name)` was not resolved (an internal error of the playground)")
        case .pipeline(let syntax):
            throw PlaygroundError("`\(syntax.text)` was not resolved (an internal error of the playground)")
        case .newVariable(let value):
            return LocalVariable.make(try value.evaluate(arguments))
        case .variable(let variable):
            return try LocalVariable.read(try variable.evaluate(arguments))
        case .setVariable(let variable, let value, _):
            try LocalVariable.write(try value.evaluate(arguments), to: try variable.evaluate(arguments))
            return .void
        case .loop(let loop):
            return try loop.run(arguments)
        case .returning(let body):
            do {
                return try body.evaluate(arguments)
            } catch LoopSignal.returned(let value) {
                return value
            }
        }
    }

    /// Swift's error for a condition (of `if`, `guard`, `while` or `? :`) that held `value`, not a
    /// `Bool`: the one wording for every condition, as the checker words it where it knows the type.
    static func notACondition(_ value: Value) -> PlaygroundError {
        let type = ValueType(of: value).swiftName
        switch value {
        case .int, .double:
            return PlaygroundError("type '\(type)' cannot be used as a boolean; test for '!= 0' instead")
        case .null:
            return PlaygroundError("an optional (here nil) cannot be used as a boolean; test for '!= nil' instead")
        default:
            return PlaygroundError("cannot convert value of type '\(type)' to expected condition type 'Bool'")
        }
    }

    /// `await future.value`: the first value the publisher sends when subscribed to, if it sends one
    /// at once (a `Future` already fulfilled, `Just`); its failure is thrown, as Swift's `value` throws
    /// it. The playground does not wait inside a statement for a value still to come.
    static func firstValue(of publisher: PublisherValue) throws -> Value {
        let outcome = LockedValue<Result<Value, PlaygroundError>?>(nil)
        let subscription = publisher.pipe.first().sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion {
                    outcome.withLock { if $0 == nil { $0 = .failure(error) } }
                }
            },
            receiveValue: { value in outcome.withLock { if $0 == nil { $0 = .success(value) } } })
        subscription.cancel()
        switch outcome.withLock({ $0 }) {
        case .success(let value)?: return value
        case .failure(let error)?:
            var thrown = error
            thrown.isThrown = true
            throw thrown
        case nil:
            throw PlaygroundError("`\(publisher.description).value` would wait for a value not sent yet, and the "
                + "playground does not wait inside a statement: loop over it with `for await v in "
                + "\(publisher.description).values { ... }`, or subscribe with a sink")
        }
    }

    static func member(_ name: String, of value: Value) throws -> Value {
        if let member = try value.rangeMember(name) { return member }
        if let member = value.dateMember(name) ?? value.setMember(name) ?? value.dataMember(name) { return member }
        switch (value, name) {
        case (.record, _):
            if let field = value.field(name) { return field }
            // `result.get()` (read as a member when written without arguments): Swift's `Result`'s.
            if name == "get", let got = try value.resultGet() { return got }
            if name == "publisher", let publisher = value.resultPublisher { return publisher }
            if let caseName = value.enumCaseName, case .record(let fields) = value,
                case .instance(let type) = fields.kind
            {
                // An enumeration's case: its fields are the playground's own, never shown.
                throw PlaygroundError("value of type '\(type)' has no member '\(name)' (it is the case `\(caseName)`; "
                    + "read the values a case carries with `switch` or `if case .\(caseName)(let v) = ...`)")
            }
            if case .record(let fields) = value {
                // A dictionary's own members, where no field has the name.
                switch name {
                case "count": return .int(fields.count)
                case "isEmpty": return .bool(fields.isEmpty)
                case "keys": return .array(fields.map(\.keyValue))
                case "values": return .array(fields.map(\.value))
                default: break
                }
                let shown = fields.prefix(12).map(\.name).joined(separator: ", ")
                let names = fields.count > 12 ? "\(shown), … (\(fields.count) in all)" : shown
                let written = "\(value)"
                let quoted = written.count > 80 ? String(written.prefix(79)) + "…}" : written
                throw PlaygroundError("record \(quoted) has no member `\(name)`; it has: \(names)")
            }
        case (.object(let object), _):
            if object.closureProperties.contains(name) { return try object.closurePropertyValue(name) }
            if let property = object.value(of: name) { return property }
            if object.methods[name] != nil { return try object.call(name, []) }
            if name == "objectWillChange" {
                let changes = object.holding(object.objectWillChange.map { Value.void }.pipe())
                return .publisher(
                    PublisherValue(changes, description: "\(object.name).objectWillChange") { [weak object] _ in
                        object?.objectWillChange.send()
                    })
            }
            if name.hasPrefix("$"), let published = object.projected(String(name.dropFirst())) {
                let values = object.holding(published.pipe())
                return .publisher(PublisherValue(values, description: "\(object.name).\(name)"))
            }
            let hint = Suggestion.closest(to: name, in: object.propertyNames).map { "; did you mean `\($0)`?" }
                ?? "; it has: \(object.propertyNames.joined(separator: ", "))"
            throw PlaygroundError("\(object.name) has no property `\(name)`\(hint)")
        case (.publisher(let publisher), "value"):
            return try firstValue(of: publisher)
        case (.array(let items), "publisher"):
            return .publisher(PublisherValue(sequence: items, of: .array, description: "\(value).publisher"))
        case (.int, "publisher"), (.double, "publisher"), (.bool, "publisher"), (.null, "publisher"):
            // `optional.publisher` (the checker allows it only on an optional): the engine's
            // `Optional.Publisher` of the value or of none, whose own operators a chain from it picks.
            let outcome = EagerValue.optional(value == .null ? nil : value)
            return .publisher(PublisherValue(eager: outcome, description: "\(value).publisher"))
        case (.array(let items), "count"): return .int(items.count)
        case (.array(let items), "first"): return items.first ?? .null
        case (.array(let items), "last"): return items.last ?? .null
        case (.array(let items), "isEmpty"): return .bool(items.isEmpty)
        case (.string(let text), "count"): return .int(text.count)
        case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
        // A Character is a one-letter string here; an empty string's `first` is nil, as Swift's.
        case (.string(let text), "first"): return text.first.map { .string(String($0)) } ?? .null
        case (.string(let text), "last"): return text.last.map { .string(String($0)) } ?? .null
        // `7.description`, `\.description`: the text Swift's `description` gives (a string is its own).
        case (.int, "description"), (.double, "description"), (.bool, "description"), (.string, "description"):
            return .string(Functions.text(value))
        case (.string(let text), "uppercased"): return .string(text.uppercased())
        case (.string(let text), "lowercased"): return .string(text.lowercased())
        default: break
        }
        throw PlaygroundError("\(value.kindName) \(value) has no member `\(name)`")
    }

    static func subscriptValue(_ base: Value, _ index: Value) throws -> Value {
        switch (base, index) {
        case (.array(let items), .int(let position)):
            guard items.indices.contains(position) else {
                throw PlaygroundError("index \(position) is out of range for \(base) (\(items.count) element"
                    + "\(items.count == 1 ? "" : "s"))")
            }
            return items[position]
        case (.record(let fields), .int(let position)) where fields.kind == .tuple:
            // `pair.0`: a tuple's element by position, labelled or not.
            guard fields.indices.contains(position) else {
                throw PlaygroundError("\(base) has no element .\(position): it has \(fields.count)")
            }
            return fields[position].value
        case (.record(let fields), .string(let key)):
            // A dictionary's subscript: the value for the key, or nil when it has none, as Swift's.
            return fields.first { $0.name == key }?.value ?? .null
        case (.record(let fields), _) where fields.kind == .dictionary && index.isDictionaryKey:
            // `d[1]`, `d[Level.low]`: a dictionary's key of another type.
            return fields[key: index] ?? .null
        case (.string(let text), .int(let position)):
            guard position >= 0, position < text.count else {
                throw PlaygroundError("index \(position) is out of range for \(base)")
            }
            return .string(String(text[text.index(text.startIndex, offsetBy: position)]))
        case (.array(let items), _) where index.rangeBounds != nil:
            // `xs[1..<3]`, `xs[1...2]`: the elements in the range (Swift's slice), its bounds checked.
            guard let (lower, upper, closed) = index.rangeBounds, case .int(let from) = lower,
                case .int(let last) = upper
            else { throw PlaygroundError("an array's range of positions is of Ints, such as `xs[1..<3]`") }
            let inBounds = closed ? last < items.count && from <= last + 1 : last <= items.count && from <= last
            guard from >= 0, inBounds else {
                throw PlaygroundError("range \(index) is out of bounds for \(base) (\(items.count) element"
                    + "\(items.count == 1 ? "" : "s"))")
            }
            return .array(Array(items[from..<(closed ? last + 1 : last)]))
        default:
            throw PlaygroundError("cannot index \(base.kindName) \(base) with \(index.kindName) \(index)")
        }
    }

    static func apply(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
        switch op {
        case .equal: return .bool(lhs.looselyEquals(rhs))
        case .notEqual: return .bool(!lhs.looselyEquals(rhs))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = lhs.compare(to: rhs) else {
                throw PlaygroundError("cannot compare \(lhs.kindName) \(lhs) with \(rhs.kindName) \(rhs)")
            }
            switch op {
            case .less: return .bool(order == .orderedAscending)
            case .lessOrEqual: return .bool(order != .orderedDescending)
            case .greater: return .bool(order == .orderedDescending)
            default: return .bool(order != .orderedAscending)
            }
        case .plus:
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): return .string(try joined(a, b))
            case (.string(let a), _): return .string(try joined(a, Functions.text(rhs)))
            case (_, .string(let b)): return .string(try joined(Functions.text(lhs), b))
            case (.array(let a), .array(let b)):
                // A closure doubling its accumulator (`scan([1]) { $0 + $0 }`) would soon take
                // all memory; past a million elements it fails instead.
                guard a.count + b.count <= 1_000_000 else {
                    throw PlaygroundError(
                        "joining arrays of \(a.count) and \(b.count) elements would pass 1,000,000 elements")
                }
                return .array(a + b)
            default: return try arithmetic(op, lhs, rhs)
            }
        default:
            return try arithmetic(op, lhs, rhs)
        }
    }

    /// Two strings joined, up to 16 MB of text (a closure doubling its string would take all
    /// memory otherwise).
    private static func joined(_ a: String, _ b: String) throws -> String {
        guard a.utf8.count + b.utf8.count <= 1 << 24 else {
            throw PlaygroundError("joining strings of \(a.utf8.count) and \(b.utf8.count) bytes would pass 16 MB")
        }
        return a + b
    }

    private static func arithmetic(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
        if case .int(let a) = lhs, case .int(let b) = rhs {
            switch op {
            case .plus, .minus, .times:
                let (result, overflow) = op == .plus ? a.addingReportingOverflow(b)
                    : op == .minus ? a.subtractingReportingOverflow(b) : a.multipliedReportingOverflow(by: b)
                if overflow { throw PlaygroundError("\(a) \(op) \(b) overflows") }
                return .int(result)
            case .divide, .remainder:
                guard b != 0 else { throw PlaygroundError("division by zero: \(a) \(op) 0") }
                if a == Int.min && b == -1 { throw PlaygroundError("\(a) \(op) \(b) overflows") }
                return .int(op == .divide ? a / b : a % b)
            default: break
            }
        }
        guard let a = lhs.numeric, let b = rhs.numeric else {
            throw PlaygroundError("cannot apply `\(op)` to \(lhs.kindName) \(lhs) and \(rhs.kindName) \(rhs)")
        }
        switch op {
        case .plus: return .double(a + b)
        case .minus: return .double(a - b)
        case .times: return .double(a * b)
        case .divide:
            guard b != 0 else { throw PlaygroundError("division by zero: \(lhs) / \(rhs)") }
            return .double(a / b)
        case .remainder:
            guard b != 0 else { throw PlaygroundError("division by zero: \(lhs) % \(rhs)") }
            return .double(a.truncatingRemainder(dividingBy: b))
        default:
            throw PlaygroundError("unknown operator `\(op)`")
        }
    }
}

extension Expression {
    /// A body's variable, loop or `returning` with each of its parts changed by `transform` (the
    /// session binds names this way); any other expression as it is.
    func mappingBodyParts(_ transform: (Expression) throws -> Expression) rethrows -> Expression {
        switch self {
        case .newVariable(let value): return .newVariable(try transform(value))
        case .variable(let variable): return .variable(try transform(variable))
        case .setVariable(let variable, let value, let token):
            return .setVariable(try transform(variable), try transform(value), at: token)
        case .loop(let loop): return .loop(try loop.map(transform))
        case .returning(let body): return .returning(try transform(body))
        default: return self
        }
    }
}

/// An expression is not `Sendable` (it holds pipelines' syntax and bound closures): said here, so that
/// the compiler does not infer it, which the Swift 6.2 compiler can get caught in (a "circular
/// reference" through a tuple holding an `Expression`, reported at an unrelated line).
@available(*, unavailable)
extension Expression: Sendable {}

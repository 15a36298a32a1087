/// Swift's type errors in an expression, found before it runs: a member the value's type does not
/// have, an operator between types it does not join, a condition that is not a `Bool`. Types come
/// from `type(of:arguments:)`; where one is not known, nothing is reported.
extension TypeChecker {
    func checkExpression(_ expression: Expression, arguments: [ValueType], depth: Int = 0) throws {
        guard depth < 64 else { return }
        func check(_ inner: Expression) throws { try checkExpression(inner, arguments: arguments, depth: depth + 1) }
        func typed(_ inner: Expression) -> ValueType { type(of: inner, arguments: arguments) }
        switch expression {
        case .member(let base, let member):
            try check(base)
            try checkMember(member, of: typed(base))
        case .optionalMember(let base, let member):
            try check(base)
            try checkMember(member, of: typed(base).unwrapped)
        case .call(".set", let parameters) where parameters.count == 3:
            // `node.value += 1`: an object's property set; a plain value's (`s.count = 1`) cannot be.
            for parameter in parameters { try check(parameter) }
            let owner = typed(parameters[0])
            if owner.isKnownPlainType, case .literal(.string(let property)) = parameters[1] {
                throw TypeMismatch(
                    message: "cannot assign to property '\(property)' of a value of type '\(owner.swiftName)': only an "
                        + "object's properties are set here (an instance of a `class`)",
                    near: nil)
            }
        case .call(let name, let parameters) where name.hasPrefix(".") && !parameters.isEmpty:
            for parameter in parameters { try check(parameter) }
            try checkMember(String(name.dropFirst()), of: typed(parameters[0]))
        case .namedCall(let name, let parameters, _) where name.hasSuffix(".send") && parameters.count == 1:
            try check(parameters[0])
            try checkSend(parameters[0], to: String(name.dropLast(5)), arguments: arguments)
        case .namedCall(let name, let parameters, let token) where name.contains(".") && entries[name] == nil:
            // `kept.uppercased()`: a method called on a value the session named.
            for parameter in parameters { try check(parameter) }
            // `words.last.uppercased()`: each member after the first is one of what comes before it.
            let parts = name.split(separator: ".").map(String.init)
            guard parts.count >= 2, case .value? = entries[parts[0]] else { return }
            var base = Expression.name(parts[0], token)
            for member in parts.dropFirst() {
                try checkMember(member, of: typed(base))
                base = .member(base, member)
            }
        case .binary(let op, let left, let right):
            try check(left)
            try check(right)
            try checkOperator(op, left, typed(left), right, typed(right))
        case .unary("!", let operand):
            try check(operand)
            if let message = TypeMismatch.conversion(from: typed(operand), to: .bool, as: "expected argument type") {
                throw TypeMismatch(message: message, near: "!")
            }
        case .conditional(.binary(.equal, let base, .literal(.null)), .literal(.null), let call)
            where TypeChecker.chainedCall(call, on: base) != nil:
            // `words.last?.uppercased()`: the method is called on the optional's value, only when there is one.
            guard let (name, arguments) = TypeChecker.chainedCall(call, on: base) else { return }
            try check(base)
            for argument in arguments { try check(argument) }
            try checkMember(name, of: typed(base).unwrapped)
        case .conditional(let condition, let whenTrue, let whenFalse):
            try check(condition)
            // `if let v = value, v > 10`: where the binding's test holds, its value is no longer optional.
            try checkExpression(
                whenTrue, arguments: TypeChecker.unwrapping(arguments, testedBy: condition), depth: depth + 1)
            try check(whenFalse)
            let type = typed(condition)
            if type.isKnownPlainType, type != .bool {
                throw TypeMismatch(message: TypeMismatch.notABoolean(type), near: "?")
            }
        case .local(let slot, let value, let body):
            try check(value)
            let kept = (0..<slot).map { $0 < arguments.count ? arguments[$0] : ValueType.value }
            try checkExpression(body, arguments: kept + [typed(value)], depth: depth + 1)
        case .setVariable(let variable, let value, let token):
            do {
                try check(value)
            } catch var mismatch as TypeMismatch where mismatch.token == nil && mismatch.near == nil {
                // `xs[0] = "a"`: the element's type error points at the assignment.
                mismatch.token = token
                throw mismatch
            }
            let (actual, expected) = (typed(value), typed(variable))
            guard TypeMismatch.fits(actual, expected) else {
                var mismatch = TypeMismatch(
                    message: "cannot assign value of type '\(actual.swiftName)' to type '\(expected.swiftName)'",
                    near: nil)
                mismatch.token = token
                throw mismatch
            }
        case .loop(let loop):
            try checkLoop(loop, arguments: arguments, depth: depth + 1)
        case .call("#typed", let parts) where parts.count == 4:
            // `let x: Int = "s"` in a block: the value must be of the type written.
            try check(parts[1])
            try checkDeclaredValue(parts, typed(parts[1]))
        case .call(ElementUpdate.element, let parts) where parts.count == 3:
            // `xs[0] = "a"` on an `[Int]`: the element must be of the container's element type.
            for part in parts { try check(part) }
            let element: ValueType? = switch typed(parts[0]) {
            case .array(let item): item
            case .dictionary(_, let value): .optional(value.unwrapped)
            default: nil
            }
            let actual = typed(parts[2])
            if let element, !TypeMismatch.fits(actual, element) {
                let expected = element.unwrapped.swiftName
                throw TypeMismatch(
                    message: "cannot assign value of type '\(actual.swiftName)' to type '\(expected)'", near: nil)
            }
        case .pipeline(let syntax):
            let base: Expression
            switch syntax.source {
            case .expression(let expression): base = expression
            // `kept.uppercased()`: a method called on a value the session named.
            case .name(let token):
                guard case .value? = entries[token.display] else { return }
                base = .name(token.display, token)
            default: return
            }
            try check(base)
            // A method called on a plain value (`$0.uppercased()` on an Int): the first call is the
            // one whose receiver is known.
            guard let first = syntax.operators.first else { return }
            let receiver = typed(base)
            try checkMember(first.name, of: receiver)
            // `xs.append("a")` on an `[Int]`: the element must be the array's.
            let method = first.name.hasPrefix("&") ? String(first.name.dropFirst()) : first.name
            // `seen.insert("a")` on a `Set<Int>`, and what it removes, also.
            let checked = receiver.isSet ? ["insert", "remove", "update"] : ["append", "insert"]
            let element: ValueType? = switch receiver {
            case .array(let element), .set(let element): element
            case .string where method == "append": .string
            default: nil
            }
            if checked.contains(method), let element,
                let argument = first.arguments.first, argument.label == nil,
                case .expression(let added) = argument.content
            {
                try check(added)
                let role = "expected argument type"
                if let message = TypeMismatch.conversion(from: typed(added), to: element, as: role) {
                    throw TypeMismatch(message: message, near: "." + method)
                }
            }
        default:
            for part in expression.parts { try check(part) }
        }
    }

    /// Refuses a declaration's value (`let x: Int = "s"` in a block; `parts` are the type written,
    /// the value and where it is written) whose type `actual` is not the one written, as Swift does.
    private func checkDeclaredValue(_ parts: [Expression], _ actual: ValueType) throws {
        guard case .literal(.string(let written)) = parts[0], case .literal(.int(let offset)) = parts[2],
            case .literal(.int(let length)) = parts[3], !TypeChecker.isImpliedMember(parts[1], length: length),
            let message = TypeMismatch.conversion(from: actual, to: ValueType(written: written), as: "specified type")
        else { return }
        var mismatch = TypeMismatch(message: message, near: nil)
        mismatch.token = Token(kind: .end, offset: offset, length: length)
        throw mismatch
    }

    /// Whether `value`, written in `length` characters, is an implied member (`.pi`, `.max`), which
    /// reads as the text of its name (`"pi"` is two characters longer) and whose type is not known here.
    static func isImpliedMember(_ value: Expression, length: Int) -> Bool {
        guard case .literal(.string(let name)) = value else { return false }
        return length == name.utf16.count + 1
    }

    /// Refuses `base.member` where Swift's type `base` has no such member.
    private func checkMember(_ member: String, of base: ValueType) throws {
        // `n.notify(queue: .main) { ... }` is read as the group's notify (Parser+RunLoop.swift).
        let name = member == Parser.groupNotify ? "notify" : member.hasPrefix("&") ? String(member.dropFirst()) : member
        // `"hi".shout()`: a member an extension gave Swift's type.
        if let extended = SwiftTypeExtensions.typeName(of: base).flatMap({ extendedSwiftTypes[$0] }),
            extended.methods.contains(where: { $0.name.display == name })
        {
            return
        }
        if case .optional(let wrapped) = base, SwiftMembers.lacks(.optional(wrapped), name),
            !SwiftMembers.lacks(wrapped, name), SwiftMembers.members(of: wrapped) != nil
        {
            throw TypeMismatch(message: "value of optional type '\(base.swiftName)' must be unwrapped to refer to "
                + "member '\(name)' of wrapped base type '\(wrapped.swiftName)': chain it with `?.\(name)` "
                + "(nil stays nil) or unwrap it first (`if let`, `??`)", near: "." + name)
        }
        guard SwiftMembers.lacks(base, name) else { return }
        throw TypeMismatch(message: "value of type '\(base.swiftName)' has no member '\(name)'", near: "." + name)
    }

    /// Refuses an operator between operands Swift does not join with it.
    private func checkOperator(
        _ op: BinaryOperator, _ left: Expression, _ leftType: ValueType, _ right: Expression, _ rightType: ValueType
    ) throws {
        guard leftType.isKnownPlainType, rightType.isKnownPlainType else { return }
        let near = op.rawValue
        switch op {
        case .coalesce:
            return
        case .and, .or:
            for side in [leftType, rightType] where side != .bool {
                throw TypeMismatch(
                    message: "cannot convert value of type '\(side.swiftName)' to expected argument type 'Bool'",
                    near: near)
            }
            return
        default:
            break
        }
        // An integer literal takes the other side's number type, as Swift's literals do.
        let (a, b) = (left.isIntegerLiteral && rightType == .double ? .double : leftType,
            right.isIntegerLiteral && leftType == .double ? .double : rightType)
        let fits: Bool
        switch op {
        case .equal, .notEqual:
            fits = a == b || a.unwrapped == b.unwrapped || a == .optional(.value) || b == .optional(.value)
                || (a.unwrapped.isNumber && b.unwrapped.isNumber && (left.isIntegerLiteral || right.isIntegerLiteral))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            fits = a == b && [.int, .double, .string].contains(a)
        case .plus:
            if case .array = a, case .array = b { fits = TypeMismatch.fits(b, a) || TypeMismatch.fits(a, b) } else {
                fits = a == b && [.int, .double, .string].contains(a)
            }
        case .remainder:
            fits = a == b && a == .int
        default:
            fits = a == b && a.isNumber
        }
        guard !fits else { return }
        let message = a == b
            ? "binary operator '\(op)' cannot be applied to two '\(a.swiftName)' operands"
            : "binary operator '\(op)' cannot be applied to operands of type '\(a.swiftName)' and '\(b.swiftName)'"
        throw TypeMismatch(message: message, near: near)
    }
}

extension TypeChecker {
    /// The method's name and arguments where `call` is one called through an optional chain on `base`
    /// (`base?.m(...)`, which the parser reads as `base == nil ? nil : base.m(...)`): the call's receiver
    /// is `base` itself. Nil for anything else.
    static func chainedCall(_ call: Expression, on base: Expression) -> (String, [Expression])? {
        let same = { (receiver: Expression) in String(describing: receiver) == String(describing: base) }
        switch call {
        case .call(let name, let parameters) where name.hasPrefix("."):
            guard let receiver = parameters.first, same(receiver) else { return nil }
            return (String(name.dropFirst()), Array(parameters.dropFirst()))
        case .member(let receiver, let name) where same(receiver):
            return (name, [])
        default:
            return nil
        }
    }
}

extension Expression {
    /// Whether this is an integer literal (`2`, `-1`), which Swift reads as a `Double` beside one.
    var isIntegerLiteral: Bool {
        switch self {
        case .literal(.int): return true
        case .unary("-", let operand): return operand.isIntegerLiteral
        default: return false
        }
    }
}

extension TypeChecker {
    /// The type a subject was declared to send (`PassthroughSubject<Int, Never>`), if it was.
    func declaredOutput(ofSubject name: String) -> ValueType? {
        guard case .subject(let subject)? = entries[name], subject.declaredTypes != nil else { return nil }
        return subjectType(subject).output
    }

    /// Refuses sending a value whose type is not the subject's declared Output, as Swift's
    /// `send(_:)` does, before anything is sent.
    func checkSend(_ value: Expression, to subject: String, arguments: [ValueType] = []) throws {
        guard let output = declaredOutput(ofSubject: subject) else { return }
        let type = type(of: value, arguments: arguments)
        if let message = TypeMismatch.conversion(from: type, to: output, as: "expected argument type") {
            throw TypeMismatch(message: message, near: nil)
        }
    }

}

/// The type of an expression as Swift would infer it, given the types of the closure's arguments:
/// what `types` shows a closure's stage sends. Names are looked up in the session (subjects,
/// pipelines, objects and their declared classes, functions); what cannot be known is `Value`.
extension TypeChecker {
    func type(of expression: Expression, arguments: [ValueType], depth: Int = 0) -> ValueType {
        guard depth < 64 else { return .value }
        let next = depth + 1
        func typed(_ expression: Expression) -> ValueType { type(of: expression, arguments: arguments, depth: next) }
        switch expression {
        case .literal(let value):
            return ValueType(of: value)
        case .array(let items):
            return .array(ValueType.join(items.map(typed)))
        case .record(let fields):
            return .record(fields.map { ValueType.RecordField(name: $0.0, type: typed($0.1)) })
        case .tuple(let fields):
            let labels = fields.map { Int($0.0) == nil ? $0.0 : "" }
            return .tuple(fields.map { typed($0.1) }, labels: labels.allSatisfy(\.isEmpty) ? [] : labels)
        case .dictionary(let fields):
            // `[:]` may be a dictionary of any key (`let d: [Int: String] = [:]`).
            let value = ValueType.join(fields.map { typed($0.1) })
            return .dictionary(key: fields.isEmpty ? .value : ValueType.join(fields.map { typed($0.0) }), value: value)
        case .argument(let index):
            return index < arguments.count ? arguments[index] : .value
        case .captured:
            return .value
        case .member(.name(Value.dateType, _), "now") where entries[Value.dateType] == nil:
            return .named(Value.dateType)
        case .member(.name(let root, _), let member):
            if case .object(let object)? = entries[root] { return memberType(member, of: object) }
            return memberType(member, of: typed(.name(root, Token(kind: .end, offset: 0, length: 0))))
        case .member(let base, let member):
            return memberType(member, of: typed(base))
        case .optionalMember(let base, let member):
            let base = typed(base)
            // An optional chain's value is optional, whatever its member's type (`words.first?.first`).
            let result = memberType(member, of: base.unwrapped)
            return base == .value && result == .value ? .value : .optional(result.unwrapped)
        case .index(let base, let index):
            switch (typed(base), index) {
            case (.array(let element), _): return element
            // A dictionary's subscript gives an optional, as Swift's does: the key may be missing.
            case (.dictionary(_, let value), _): return .optional(value.unwrapped)
            case (.tuple(let items, _), .literal(.int(let position))) where items.indices.contains(position):
                return items[position]
            case (.record(let fields), .literal(.string(let name))):
                return fields.first { $0.name == name }?.type ?? .value
            case (.string, _): return .string
            default: return .value
            }
        case .unary(let op, let operand):
            return op == "!" ? .bool : typed(operand)
        case .binary(let op, let left, let right):
            return binaryType(op, typed(left), typed(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            let unwrapped = TypeChecker.unwrapping(arguments, testedBy: condition)
            return ValueType.join(type(of: whenTrue, arguments: unwrapped, depth: next), typed(whenFalse))
        case .local(let slot, let value, let body):
            let kept = (0..<slot).map { $0 < arguments.count ? arguments[$0] : ValueType.value }
            return type(of: body, arguments: kept + [typed(value)], depth: next)
        case .newVariable(let value), .variable(let value), .returning(let value):
            // A body's `var` has its first value's type (or the type written), as Swift infers it.
            return typed(value)
        case .loop(let loop):
            // A `defer` gives what the statements after it give; a loop runs for its effect.
            if case .deferred = loop.kind { return typed(loop.body) }
            return .void
        case .setVariable:
            return .void
        case .call("#typed", let parameters):
            guard parameters.count >= 2, case .literal(.string(let written)) = parameters[0] else { return .value }
            if written == "Set", case .array(let element) = typed(parameters[1]) { return .set(element) }
            return ValueType(written: written)
        case .call(let cast, let parameters) where ["as?", "as!"].contains(cast) && parameters.count == 2:
            // `error as? APIError` is an optional `APIError` (printed `Optional(APIError.bad)`), `as!` one.
            guard case .literal(.string(let written)) = parameters[1] else { return .value }
            let target = ValueType(written: written)
            return cast == "as?" ? .optional(target.unwrapped) : target
        case .call(let name, let parameters):
            let types = parameters.map(typed)
            switch name {
            case "abs", ElementUpdate.element, ElementUpdate.field: return types.first ?? .value
            case "#random":
                // `Int.random(in:)`, `Double.random(in:)`, `Bool.random()`: the type's name comes first.
                guard case .literal(.string(let typeName))? = parameters.first else { return .value }
                return ValueType(written: typeName)
            case "#repeatedText", "#textDecoding": return .string
            case "#textOfData": return .optional(.string)
            case ".data": return .optional(.named(Value.dataType))
            case "#range" where parameters.count == 3:
                // `1...3` is a `ClosedRange<Int>`, `0.0..<1.0` a `Range<Double>`.
                guard case .literal(.bool(let closed)) = parameters[2] else { return .value }
                let decimals = types[0] == .double || types[1] == .double
                return .range(decimals ? .double : ValueType.join(types[0], types[1]), closed: closed)
            case "#array":
                switch types.first {
                case .range(let bound, _)?, .array(let bound)?, .set(let bound)?: return .array(bound)
                case .string?: return .array(.string)
                default: return .array(.value)
                }
            case "#dictionary":
                // `Dictionary(uniqueKeysWithValues:)` of `(key, value)` pairs.
                guard let pairs = types.first, case .tuple(let parts, _) = TypeChecker.elementType(of: pairs),
                    parts.count == 2
                else { return .dictionary(key: .value, value: .value) }
                return .dictionary(key: parts[0], value: parts[1])
            case "#strideTo", "#strideThrough": return .array(types.contains(.double) ? .double : ValueType.join(types))
            case "Optional": return .optional((types.first ?? .value).unwrapped)
            case Parser.unwrapping: return (types.first ?? .value).unwrapped
            case "min", "max": return ValueType.join(types)
            case "zip" where types.count == 2:
                return .array(.tuple(types.map { TypeChecker.elementType(of: $0) }))
            case "string", "uppercased", "lowercased", "String": return .string
            case "Int", "Double":
                let number: ValueType = name == "Int" ? .int : .double
                return types.first == .string ? .optional(number) : number
            case "int", "count": return .int
            case "double": return .double
            case "isNil", ".isMultiple", ".hasPrefix", ".hasSuffix", ".contains": return .bool
            case ".components", ".split": return .array(.string)
            case ".joined", ".replacingOccurrences": return .string
            case ".prefix", ".suffix", ".dropFirst", ".dropLast", ".reversed", ".sorted": return types.first ?? .value
            default: return .value
            }
        case .name(let name, _):
            switch entries[name] {
            case .subject(let subject)?: return subjectType(subject).publisherType
            case .pipeline(let pipeline)?:
                return (try? stageTypes(of: pipeline.syntax, arguments: [], depth: next).last?.publisherType) ?? .value
            case .object(let object)?: return .object(object.typeName ?? object.name)
            case .binding(let binding)?: return memberType(binding.property, of: binding.object)
            case .value(let named)?: return named.type ?? ValueType(of: named.value)
            default: return .value
            }
        case .namedCall(Parser.optionalTry, let parameters, _) where parameters.count == 1:
            let attempted = typed(parameters[0])
            return attempted == .value ? .value : .optional(attempted.unwrapped)
        case .namedCall(let name, let parameters, _):
            if case .function(let function)? = entries[name] {
                // As declared (`-> Double`), else as its body gives with the arguments as declared.
                if let declared = function.returnType, declared.isKnownPlainType { return declared }
                guard let body = function.written else { return .value }
                let arguments = parameters.enumerated().map { index, parameter in
                    let declared = index < function.parameterTypes.count ? function.parameterTypes[index] : .value
                    return declared == .value ? typed(parameter) : declared
                }
                return type(of: body, arguments: arguments, depth: next)
            }
            if [Value.dateType, Value.dataType].contains(name), entries[name] == nil, classes[name] == nil {
                return .named(name)
            }
            if JSONCoderObject.typeNames.contains(name), entries[name] == nil, classes[name] == nil {
                return .object(name)
            }
            if name.hasPrefix("Date.now."), entries[Value.dateType] == nil {
                return TypeChecker.dateMethodType(String(name.dropFirst("Date.now.".count)))
            }
            if name == Parser.runLoopRun { return .void }
            if name == "type", parameters.count == 1, entries[name] == nil {
                let type = typed(parameters[0])
                return type == .value ? .value : .named("\(type).Type")
            }
            if Functions.all.contains(where: { $0.name == name }) {
                return typed(.call(name, parameters))
            }
            if name == "NotificationCenter.default.publisher" {
                return .publisher(output: .named("Notification"), failure: .never)
            }
            return .value
        case .pipeline(let syntax):
            if case .expression(let base) = syntax.source {
                let start = typed(base)
                switch start {
                case .publisher, .value: break
                default:
                    // `$0.filter { $0 > 2 }` on an array: Array's methods, typed as Swift types them.
                    return syntax.operators.reduce(start) { methodType($1, on: $0, depth: next) }
                }
            }
            return (try? stageTypes(of: syntax, arguments: arguments, depth: next).last?.publisherType) ?? .value
        case .bound:
            return .value
        }
    }

    /// The type a collection method gives on a value of type `receiver` (`Value` where it cannot tell).
    func methodType(_ call: OperatorCall, on receiver: ValueType, depth: Int) -> ValueType {
        var element = ValueType.value
        var receiver = receiver
        switch receiver {
        case .array(let inner): element = inner
        case .set(let inner):
            // A set's own methods give sets or answers; the rest are a sequence's (`sorted()` is an array).
            element = inner
            switch call.name {
            case "union", "intersection", "subtracting", "symmetricDifference", "filter": return receiver
            case "isSubset", "isSuperset", "isDisjoint", "isStrictSubset", "isStrictSuperset": return .bool
            case "sorted", "shuffled", "reversed": return .array(inner)
            default: receiver = .array(inner)
            }
        case .string: element = .string
        case .range(let bound, _):
            // A range's methods other than its own go through its elements, giving arrays.
            element = bound
            receiver = .array(bound)
        default: break
        }
        let closure = call.trailingClosure ?? call.arguments.lazy.compactMap {
            if case .closure(let closure) = $0.content { closure } else { nil }
        }.first
        func closureType(_ arguments: [ValueType]) -> ValueType {
            closure.map { type(of: $0.body, arguments: arguments, depth: depth) } ?? .value
        }
        let name = call.name.hasPrefix("&") ? String(call.name.dropFirst()) : call.name
        if receiver == .named(Value.dateType) { return TypeChecker.dateMethodType(name) }
        if case .object(let coder) = receiver, JSONCoderObject.typeNames.contains(coder) {
            return JSONCoderObject.resultType(of: call)
        }
        if receiver == .string, name == "data" { return .optional(.named(Value.dataType)) }
        if case .optional(let wrapped) = receiver, ["map", "flatMap"].contains(name) {
            // `Optional.map`: the closure's result, nil if the value is.
            return .optional(closureType([wrapped]).unwrapped)
        }
        switch name {
        case "map": return .array(closureType([element]))
        case "compactMap": return .array(closureType([element]).unwrapped)
        case "flatMap":
            if case .array(let inner) = closureType([element]) { return .array(inner) }
            return .array(.value)
        case "filter", "sorted", "reversed", "prefix", "suffix", "dropFirst", "dropLast", "drop", "shuffled":
            return receiver
        case "contains", "allSatisfy", "isEmpty": return .bool
        case "count": return .int
        case "first", "last", "min", "max", "popLast": return .optional(element)
        // `queue.removeFirst()`, `xs.remove(at: 0)`: the element taken out (`removeFirst(2)` gives none).
        case "removeFirst" where call.arguments.isEmpty, "removeLast" where call.arguments.isEmpty: return element
        case "remove" where call.arguments.first?.label == "at": return element
        case "firstIndex", "lastIndex": return .optional(.int)
        case "joined": return .string
        case Parser.groupingMethod: return .dictionary(key: closureType([element]), value: receiver)
        case "enumerated": return .array(.tuple([.int, element], labels: ["offset", "element"]))
        case "reduce":
            guard case .expression(let initial)? = call.arguments.first?.content else { return .value }
            // `prices.reduce(0, +)` over Doubles: Swift infers the literal 0 as a Double, as the
            // elements are (unless the closure gives something else).
            if case .literal(.int) = initial, element == .double,
                closure == nil || closureType([.double, element]) == .double
            {
                return .double
            }
            return type(of: initial, arguments: [], depth: depth)
        default: return .value
        }
    }

    /// The type of `base.member`: a record's field, an array's or a string's properties, a tuple's
    /// `.0`, `[...].publisher`.
    func memberType(_ member: String, of base: ValueType) -> ValueType {
        switch (base, member) {
        case (.record(let fields), _): return fields.first { $0.name == member }?.type ?? .value
        case (.tuple, _):
            return base.tupleElement(member) ?? .value
        case (.array(let element), "publisher"), (.range(let element, _), "publisher"):
            return .publisher(output: element, failure: .never)
        case (.optional(let wrapped), "publisher"):
            // `optional.publisher`: an `Optional.Publisher`, of the value or of none.
            return .publisher(output: wrapped, failure: .never)
        case (.named(let written), "publisher") where written.contains("<"):
            // `result.publisher` of a `Result<Int, Error>`: its Success and Failure, as Swift's tree of the type
            // names them.
            guard let (name, arguments) = WrittenType(written).generic, name == "Result" || name == "Swift.Result",
                arguments.count == 2
            else { return .value }
            return .publisher(output: ValueType(written: arguments[0]), failure: FailureType(written: arguments[1]))
        case (.range, "count"): return .int
        case (.range, "isEmpty"): return .bool
        case (.range(let bound, _), "lowerBound"), (.range(let bound, _), "upperBound"): return bound
        case (.range(let bound, _), "first"), (.range(let bound, _), "last"): return .optional(bound)
        case (.array, "count"), (.string, "count"), (.set, "count"): return .int
        case (.array, "isEmpty"), (.string, "isEmpty"), (.set, "isEmpty"): return .bool
        case (.set(let element), "first"): return .optional(element)
        case (.array(let element), "first"), (.array(let element), "last"): return .optional(element)
        case (.string, "uppercased"), (.string, "lowercased"): return .string
        case (.int, "description"), (.double, "description"), (.bool, "description"), (.string, "description"):
            return .string
        case (.named(Value.dateType), "timeIntervalSince1970"),
            (.named(Value.dateType), "timeIntervalSinceReferenceDate"):
            return .double
        case (.object(let name), _):
            guard let object = objectNamed(name) else { return .value }
            return memberType(member, of: object)
        case (.named(let name), _):
            // A struct's stored property, as declared (`item.price` of `let price: Double`).
            guard let valueType = classes[name], valueType.isValueType,
                let written = valueType.properties.first(where: { $0.name.display == member && !$0.isStatic })?
                    .declaredType
            else { return .value }
            return ValueType(written: written)
        default: return .value
        }
    }

    /// A property of an object (its declared type, else its current value's), `$property` (the
    /// `Published` publisher) or `objectWillChange`.
    func memberType(_ member: String, of object: PlaygroundObject) -> ValueType {
        if member == "objectWillChange" { return .publisher(output: .void, failure: .never) }
        if member.hasPrefix("$") {
            let property = String(member.dropFirst())
            guard object.isPublished(property) else { return .value }
            return .publisher(output: propertyType(property, of: object), failure: .never)
        }
        return object.has(member) ? propertyType(member, of: object) : .value
    }

    /// A property's type: as its class declares it (`@Published var currentSong: Song? = nil`), or
    /// else the type of the value it started with.
    func propertyType(_ property: String, of object: PlaygroundObject) -> ValueType {
        if let typeName = object.typeName, let declaration = classes[typeName]?.properties.first(where: {
            $0.name.display == property
        }) {
            if let written = declaration.declaredType { return ValueType(written: written) }
            if let value = declaration.value { return type(of: value, arguments: []) }
            return .optional(.value)
        }
        return object.value(of: property).map(ValueType.init(of:)) ?? .value
    }

    /// The object a type name stands for in `memberType` (an object is typed by its class or name).
    private func objectNamed(_ name: String) -> PlaygroundObject? {
        for case .object(let object) in entries.values where (object.typeName ?? object.name) == name {
            return object
        }
        return nil
    }

    private func binaryType(_ op: BinaryOperator, _ lhs: ValueType, _ rhs: ValueType) -> ValueType {
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or:
            return .bool
        case .coalesce:
            return ValueType.join(lhs.unwrapped, rhs)
        case .plus where lhs == .string || rhs == .string:
            return .string
        case .plus:
            if case .array = lhs { return ValueType.join(lhs, rhs) }
            fallthrough
        default:
            switch (lhs, rhs) {
            case (.int, .int): return .int
            case (.double, .double), (.int, .double), (.double, .int): return .double
            default: return .value
            }
        }
    }
}

extension TypeChecker {
    /// `arguments` with the one `condition` tests against `nil` (`if let` and `guard let` read as
    /// `$slot != nil`) unwrapped: the types where the test holds.
    static func unwrapping(_ arguments: [ValueType], testedBy condition: Expression) -> [ValueType] {
        guard case .binary(.notEqual, .argument(let slot), .literal(.null)) = condition, slot < arguments.count
        else { return arguments }
        var unwrapped = arguments
        unwrapped[slot] = unwrapped[slot].unwrapped
        return unwrapped
    }
}

extension TypeChecker {
    /// The type a method of Foundation's `Date` gives: seconds between two dates (`Double`), or a date
    /// moved by seconds; `Value` for another.
    static func dateMethodType(_ name: String) -> ValueType {
        switch name {
        case "timeIntervalSince", "distance": return .double
        case "addingTimeInterval", "advanced": return .named(Value.dateType)
        default: return .value
        }
    }
}

extension TypeChecker {
    /// The type of what a loop over a value of `type` goes over: an array's, a set's or a range's
    /// elements, a string's characters, a dictionary's `(key, value)` pairs; `Value` for another.
    static func elementType(of type: ValueType) -> ValueType {
        switch type {
        case .array(let element), .set(let element), .range(let element, _): return element
        case .string: return .string
        case .dictionary(let key, let value): return .tuple([key, value], labels: ["key", "value"])
        default: return .value
        }
    }
}

import Conduit
import Foundation

/// Calls by name, resolved when a line is bound: a declared function, a struct's memberwise
/// initialiser, a class's object, `print`, UserDefaults, NotificationCenter and the other names the
/// playground knows.
extension Interpreter {
    /// A call by name: a declared function, `print(...)`, an object's `objectWillChange.send()`, a
    /// subject's `send(VALUE)`, or NotificationCenter's `publisher(for:)` and `post(name:object:)`.
    func resolveCall(_ name: String, _ arguments: [Expression], at token: Token) throws -> Expression {
        func evaluated(_ values: [Value]) -> [Value] { values }
        if let declaring = declaringFunction, declaring.name == name {
            // `fact(n - 1)` in the body of `fact`: the function being declared calls itself.
            guard arguments.count == declaring.parameterCount else {
                throw SyntaxError("`\(name)` takes \(declaring.parameterCount) argument"
                    + "\(declaring.parameterCount == 1 ? "" : "s")", at: token)
            }
            let call = declaring.call
            return .bound(BoundExpression { [weak call] values in
                guard let call else { throw PlaygroundError("`\(name)` is no longer declared") }
                return try call.call(try arguments.map { try $0.evaluate(values) })
            })
        }
        if case .function(let function)? = entries[name] {
            let count = function.parameters.count
            // Defaults fill the arguments left out, and a variadic parameter takes any number.
            let fitted = function.defaults.completing(Array(repeating: .null, count: arguments.count), count: count)
            guard fitted.count == count else {
                throw SyntaxError(
                    "`\(name)` takes \(function.parameters.count) "
                        + "argument\(function.parameters.count == 1 ? "" : "s"): \(function.usage)",
                    at: token
                )
            }
            let owner = building
            return .bound(
                BoundExpression { [weak self] values in
                    let evaluated = try arguments.map { try $0.evaluate(values) }
                    var result = try function.call(evaluated)
                    if case .publisher(let publisher) = result {
                        // Named by the call that made it: `search("swift")`.
                        let call = "\(name)(\(evaluated.map(\.description).joined(separator: ", ")))"
                        result = .publisher(PublisherValue(publisher.pipe, description: call))
                    }
                    return self?.tracked(result, owner: owner) ?? result
                })
        }
        if case .value(let named)? = entries[name] {
            // `incByTen()`: the closure a value holds.
            return try boundClosureCall(of: named, name, arguments, at: token)
        }
        if Functions.all.contains(where: { $0.name == name }) { return .call(name, arguments) }
        if let valueType = classes[name], valueType.isValueType {
            // `SearchCriteria()`, `Song(name: "x")`: a struct's value, a record of its fields.
            var labelled: [(String, Expression)] = []
            if let first = arguments.first {
                guard arguments.count == 1, case .record(let fields) = first else {
                    throw SyntaxError(
                        "`\(name)(...)` takes its fields by name, such as "
                            + "`\(name)(\(valueType.properties.first?.name.display ?? "field"): VALUE)`",
                        at: token
                    )
                }
                labelled = fields
            }
            let names = labelled.map(\.0)
            _ = try record(of: valueType, fields: names.map { ($0, Value.null) }, at: token)
            return .bound(
                BoundExpression { [weak self] values in
                    guard let self else { throw PlaygroundError("the session is gone") }
                    let given = try labelled.map { ($0.0, try $0.1.evaluate(values)) }
                    do {
                        return try self.record(of: valueType, fields: given, at: token)
                    } catch {
                        throw PlaygroundError(Interpreter.message(of: error))
                    }
                })
        }
        if let objectClass = classes[name] {
            // `Person()` inside a property's value, `EditStandupModel(standup: s)` in a method: an object.
            var labelled: [(String, Expression)] = []
            if objectClass.initialiser != nil {
                labelled = Interpreter.initialiserCall(arguments)
            } else if let first = arguments.first {
                guard arguments.count == 1, case .record(let fields) = first else {
                    throw SyntaxError("`\(name)(...)` takes its properties by name, or nothing", at: token)
                }
                labelled = fields
            }
            // Tried once, not again from inside its own methods (`func copy() -> Node { Node() }`).
            let trial = "#trial " + name
            if staticsBeingMade.insert(trial).inserted {
                defer { staticsBeingMade.remove(trial) }
                _ = try makeObject(
                    named: name, of: objectClass, given: labelled.map { ($0.0, Value.null) }, at: token,
                    initialising: false)
            }
            return .bound(
                BoundExpression { [weak self] values in
                    guard let self else { throw PlaygroundError("the session is gone") }
                    let given = try labelled.map { ($0.0, try $0.1.evaluate(values)) }
                    do {
                        return .object(try self.makeObject(named: name, of: objectClass, given: given, at: token))
                    } catch {
                        throw PlaygroundError(Interpreter.message(of: error))
                    }
                })
        }
        switch name {
        case Parser.variableAssignment:
            // `count += 1`, `latest = $0` in a closure: sets a top-level `var`, as a Swift closure sets a
            // variable it captures.
            return try boundVariableAssignment(arguments, at: token)
        case "print":
            return boundPrint(arguments, types: arguments.map { _ in nil })
        case _ where name.hasPrefix("UserDefaults.standard."):
            let method = String(name.dropFirst("UserDefaults.standard.".count))
            guard UserDefaultsStore.methods.contains(method) else {
                let hint = Suggestion.closest(to: method, in: Array(UserDefaultsStore.methods)).map {
                    "; did you mean `\($0)`?"
                } ?? ""
                throw SyntaxError("the playground's UserDefaults.standard has no `\(method)`\(hint)", at: token)
            }
            let store = userDefaults
            return .bound(
                BoundExpression { values in try store.call(method, try arguments.map { try $0.evaluate(values) }) })
        case DispatchGroupObject.typeName where entries[name] == nil && classes[name] == nil:
            guard arguments.isEmpty else { throw SyntaxError("`DispatchGroup()` takes no arguments", at: token) }
            return .bound(BoundExpression { _ in .object(DispatchGroupObject.make()) })
        case NumberFormatterObject.typeName:
            return try NumberFormatterObject.initialiser(arguments, at: token)
        case JSONCoderObject.encoderTypeName, JSONCoderObject.decoderTypeName, Value.dataType:
            return try boundJSONCall(name, arguments, at: token)
        case "NSNumber":
            return try NumberFormatterObject.number(arguments, at: token)
        case "Notification.Name":
            guard arguments.count == 1 else {
                throw SyntaxError("write `Notification.Name(\"cardTapped\")`", at: token)
            }
            return arguments[0]
        case "NotificationCenter.default.publisher":
            guard arguments.count == 1 else {
                throw SyntaxError("write `NotificationCenter.default.publisher(for: \"cardTapped\")`", at: token)
            }
            let center = notificationCenter
            let name = notificationName(arguments[0], at: token)
            return .bound(
                BoundExpression { values in
                    let notificationName = try NotificationObject.name(from: name.evaluate(values))
                    let pipe = center.publisher(for: Notification.Name(notificationName))
                        .map(NotificationObject.value(of:)).pipe()
                    return .publisher(
                        PublisherValue(
                            pipe,
                            description: "NotificationCenter.default.publisher(for: \(Value.quote(notificationName)))"))
                })
        case "NotificationCenter.default.post":
            guard (1...3).contains(arguments.count) else {
                throw SyntaxError(
                    "write `NotificationCenter.default.post(name: \"cardTapped\", object: VALUE)`", at: token)
            }
            let name = notificationName(arguments[0], at: token)
            return .bound(
                BoundExpression { [weak self] values in
                    let notificationName = try NotificationObject.name(from: name.evaluate(values))
                    let object = try arguments.count > 1 ? arguments[1].evaluate(values) : Value.null
                    let userInfo = try arguments.count > 2 ? arguments[2].evaluate(values) : Value.null
                    self?.post(notificationName, object: object, userInfo: userInfo)
                    return .void
                })
        default:
            break
        }
        let parts = name.split(separator: ".").map(String.init)
        if parts.count >= 2, let last = parts.last {
            let base = parts.dropLast().joined(separator: ".")
            let root = parts[0]
            if case .object? = entries[root], parts.count >= 3, last == "send" {
                // `parent.objectWillChange.send()`, `list.child.objectWillChange.send()`,
                // `state.didChange.send()`: the object's announcer, or a subject it holds.
                var path = Expression.name(
                    root, Token(kind: .identifier(root), offset: token.offset, length: root.count))
                for member in parts.dropFirst().dropLast() { path = .member(path, member) }
                let subject = try bind(path)
                return .bound(
                    BoundExpression { values in
                        guard case .publisher(let publisher) = try subject.evaluate(values) else {
                            throw PlaygroundError("`\(base)` is not a subject: it has no `send`")
                        }
                        return try publisher.send(try arguments.map { try $0.evaluate(values) })
                    })
            }
            if case .object(let object)? = entries[root], last != "send" {
                // `model.deleteButtonTapped()`, `list.standupTapped(standup: s)`: a method of the object.
                if parts.count == 2, object.methods[last] == nil {
                    throw SyntaxError(object.noMethod(last).message, at: token)
                }
                var path = Expression.name(
                    root, Token(kind: .identifier(root), offset: token.offset, length: root.count))
                for member in parts.dropFirst().dropLast() { path = .member(path, member) }
                let owner = try bind(path)
                return .bound(
                    BoundExpression { values in
                        guard case .object(let object) = try owner.evaluate(values) else {
                            throw PlaygroundError("`\(base)` is not an object: it has no method `\(last)`")
                        }
                        return try object.call(last, try arguments.map { try $0.evaluate(values) })
                    })
            }
            if case .value? = entries[root] {
                // `names.remove(at: 1)` is a line of its own (`runMutation`); here `child.method()` for an
                // object a value names, `text.foo(...)` for a value's method.
                var path = Expression.name(
                    root, Token(kind: .identifier(root), offset: token.offset, length: root.count))
                for member in parts.dropFirst().dropLast() { path = .member(path, member) }
                if case .value(let named)? = entries[root], named.isConstant, parts.count == 2,
                    structMethods.method(last, for: named.value)?.isMutating == true
                {
                    throw SyntaxError(
                        "cannot use mutating member on immutable value: '\(root)' is a 'let' constant", at: token)
                }
                let receiver = try bind(path)
                let written = parts.dropLast().joined(separator: ".")
                let table = structMethods
                return .bound(
                    BoundExpression { [weak self, weak table] values in
                        guard let self else { throw PlaygroundError("the session is gone") }
                        let value = try receiver.evaluate(values)
                        let given = try arguments.map { try $0.evaluate(values) }
                        if let method = table?.method(last, for: value) {
                            // `stack.push(3)`: a struct's method; a `mutating` one sets the variable.
                            let (result, changed) = try method.run(on: value, given)
                            if method.isMutating {
                                do {
                                    try self.assign(changed, to: path, at: token)
                                } catch let error as SyntaxError {
                                    throw PlaygroundError(error.message)
                                }
                            }
                            return result
                        }
                        if case .object(let object) = value { return try object.call(last, given) }
                        if case .publisher(let publisher) = value, last == "send" { return try publisher.send(given) }
                        // `result.get()`: Swift's `Result` gives its success or throws its failure.
                        if given.isEmpty, last == "get", let got = try value.resultGet() { return got }
                        if let result = try value.dateMethod(last, given) ?? value.setMethod(last, given) {
                            return result
                        }
                        guard CollectionMethods.names.contains(last) else {
                            // `title.uppercased()`: a member Swift writes as a call.
                            if given.isEmpty, let member = try? Expression.member(last, of: value) { return member }
                            throw self.notAMethod(last, on: value, written: written)
                        }
                        return try CollectionMethods.call(
                            last, on: value, given.map { .init(label: nil, content: .value($0)) })
                    })
            }
            if case .subject(let subject)? = entries[base], last == "send" {
                guard arguments.count <= 1 else { throw SyntaxError("write `\(base).send(VALUE)`", at: token) }
                return .bound(
                    BoundExpression { values in
                        // `send()` sends `()`, as a subject of Void does.
                        let value = try arguments.first?.evaluate(values) ?? .void
                        guard try FeedbackGuard.run({ try subject.send(value) }) else {
                            throw PlaygroundError(
                                "\(base).send(\(value)) feeds itself (a loop of \(FeedbackGuard.limit) sends): stopped")
                        }
                        return .void
                    })
            }
            switch entries[root] {
            case .subject?, .pipeline?:
                if parts.count == 2 {
                    let hint =
                        Suggestion.closest(to: last, in: OperatorTable.names).map { "; did you mean `\($0)`?" }
                        ?? "; `help operators` lists them"
                    throw SyntaxError(
                        "unknown operator `\(last)`\(hint)", offset: token.offset + root.count + 1, length: last.count
                    )
                }
            default:
                break
            }
            if entries[root] == nil && !["NotificationCenter", "Notification"].contains(root) {
                throw try unknownName(root, at: token)
            }
        }
        if name.first?.isUppercase == true, !name.contains("."), arguments.count == 1, case .record = arguments[0] {
            // `Song(name: "x", style: .metal)`: a value type's memberwise initialiser makes a record.
            return arguments[0]
        }
        let functions =
            Functions.all.map(\.name)
            + order.filter { if case .function? = entries[$0] { return true } else { return false } }
        let hint =
            Suggestion.closest(to: name, in: functions + ["print"] + Parser.sourceWords.sorted()).map {
                "; did you mean `\($0)`?"
            }
            ?? "; `help functions` lists them (declare your own with `func NAME(PARAMETER) = ...`)"
        if let note = failedDeclarations.reason(name) { throw SyntaxError(note, at: token) }
        throw SyntaxError("unknown function `\(name)`\(hint)", at: token)
    }

    func unknownName(_ name: String, at token: Token) throws -> SyntaxError {
        if let note = failedDeclarations.reason(name) { return SyntaxError(note, at: token) }
        let hint = Suggestion.closest(to: name, in: order).map { "; did you mean `\($0)`?" } ?? ""
        return SyntaxError("unknown name `\(name)`\(hint)", offset: token.offset, length: name.count)
    }
}

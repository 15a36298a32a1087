import Conduit
import Foundation

/// How `subs` and `inspect` show objects, and posting notifications.
extension Interpreter {
    /// `Player: 2 properties (1 @Published), 3 live sinks watching`.
    func objectSummary(_ object: PlaygroundObject) -> String {
        let watchers = watchers(of: object.name)
        let published = object.properties.filter(\.isPublished).count
        return
            "\(object.typeName ?? "object"): \(object.properties.count) "
                + "propert\(object.properties.count == 1 ? "y" : "ies")"
            + " (\(published) @Published), watched by \(watchers.isEmpty ? "nobody" : watchers.joined(separator: ", "))"
    }

    /// One line per property: `@Published currentSong = "not playing"`.
    func objectPropertyLines(_ object: PlaygroundObject) -> [String] {
        object.properties.map { property in
            (property.isPublished ? "@Published " : "")
                + "\(property.name) = \(object.value(of: property.name) ?? .null)"
        }
    }

    func inspectText(of object: PlaygroundObject) -> String {
        var lines = ["\(object.name): \(object.typeName.map { "\($0), an " } ?? "an ")ObservableObject"]
        lines += objectPropertyLines(object).map { "  " + $0 }
        let watchers = watchers(of: object.name)
        lines.append("  watched by: \(watchers.isEmpty ? "nobody" : watchers.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    /// The live sinks that read from `name` (directly or through pipelines), in the order made.
    func watchers(of name: String) -> [String] {
        order.filter { sinkName in
            guard case .sink(let sink)? = entries[sinkName], sink.isLive else { return false }
            return reads(sink.pipelineText, from: name, depth: 0)
        }
    }

    /// Posts a notification on the session's center, the value as its object (and a user info,
    /// kept under the key "value").
    func post(_ name: String, object: Value, userInfo: Value = .null) {
        notificationCenter.post(
            name: Notification.Name(name), object: object == .null ? nil : NotificationObject(object),
            userInfo: userInfo == .null ? nil : ["value": NotificationObject(userInfo)]
        )
    }
}

/// Instances of declared classes and records, and what their closures and property observers do.
extension Interpreter {
    /// An instance of a declared class: its properties start with the values `given`
    /// (`EditStandupModel(standup: s)`), or those the class declares.
    func makeObject(
        named name: String, of objectClass: ObjectClass, given: [(String, Value)] = [], at token: Token? = nil,
        initialising: Bool = true
    ) throws -> PlaygroundObject {
        if let initialiser = objectClass.initialiser {
            // Checked when it is called, and where it is written with arguments (not where it is declared).
            let arguments = initialising || !given.isEmpty
                ? try initialiserArguments(given, of: objectClass, initialiser, at: token) : []
            let object = try makeObject(
                named: name, typeName: objectClass.name, properties: objectClass.properties,
                methods: objectClass.methods)
            let body = try bind(initialiser.body)
            guard initialising else { return object }
            try runInitialiser(body, of: objectClass, on: object, with: arguments, at: token)
            return object
        }
        let names = objectClass.properties.map(\.name.display)
        if let unknown = given.first(where: { !names.contains($0.0) }) {
            let hint = Suggestion.closest(to: unknown.0, in: names).map { "; did you mean `\($0)`?" } ?? ""
            throw SyntaxError(
                "\(objectClass.name) has no property `\(unknown.0)`\(hint)",
                at: token ?? objectClass.properties.first?.name ?? Token(kind: .end, offset: 0, length: 1))
        }
        return try makeObject(
            named: name, typeName: objectClass.name, properties: objectClass.properties, methods: objectClass.methods,
            given: given)
    }

    /// An object with these properties, their first values evaluated now (or `given`), and methods.
    func makeObject(
        named name: String, typeName: String?, properties: [PropertyDeclaration], methods: [MethodDeclaration] = [],
        given: [(String, Value)] = []
    ) throws -> PlaygroundObject {
        // A static property is the type's, read through `TYPE.NAME` (Interpreter+StaticProperties.swift).
        let properties = properties.filter { !$0.isStatic }
        let values = try properties.map { property -> (name: String, isPublished: Bool, value: Value) in
            if let value = given.first(where: { $0.0 == property.name.display })?.1 {
                return (property.name.display, property.isPublished, value)
            }
            let value = try property.value.map { try constant($0, at: property.name) } ?? .null
            return (property.name.display, property.isPublished, value)
        }
        var declaredTypes: [String: ValueType] = [:]
        var cases: [String: ImpliedCases] = [:]
        for property in properties {
            if let written = property.declaredType, written.contains("Double") {
                declaredTypes[property.name.display] = ValueType(written: written)
            }
            // `var state: State = .idle`, and a later `box.state = .loading`: the cases.
            if let written = property.declaredType {
                cases[property.name.display] = ImpliedCases(ValueType(written: written), enums: enums)
            }
        }
        let object = PlaygroundObject(
            name: name, typeName: typeName, properties: values, declaredTypes: declaredTypes, impliedCases: cases)
        object.onFeedback = { [weak self] message in self?.emit(OutputRecord(kind: .error, text: "error: " + message)) }
        // Drawn like subjects on the live page: the object's lane marks each `objectWillChange`, and
        // `player.$song` each value the property publishes.
        object.willPublish = { [weak recorder] property, value in
            recorder?.record(.sent(lane: name, value: .void))
            recorder?.record(.sent(lane: "\(name).$\(property)", value: value))
        }
        object.held = held
        try install(methods, on: object)
        for property in properties {
            let propertyName = property.name.display
            if property.holdsClosure {
                object.closureProperties.insert(propertyName)
                // `var onChange: ((Int) -> Void)?` with no value: nothing to call yet, with the parameters written.
                let count = property.declaredType.map(Parser.parameterCount(ofFunctionType:)) ?? 0
                let closure = property.closure
                    ?? Closure(body: .literal(.void), parameterCount: count, token: property.name)
                object.methods[propertyName] = try installed(closure)
                if property.declaredType?.trimmingWhitespace().hasSuffix("?") == true {
                    object.optionalClosureProperties.insert(propertyName)
                    if property.closure == nil { object.emptyClosureProperties.insert(propertyName) }
                }
            }
            if let subject = property.subject {
                object.set(propertyName, to: .publisher(try instanceSubject(subject, named: propertyName, of: object,
                    at: property.name)))
            }
            if let accessors = property.computed {
                let getter = try bind(accessors.getter)
                let setter = try accessors.setter.map { try bind($0) }
                // The object's name, not the object: the object keeps this closure (in `computed`), so
                // capturing the object would keep both alive for ever.
                let objectName = object.name
                let report: (String, Error) -> Void = { [weak self] word, error in
                    let message = "error: in \(objectName).\(propertyName)'s \(word): \(Interpreter.message(of: error))"
                    self?.emit(OutputRecord(kind: .error, text: message))
                }
                object.computed[propertyName] = InstalledComputedProperty(
                    get: { object in
                        do { return try getter.evaluate([.object(object)]) } catch {
                            report("get", error)
                            return .null
                        }
                    },
                    set: setter.map { setter in
                        { object, value in
                            do { _ = try setter.evaluate([.object(object), value]) } catch { report("set", error) }
                        }
                    }
                )
            }
            if !property.observers.isEmpty {
                object.observers[propertyName] = InstalledObservers(
                    willSet: try property.observers.willSetBody.map { try observer($0, "willSet", of: propertyName) },
                    didSet: try property.observers.didSetBody.map { try observer($0, "didSet", of: propertyName) }
                )
            }
        }
        return object
    }

    /// A closure a property holds, its names resolved now, as the object calls it.
    func installed(_ closure: Closure) throws -> InstalledMethod {
        let bound = try bind(closure)
        return InstalledMethod(parameterCount: bound.parameterCount) { object, arguments in
            try ClosureValue.nested("a closure \(object.name) holds") { try bound.body.evaluate(arguments) }
        }
    }

    /// `OBJECT.PROPERTY = { ... }`: replaces the closure a property holds.
    func assign(_ closure: Closure, to property: String, of base: Expression, at target: Token) throws {
        guard case .object(let object) = try bind(base).evaluate([]) else {
            throw SyntaxError("only an object's closure property can be given a closure", at: target)
        }
        guard object.closureProperties.contains(property) else {
            let holders = object.closureProperties.sorted().map { "`\($0)`" }.joined(separator: ", ")
            throw SyntaxError(
                "\(object.name).\(property) holds no closure"
                    + (holders.isEmpty ? "" : "; \(object.name)'s closure properties are \(holders)")
                    + ": declare one as `var \(property): () -> Void = {}`",
                at: target
            )
        }
        object.methods[property] = try installed(closure)
        object.emptyClosureProperties.remove(property)
    }

    /// A struct's value: a record of its fields, each the value given (`Song(name: "x")`) or the one
    /// it is declared with (nil if none, as a Swift optional starts).
    func record(of valueType: ObjectClass, fields given: [(String, Value)], at token: Token) throws -> Value {
        let names = valueType.properties.filter { !$0.isStatic }.map(\.name.display)
        if let unknown = given.first(where: { !names.contains($0.0) }) {
            let hint = Suggestion.closest(to: unknown.0, in: names).map { "; did you mean `\($0)`?" }
                ?? "; it has \(names.map { "`\($0)`" }.joined(separator: ", "))"
            throw SyntaxError("\(valueType.name) has no property `\(unknown.0)`\(hint)", at: token)
        }
        // A static property is the type's, read through `TYPE.NAME` (Interpreter+StaticProperties.swift).
        return .record(RecordFields(try valueType.properties.filter { !$0.isStatic }.map { property in
            let name = property.name.display
            let value = try given.first(where: { $0.0 == name })?.1
                ?? property.value.map { try constant($0, at: property.name) } ?? .null
            // `Temperature(celsius: 100)` with `var celsius: Double`: the integer is a Double, as Swift reads it.
            // `Machine(state: .idle)` and `var mode: Mode = .fast`: the case.
            let declared = property.declaredType.map(ValueType.init(written:))
            let converted = value.converted(toWritten: property.declaredType)
            return Value.Field(name, ImpliedCases(declared, enums: enums)?.resolve(converted) ?? converted)
        }, kind: .instance(valueType.name)))
    }

    /// The subject a property of a new object holds: its own, or for `let objectWillChange =
    /// ObservableObjectPublisher()` the object's, on which its `@Published` properties announce changes.
    private func instanceSubject(_ kind: PropertySubject, named property: String, of object: PlaygroundObject,
        at token: Token) throws -> PublisherValue
    {
        let description = "\(object.name).\(property)"
        switch kind {
        case .observableObjectPublisher where property == "objectWillChange":
            let changes = object.holding(object.objectWillChange.map { Value.void }.pipe())
            return PublisherValue(changes, description: description) { [weak object] _ in
                object?.objectWillChange.send()
            }
        case .observableObjectPublisher:
            let publisher = ObservableObjectPublisher()
            return PublisherValue(object.holding(publisher.map { Value.void }.pipe()), description: description) { _ in
                publisher.send()
            }
        case .subject(.passthrough(let types)):
            // `PassthroughSubject<Double, Never>()`: what is sent is converted to its Output (5 is 5.0).
            // `send(.tap)` to a subject of an enumeration sends the case.
            let output = SubjectEntry.declared(types).map { ValueType(written: $0.output) }
            let cases = ImpliedCases(output, enums: enums)
            let subject = PassthroughSubject<Value, PlaygroundError>()
            return PublisherValue(object.holding(subject.eraseToAnyPublisher()), description: description) {
                let value = $0.converted(to: output)
                subject.send(cases?.resolve(value) ?? value)
            }
        case .subject(.current(let first, let types)):
            let output = SubjectEntry.declared(types).map { ValueType(written: $0.output) }
            let cases = ImpliedCases(output, enums: enums)
            let initial = try constant(first, at: token).converted(to: output)
            let subject = CurrentValueSubject<Value, PlaygroundError>(cases?.resolve(initial) ?? initial)
            return PublisherValue(object.holding(subject.eraseToAnyPublisher()), description: description) {
                let value = $0.converted(to: output)
                subject.send(cases?.resolve(value) ?? value)
            }
        }
    }

    /// An observer's body, its names resolved now, as it runs: with the object and the value; a
    /// failure is reported and the write goes on, as the rest of the session does.
    private func observer(_ body: Expression, _ word: String, of property: String) throws
        -> (PlaygroundObject, Value) -> Void
    {
        let bound = try bind(body)
        return { [weak self] object, value in
            do {
                _ = try bound.evaluate([.object(object), value])
            } catch {
                let message = "error: in \(object.name).\(property)'s \(word): \(Interpreter.message(of: error))"
                self?.emit(OutputRecord(kind: .error, text: message))
            }
        }
    }

    /// `let NAME = CLASS()`: an instance of a declared class; false if `syntax` is not one.
    func defineInstance(_ name: Token, from syntax: PipelineSyntax) throws -> Bool {
        guard syntax.operators.isEmpty,
            case .expression(.namedCall(let typeName, let arguments, let token)) = syntax.source,
            let objectClass = classes[typeName]
        else { return false }
        // A struct's value is a record: `let` names it as a value (`definedValue`).
        guard !objectClass.isValueType else { return false }
        let given = try initialValues(arguments, of: objectClass, at: token)
        let before = Set(entries.keys)
        let object = try makeObject(named: name.display, of: objectClass, given: given, at: token)
        do {
            try define(name, as: .object(object))
        } catch {
            // The name is taken: what its init started goes with the object, so the session is as it was.
            for started in entries.keys where !before.contains(started) { discardStarted(started) }
            throw error
        }
        info("\(name.display): \(objectSummary(object))")
        return true
    }

    /// `let b = a` for an object `a`: a second name for the same object, as Swift's references are
    /// (`b.value = 5` changes what `a.value` reads). False for anything else. `asVariable` (`var current:
    /// Node? = list`): a variable that holds the reference, which may be set to another object or nil.
    /// `optional` (`let o: Box? = box`): the name's static type is the optional, which `print(o as Any)` shows
    /// as Swift does (`Optional(...)`).
    func defineReference(
        _ name: Token, from syntax: PipelineSyntax, asVariable: Bool = false, optional: Bool = false
    ) throws -> Bool {
        guard syntax.operators.isEmpty else { return false }
        let source: String
        switch syntax.source {
        case .name(let token): source = token.display
        case .expression(.name(let written, _)): source = written
        default: return false
        }
        guard case .object(let object)? = entries[source] else { return false }
        if asVariable || optional {
            let type = optional ? ValueType.optional(ValueType(of: .object(object))) : nil
            try define(name, as: .value(NamedValue(.object(object), isConstant: !asVariable, type: type)))
        } else {
            try define(name, as: .object(object))
        }
        info("\(name.display): the object `\(source)` names (a class's instance is shared, not copied)")
        return true
    }

    /// The property values a class is made with: none, or `CLASS(property: VALUE, ...)` (its
    /// initialiser setting them, as a Swift class's own would).
    func initialValues(_ arguments: [Expression], of objectClass: ObjectClass, at token: Token) throws
        -> [(String, Value)]
    {
        guard let first = arguments.first else { return [] }
        if objectClass.initialiser != nil {
            return try Interpreter.initialiserCall(arguments).map { ($0.0, try constant($0.1, at: token)) }
        }
        guard arguments.count == 1, case .record(let fields) = first else {
            let example = objectClass.properties.first.map { "`\(objectClass.name)(\($0.name.display): VALUE)`" }
                ?? "`\(objectClass.name)()`"
            throw SyntaxError(
                "`\(objectClass.name)(...)` takes its properties by name (\(example)), or nothing", at: token)
        }
        return try fields.map { ($0.0, try constant($0.1, at: token)) }
    }

    /// `OBJECT.PROPERTY = VALUE`: sets the property through the object (a `@Published` one
    /// announces the change on `objectWillChange` first, then publishes it on `$PROPERTY`).
    func assign(
        _ valueExpression: Expression, to property: String, of base: Expression, at target: Token,
        valueAt valueToken: Token
    ) throws {
        if property == "wrappedValue", case .name(let name, let token) = base,
            try assignBinding(name, valueExpression, at: token)
        {
            return
        }
        if case .name(let root, let token) = base,
            let set = try staticAssignment(root, property, valueExpression, at: token)
        {
            // `Settings.volume = 3`: a static property, set through its type.
            _ = try located(at: target) { try set.evaluate([]) }
            return
        }
        if property == "value", case .name(let name, _) = base, case .subject(let subject)? = entries[name],
            case .current = subject.storage
        {
            // `latest.value = 5`: Swift's CurrentValueSubject sends the value it is given.
            let value = try constant(
                valueExpression, at: Token(kind: valueToken.kind, offset: valueToken.offset - 2, length: 1))
            guard try FeedbackGuard.run({ try subject.send(value) }) else {
                throw SyntaxError("\(name).value = \(value) feeds itself (a loop of \(FeedbackGuard.limit) sends): "
                    + "stopped", at: target)
            }
            return
        }
        let owner: Value
        do {
            owner = try bind(base).evaluate([])
        } catch let error as SyntaxError {
            throw error
        } catch {
            throw SyntaxError(PlaygroundError.from(error).message, at: target)
        }
        guard case .object(let object) = owner else {
            if let root = base.rootName, case .value? = entries[root] {
                // `daily.title = "x"` for a `var daily` holding a struct's value.
                let value = try constant(
                    valueExpression, at: Token(kind: valueToken.kind, offset: valueToken.offset - 2, length: 1))
                try assign(value, to: .member(base, property), at: target)
                return
            }
            throw SyntaxError("only an object's properties can be set; this is \(owner.kindName) \(owner)", at: target)
        }
        guard object.has(property) else {
            let hint =
                Suggestion.closest(to: property, in: object.propertyNames).map { "; did you mean `\($0)`?" }
                ?? "; it has \(object.propertyNames.map { "`\($0)`" }.joined(separator: ", "))"
            throw SyntaxError("\(object.name) has no property `\(property)`\(hint)", at: target)
        }
        if object.closureProperties.contains(property) {
            if case .record(let fields) = valueExpression, fields.isEmpty {
                object.methods[property] = InstalledMethod(parameterCount: 0) { _, _ in .void }
                object.emptyClosureProperties.remove(property)
                return
            }
            // `counter.onChange = printer`, `= nil`: a closure value, or none.
            guard object.holdClosure(try constant(valueExpression, at: target), in: property) else {
                throw SyntaxError(
                    "\(object.name).\(property) holds a closure: give it one, such as `{ print(\"tapped\") }`",
                    at: target)
            }
            return
        }
        if let accessors = object.computed[property], accessors.set == nil {
            throw SyntaxError(
                "\(object.name).\(property) is a computed property with only a getter; give it a `set { ... }` "
                    + "to write it",
                at: target
            )
        }
        if case .publisher(let held)? = object.value(of: property), held.sender != nil {
            throw SyntaxError(
                "\(object.name).\(property) holds the object's own subject, which stays: "
                    + "send into it with `\(object.name).\(property).send(...)`",
                at: target
            )
        }
        let value = try constant(
            valueExpression, at: Token(kind: valueToken.kind, offset: valueToken.offset - 2, length: 1))
        if let child = value.objectsInside.first(where: { $0 === object || $0.contains(object) }) {
            throw SyntaxError(
                "\(child.name) \(child === object ? "is" : "holds") \(object.name): setting it here would make a "
                    + "cycle of objects (\(object.name) → \(child.name) → … → \(object.name)); "
                    + "give \(object.name).\(property) another object",
                at: valueToken
            )
        }
        object.set(property, to: value)
    }

    /// Swift's type errors in a function's body, found when it is declared, its parameters having
    /// the types written (`.value` where the checker would not know the type well enough).
    func checkBody(_ body: Expression, parameterTypes: [ValueType], written: String, at token: Token) throws {
        try checkBlocks([(body, parameterTypes)], written: written, at: token)
    }

    /// A line that is an expression: a chain ending in a subscriber makes a sink without a name;
    /// anything else is evaluated, and a value (not a call's `()`) is printed.
    func run(_ expression: Expression, written: String, at start: Token) throws {
        if case .pipeline(let syntax) = expression, let last = syntax.operators.last,
            Parser.subscriberWords.contains(last.name)
        {
            let name = try subscribeAnonymousSink(to: syntax, at: start)
            if Interpreter.returnsCancellable(last) { dropCancellable(of: name, madeBy: last) }
            return
        }
        let located = PipelineSyntax(source: .expression(expression), operators: [], text: written,
            startOffset: start.offset)
        do {
            try checker.checkExpression(expression, arguments: [])
        } catch let mismatch as TypeMismatch {
            throw checker.located(mismatch, in: located, after: start)
        }
        if try runMutation(expression, at: start, written: written) { return }
        let value: Value
        do {
            value = try bind(expression).evaluate([])
        } catch let error as SyntaxError {
            throw error
        } catch {
            throw SyntaxError(PlaygroundError.from(error).message, offset: start.offset, length: written.count)
        }
        switch value {
        case .void: break
        // `onDone?()` on nil does nothing, as a Swift statement: no `nil` is shown.
        case .null where Parser.isOptionalClosureCall(expression) || callsFunctionOfNoResult(expression): break
        case .publisher(let publisher):
            info("\(publisher.description) is a publisher: `sink NAME = \(written)` subscribes to it")
        default:
            emit(OutputRecord(kind: .value, text: value.description))
        }
    }
}

/// Bindings to an object's property: `let NAME = $OBJECT.PROPERTY`.
extension Interpreter {
    /// `let NAME = $OBJECT.PROPERTY`: a binding to the property; false if `syntax` is not one.
    func defineBinding(_ name: Token, from syntax: PipelineSyntax) throws -> Bool {
        guard syntax.operators.isEmpty,
            case .expression(.member(.name(let root, let token), let property)) = syntax.source,
            root.hasPrefix("$")
        else { return false }
        let objectName = String(root.dropFirst())
        guard case .object(let object)? = entries[objectName] else {
            throw SyntaxError(
                "`\(root)` would be a binding to an object's property, but `\(objectName)` is not an object", at: token
            )
        }
        guard object.has(property) else {
            let hint =
                Suggestion.closest(to: property, in: object.propertyNames).map { "; did you mean `\($0)`?" } ?? ""
            throw SyntaxError("\(objectName) has no property `\(property)`\(hint)", at: token)
        }
        let entry = BindingEntry(object: object, property: property)
        try define(name, as: .binding(entry))
        info("\(name.display): \(entry.summary)")
        return true
    }

    /// `NAME = VALUE` or `NAME.wrappedValue = VALUE` for a binding: writes through it.
    func assignBinding(_ name: String, _ valueExpression: Expression, at token: Token) throws -> Bool {
        guard case .binding(let entry)? = entries[name] else { return false }
        entry.binding.wrappedValue = try constant(valueExpression, at: token)
        return true
    }
}

extension Interpreter {
    /// Gives `object` its class's `methods` (all but `init`), each run with the object as `self`.
    func install(_ methods: [MethodDeclaration], on object: PlaygroundObject) throws {
        for method in methods where !["init", "deinit"].contains(method.name.display) && !method.isStatic {
            let body = try bind(method.body)
            // `box.set(.idle)` of `func set(_ s: State)`, and `return .idle` of `-> State`: the cases.
            let cases = impliedCases(of: method.parameterTypes)
            let returned = ImpliedCases(method.returnType, enums: enums)
            var installed = InstalledMethod(parameterCount: method.parameters.count) { object, arguments in
                let given = cases.resolve(arguments.converted(to: method.parameterTypes))
                let result = method.returned(try body.evaluate([.object(object)] + given))
                return returned?.resolve(result) ?? result
            }
            installed.defaults = try defaultArguments(
                method.defaults, variadicSlot: method.variadicSlot, at: method.name)
            object.methods[method.name.display] = installed
        }
    }
}

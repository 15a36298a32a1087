import Conduit

/// The commands of objects with `@Published` properties, declared functions and notifications:
/// `object`, `class`, `func`, `post`, and lines that are Swift expressions
/// (`player.currentSong = "x"`, `print("hi")`, `player.$currentSong.sink { ... }`).
enum ObjectCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "object", usage: "object NAME { @Published P = V }",
            summary: "makes an ObservableObject: its @Published properties publish (`NAME.$PROPERTY`) and announce "
                + "each change on `NAME.objectWillChange` before it is stored",
            example: "object player { @Published currentSong = \"not playing\"; name = \"jukebox\" }",
            arguments: [.newName]
        ) { parser, word in
            let name = try parser.newName(after: "object")
            let properties = try parser.propertyDeclarations(in: "an object")
            return Statement(word.display, defines: name) { session in
                let object = try session.makeObject(named: name.display, typeName: nil, properties: properties)
                try session.define(name, as: .object(object))
                session.info("\(name.display): \(session.objectSummary(object))")
            }
        },
        CommandSpec(
            "class", usage: "class NAME: ObservableObject {…}",
            summary: "declares a class of observable objects, as in Swift; `let NAME = CLASS()` makes one",
            example: "class Player: ObservableObject { @Published var currentSong = \"not playing\" }",
            arguments: [.newName]
        ) { parser, word in
            let name = try parser.newName(after: "class")
            if parser.current.isSymbol(":") {
                parser.advance()
                while parser.current.identifier != nil {
                    parser.advance()
                    if parser.current.isSymbol(",") { parser.advance() }
                }
            }
            let (properties, methods) = try parser.typeBody(in: "a class")
            return Statement(word.display) { session in
                guard session.classes[name.display] == nil, session.entries[name.display] == nil else {
                    throw SyntaxError("`\(name.display)` is already declared; choose another name", at: name)
                }
                let objectClass = ObjectClass(name: name.display, properties: properties, methods: methods)
                // Checked now, so that a mistake is reported where the class is declared.
                _ = try session.makeObject(named: name.display, of: objectClass, initialising: false)
                session.classes[name.display] = objectClass
                let members = properties.map(\.summary) + methods.map(\.summary)
                session.info("class \(name.display): " + members.joined(separator: ", "))
            }
        },
        CommandSpec(
            "struct", usage: "struct NAME {…}",
            summary: "declares a value type, as in Swift: `NAME()` and `NAME(field: V)` make a record of its fields",
            example: "struct Song { var name = \"-\"; var style = \"pop\" }", arguments: [.newName]
        ) { parser, word in
            let name = try parser.newName(after: "struct")
            if parser.current.isSymbol(":") {
                parser.advance()
                while parser.current.identifier != nil {
                    parser.advance()
                    if parser.current.isSymbol(",") { parser.advance() }
                }
            }
            let properties = try parser.propertyDeclarations(in: "a struct")
            if let held = properties.first(where: { $0.subject != nil || !$0.observers.isEmpty }) {
                throw SyntaxError(
                    "a struct's value is a record here, which holds no subject and runs no observers: "
                        + "declare `\(name.display)` as a `class`",
                    at: held.name
                )
            }
            return Statement(word.display) { session in
                guard session.classes[name.display] == nil, session.entries[name.display] == nil else {
                    throw SyntaxError("`\(name.display)` is already declared; choose another name", at: name)
                }
                let valueType = ObjectClass(name: name.display, properties: properties, isValueType: true)
                // Checked now, so that a mistake is reported where the struct is declared.
                _ = try session.record(of: valueType, fields: [], at: name)
                session.classes[name.display] = valueType
                session.info("struct \(name.display): " + properties.map(\.summary).joined(separator: ", "))
            }
        },
        CommandSpec(
            "func", usage: "func NAME(PARAMETER, ...) = VALUE",
            summary: "declares a function closures can call, often a fake service returning a publisher",
            example: "func search(term) = term == \"\" ? Fail(error: \"empty\") : Just([term]).delay(for: 300ms)",
            arguments: [.newName]
        ) { parser, word in
            let first = parser.current
            guard var name = first.identifier else {
                throw SyntaxError("`func` needs a name, for example `func search(term) = Just([term])`", at: first)
            }
            parser.advance()
            while parser.current.isSymbol("."), let member = parser.peek(1).identifier {
                // `func service.search(term)`: a dotted name, called as written.
                name += "." + member
                parser.advance()
                parser.advance()
            }
            let nameToken = Token(kind: .identifier(name), offset: first.offset, length: name.count)
            let parameters = try parser.parameterNames(of: name)
            if parser.current.isSymbol("-"), parser.peek(1).isSymbol(">") {
                parser.advance()
                parser.advance()
                try parser.skipType()
            }
            let braced = parser.current.isSymbol("{")
            if !braced {
                try parser.expectSymbol("=", "write `func \(name)(\(parameters.joined(separator: ", "))) = VALUE`")
            } else {
                parser.advance()
            }
            let saved = (parser.parameters, parser.highestArgument)
            parser.parameters = Dictionary(uniqueKeysWithValues: parameters.enumerated().map { ($1, $0) })
            if parser.current.identifier == "return" { parser.advance() }
            let body = try parser.expression()
            parser.parameters = saved.0
            parser.highestArgument = saved.1
            if braced { try parser.expectSymbol("}", "close the body of `\(name)` with `}`") }
            let text = parser.text.trimmingWhitespace()
            return Statement(word.display, defines: nameToken) { session in
                let function = UserFunction(
                    name: name, parameters: parameters, body: try session.bind(body), text: text, written: body)
                try session.define(nameToken, as: .function(function))
                session.info("func \(function.usage)")
            }
        },
        CommandSpec(
            "post", usage: "post NAME [VALUE]",
            summary: "posts a notification on NotificationCenter.default, with the value as its object",
            example: "post cardTapped \"ace\"", arguments: [.literal, .value]
        ) { parser, word in
            let first = parser.current
            let name: String
            switch first.kind {
            case .identifier(let word): name = word
            case .string(let text): name = text
            default:
                throw SyntaxError("`post` needs a notification name, for example `post cardTapped \"ace\"`", at: first)
            }
            parser.advance()
            let value = parser.current.kind == .end || parser.current.isSymbol(";") ? nil : try parser.valueExpression()
            return Statement(word.display) { session in
                let object = try value.map { try session.constant($0, at: first) } ?? .null
                session.post(name, object: object)
            }
        },
        CommandSpec(
            "for", usage: "for await V in P.values { BODY }",
            summary: "what an async loop over a publisher's values receives: one value at a time (demand 1), "
                + "the body run for each; `for x in VALUE { BODY }` loops over an array's elements (a string's "
                + "characters, a dictionary's pairs, `0..<n`)",
            example: "for await n in [1, 2, 3].publisher.values { print(n * 10) }", arguments: [.literal]
        ) { parser, word in
            let usage = "write `for await VALUE in PUBLISHER.values { print(VALUE) }`"
            if parser.current.identifier == "try" { parser.advance() }
            if parser.current.identifier != "await", parser.peek(1).identifier == "in" || parser.current.isSymbol("(") {
                // `for name in names { print(name) }`: a loop over a value.
                let loop = try parser.forInLoop()
                return Statement(word.display) { session in try session.runLoop(loop) }
            }
            guard parser.current.identifier == "await" else { throw SyntaxError(usage, at: parser.current) }
            parser.advance()
            let variable = parser.current
            guard let name = variable.identifier, name != "in" else { throw SyntaxError(usage, at: variable) }
            parser.advance()
            guard parser.current.identifier == "in" else { throw SyntaxError(usage, at: parser.current) }
            parser.advance()
            let written = try parser.pipeline()
            guard let last = written.operators.last, last.name == "values", last.arguments.isEmpty,
                let body = last.trailingClosure
            else {
                throw SyntaxError(
                    usage + ": the loop runs over `.values`", at: written.operators.last?.span ?? parser.current)
            }
            let syntax = PipelineSyntax(
                source: written.source, operators: written.operators.dropLast(), text: written.text,
                startOffset: written.startOffset
            )
            let loopBody = body.body.replacingName(name, with: .argument(0))
            return Statement(word.display) { session in
                try session.runLoop(over: syntax, body: loopBody, at: variable)
            }
        },
    ]

    /// A line that is a Swift expression rather than a command: an assignment to a property
    /// (`player.currentSong = "x"`), a call (`print("hi")`, `player.objectWillChange.send()`), a chain
    /// ending in a subscriber (`player.$currentSong.sink { print($0) }`), or a value to print.
    static func expressionStatement(_ parser: inout Parser) throws -> Statement {
        if let statement = try swiftCallStatement(&parser) { return statement }
        let start = parser.current
        let expression = try parser.expression()
        let written = parser.text.trimmingWhitespace()
        // `player.volume += 1` is `player.volume = player.volume + 1`.
        var compound: BinaryOperator?
        if parser.atCompoundAssignment, case .symbol(let symbol) = parser.current.kind {
            compound = BinaryOperator(rawValue: symbol)
            parser.advance()
        }
        if parser.current.isSymbol("="), parser.peek(1).isSymbol("{"), !parser.peek(2).isSymbol("}"),
            !(parser.peek(2).identifier != nil && parser.peek(3).isSymbol(":")),
            let (base, property) = Parser.assignedMember(expression)
        {
            // `model.onDeleteButtonTapped = { print("deleted") }`: a closure, not a record.
            let equals = parser.current
            parser.advance()
            let closure = try parser.closureValue(for: property)
            let target = Token(kind: .identifier(property), offset: start.offset, length: equals.offset - start.offset)
            return Statement("set") { session in try session.assign(closure, to: property, of: base, at: target) }
        }
        if parser.current.isSymbol("=") {
            let equals = parser.current
            parser.advance()
            let valueToken = parser.current
            var value = try parser.valueExpression()
            if let compound { value = .binary(compound, expression, value) }
            if case .name(let name, let token) = expression {
                // `volume = 5` for a binding `volume`; `count = 0`, `count += 1` for a `var`.
                return Statement("set") { session in
                    if try session.assignBinding(name, value, at: token) { return }
                    guard case .value? = session.entries[name] else {
                        throw SyntaxError(
                            "`\(name)` is not a variable or a binding: make it with `var \(name) = VALUE`, or set an "
                                + "object's property with `OBJECT.PROPERTY = VALUE`",
                            at: token
                        )
                    }
                    try session.assign(session.constant(value, at: token), to: expression, at: token)
                }
            }
            if case .index = expression, expression.rootName != nil {
                // `names[0] = "z"`, `scores["ana"] = 3` for a `var`.
                let target = Token(kind: start.kind, offset: start.offset, length: max(1, equals.offset - start.offset))
                return Statement("set") { session in
                    try session.assign(session.constant(value, at: target), to: expression, at: target)
                }
            }
            guard case .member(let base, let property) = expression else {
                throw SyntaxError(
                    "only a property can be assigned to here: `OBJECT.PROPERTY = VALUE`",
                    at: start.offset < equals.offset
                        ? Token(kind: start.kind, offset: start.offset, length: equals.offset - start.offset) : start
                )
            }
            let target = Token(kind: .identifier(property), offset: start.offset, length: equals.offset - start.offset)
            return Statement("set") { session in
                try session.assign(value, to: property, of: base, at: target, valueAt: valueToken)
            }
        }
        // A line starting with `.` may continue it: `viewModel.$query` then `.throttle(...)`.
        var pipeline = PipelineSyntax(source: .expression(expression), operators: [], text: written)
        if case .pipeline(let syntax) = expression { pipeline = syntax }
        return Statement("expression", pipeline: pipeline) { session in
            try session.run(expression, written: written, at: start)
        }
    }
}

extension Session {
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
        let values = try properties.map { property -> (name: String, isPublished: Bool, value: Value) in
            if let value = given.first(where: { $0.0 == property.name.display })?.1 {
                return (property.name.display, property.isPublished, value)
            }
            let value = try property.value.map { try constant($0, at: property.name) } ?? .null
            return (property.name.display, property.isPublished, value)
        }
        let object = PlaygroundObject(name: name, typeName: typeName, properties: values)
        object.onFeedback = { [weak self] message in self?.emit(OutputRecord(kind: .error, text: "error: " + message)) }
        object.held = held
        for method in methods where method.name.display != "init" {
            let body = try bind(method.body)
            object.methods[method.name.display] = InstalledMethod(parameterCount: method.parameters.count) {
                object, arguments in try body.evaluate([.object(object)] + arguments)
            }
        }
        for property in properties {
            let propertyName = property.name.display
            if property.holdsClosure {
                object.closureProperties.insert(propertyName)
                let closure = property.closure
                    ?? Closure(body: .literal(.void), parameterCount: 0, token: property.name)
                object.methods[propertyName] = try installed(closure)
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
                    let message = "error: in \(objectName).\(propertyName)'s \(word): \(Session.message(of: error))"
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
        return InstalledMethod(parameterCount: bound.parameterCount) { _, arguments in
            try bound.body.evaluate(arguments)
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
    }

    /// A struct's value: a record of its fields, each the value given (`Song(name: "x")`) or the one
    /// it is declared with (nil if none, as a Swift optional starts).
    func record(of valueType: ObjectClass, fields given: [(String, Value)], at token: Token) throws -> Value {
        let names = valueType.properties.map(\.name.display)
        if let unknown = given.first(where: { !names.contains($0.0) }) {
            let hint = Suggestion.closest(to: unknown.0, in: names).map { "; did you mean `\($0)`?" }
                ?? "; it has \(names.map { "`\($0)`" }.joined(separator: ", "))"
            throw SyntaxError("\(valueType.name) has no property `\(unknown.0)`\(hint)", at: token)
        }
        return .record(try valueType.properties.map { property in
            let name = property.name.display
            if let value = given.first(where: { $0.0 == name })?.1 { return Value.Field(name, value) }
            return Value.Field(name, try property.value.map { try constant($0, at: property.name) } ?? .null)
        })
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
        case .subject(.passthrough):
            let subject = PassthroughSubject<Value, PlaygroundError>()
            return PublisherValue(object.holding(subject.eraseToAnyPublisher()), description: description) {
                subject.send($0)
            }
        case .subject(.current(let first, _)):
            let subject = CurrentValueSubject<Value, PlaygroundError>(try constant(first, at: token))
            return PublisherValue(object.holding(subject.eraseToAnyPublisher()), description: description) {
                subject.send($0)
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
                let message = "error: in \(object.name).\(property)'s \(word): \(Session.message(of: error))"
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

    /// The property values a class is made with: none, or `CLASS(property: VALUE, ...)` (its
    /// initialiser setting them, as a Swift class's own would).
    func initialValues(_ arguments: [Expression], of objectClass: ObjectClass, at token: Token) throws
        -> [(String, Value)]
    {
        guard let first = arguments.first else { return [] }
        if objectClass.initialiser != nil {
            return try Session.initialiserCall(arguments).map { ($0.0, try constant($0.1, at: token)) }
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
        if property == "value", case .name(let name, _) = base, case .subject(let subject)? = entries[name],
            case .current = subject.storage
        {
            // `latest.value = 5`: Swift's CurrentValueSubject sends the value it is given.
            let value = try constant(
                valueExpression, at: Token(kind: valueToken.kind, offset: valueToken.offset - 2, length: 1))
            guard FeedbackGuard.run({ subject.send(value) }) else {
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
            guard case .record(let fields) = valueExpression, fields.isEmpty else {
                throw SyntaxError(
                    "\(object.name).\(property) holds a closure: give it one, such as `{ print(\"tapped\") }`",
                    at: target)
            }
            object.methods[property] = InstalledMethod(parameterCount: 0) { _, _ in .void }
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

    /// A line that is an expression: a chain ending in a subscriber makes a sink without a name;
    /// anything else is evaluated, and a value (not a call's `()`) is printed.
    func run(_ expression: Expression, written: String, at start: Token) throws {
        if case .pipeline(let syntax) = expression, let last = syntax.operators.last,
            Parser.subscriberWords.contains(last.name)
        {
            _ = try subscribeAnonymousSink(to: syntax, at: start)
            return
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
        case .publisher(let publisher):
            info("\(publisher.description) is a publisher: `sink NAME = \(written)` subscribes to it")
        default:
            emit(OutputRecord(kind: .value, text: value.description))
        }
    }
}

extension PlaygroundObject {
    /// Whether `other` is reachable through this object's properties (nested objects).
    func contains(_ other: PlaygroundObject) -> Bool {
        var pending = [self]
        var seen = Set<ObjectIdentifier>()
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            for field in object.snapshot() {
                for child in field.value.objectsInside {
                    if child === other { return true }
                    pending.append(child)
                }
            }
        }
        return false
    }
}

extension Session {
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

extension Session {
    /// What a name typed alone shows: an object's properties, a binding's value; nil for other names.
    func valueOfName(_ name: String) -> String? {
        switch entries[name] {
        case .object(let object)?:
            return "\(object.description) {"
                + object.snapshot().map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        case .binding(let entry)?:
            return entry.binding.wrappedValue.description
        case .value(let named)?:
            return named.value.description
        default:
            return nil
        }
    }
}

extension Session {
    /// `for await V in PIPELINE.values { BODY }`: a sink without a name (`loop1`, ...) that asks for
    /// one value at a time and runs the body for each, as the loop over the engine's `values` would.
    func runLoop(over syntax: PipelineSyntax, body: Expression, at token: Token) throws {
        var number = 1
        while entries["loop\(number)"] != nil { number += 1 }
        let name = Token(kind: .identifier("loop\(number)"), offset: token.offset, length: token.length)
        let bound = try bind(body)
        let loop = ForwardedSubscriber(
            handler: { [weak self] value in
                do {
                    _ = try bound.evaluate([value])
                } catch {
                    self?.emit(
                        OutputRecord(kind: .error, text: "error: in the loop's body: \(Session.message(of: error))"))
                }
            },
            completion: { _ in },
            oneAtATime: true
        )
        try subscribeSink(name, to: syntax, demand: nil, forwardingTo: loop)
    }
}

extension Expression {
    /// The expression with every use of the name `name` replaced (a loop's variable becomes `$0`).
    func replacingName(_ name: String, with replacement: Expression) -> Expression {
        func replaced(_ expression: Expression) -> Expression { expression.replacingName(name, with: replacement) }
        switch self {
        case .name(let written, _) where written == name: return replacement
        case .literal, .argument, .captured, .bound, .name, .pipeline: return self
        case .array(let items): return .array(items.map(replaced))
        case .record(let fields): return .record(fields.map { ($0.0, replaced($0.1)) })
        case .member(let base, let member): return .member(replaced(base), member)
        case .optionalMember(let base, let member): return .optionalMember(replaced(base), member)
        case .index(let base, let index): return .index(replaced(base), replaced(index))
        case .unary(let op, let operand): return .unary(op, replaced(operand))
        case .binary(let op, let left, let right): return .binary(op, replaced(left), replaced(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            return .conditional(replaced(condition), replaced(whenTrue), replaced(whenFalse))
        case .local(let slot, let value, let body):
            return .local(slot: slot, value: replaced(value), body: replaced(body))
        case .call(let function, let arguments): return .call(function, arguments.map(replaced))
        case .namedCall(let function, let arguments, let token):
            return .namedCall(function, arguments.map(replaced), token)
        }
    }
}

extension Parser {
    /// `a.b` or `a?.b` on the left of `=`: the object's expression and the property's name.
    static func assignedMember(_ expression: Expression) -> (Expression, String)? {
        switch expression {
        case .member(let base, let property), .optionalMember(let base, let property): return (base, property)
        default: return nil
        }
    }
}

extension Value {
    /// The objects in this value: itself if it is one, or those in its arrays and records.
    var objectsInside: [PlaygroundObject] {
        var found: [PlaygroundObject] = []
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .object(let object): found.append(object)
            case .array(let items): pending += items
            case .record(let fields): pending += fields.map(\.value)
            default: break
            }
        }
        return found
    }
}

extension ObjectCommands {
    /// Swift's calls that stand for a command: `cancellable.cancel()` and `shared.connect()`
    /// (the `cancel` and `connect` commands), `subject.send(completion: .finished)` and
    /// `.failure(...)` (`complete` and `fail`). Nil, reading nothing, for any other line.
    static func swiftCallStatement(_ parser: inout Parser) throws -> Statement? {
        let start = parser.position
        guard parser.current.identifier != nil, parser.peek(1).isSymbol("."), let method = parser.peek(2).identifier,
              parser.peek(3).isSymbol("(")
        else { return nil }
        if ["cancel", "connect"].contains(method), parser.peek(4).isSymbol(")"), parser.peek(5).kind == .end,
           let spec = CommandTable.spec(named: method)
        {
            let word = parser.peek(2)
            let statement = try spec.parse(&parser, word)
            parser.position = parser.tokens.count - 1
            return statement
        }
        guard method == "send", parser.peek(4).identifier == "completion", parser.peek(5).isSymbol(":"),
              parser.peek(6).isSymbol("."), let kind = parser.peek(7).identifier
        else { return nil }
        let name = parser.current
        parser.position = start + 8
        var failure: String?
        switch kind {
        case "finished":
            break
        case "failure":
            // `.failure("offline")`, or an error written as Swift names it: `.failure(NetworkError.offline)`.
            let open = parser.current
            try parser.expectSymbol("(", "write `.failure(\"why\")`")
            if case .string(let message) = parser.current.kind, parser.peek(1).isSymbol(")") {
                failure = message
                parser.advance()
            } else {
                var depth = 0
                var parts = ""
                while parser.current.kind != .end, !(depth == 0 && parser.current.isSymbol(")")) {
                    if parser.current.isSymbol("(") { depth += 1 }
                    if parser.current.isSymbol(")") { depth -= 1 }
                    parts += parser.current.display
                    parser.advance()
                }
                guard !parts.isEmpty else { throw SyntaxError("write `.failure(\"why\")`", at: open) }
                failure = parts
            }
            try parser.expectSymbol(")", "close `.failure(...)` with `)`")
        default:
            throw SyntaxError("a completion is `.finished` or `.failure(\"why\")`", at: parser.tokens[start + 7])
        }
        try parser.expectSymbol(")", "close `send(completion: ...)` with `)`")
        return Statement("send") { session in try session.finish(name, failure: failure) }
    }
}

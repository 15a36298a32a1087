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
            let inherited = try parser.inheritedTypes(of: name).map(\.display)
            let enclosing = (parser.enclosingTypeName, parser.superclassName)
            parser.enclosingTypeName = name.display
            parser.superclassName = inherited.first
            defer { (parser.enclosingTypeName, parser.superclassName) = enclosing }
            let body = parser
            let declared = try parser.typeBody(in: "a class")
            return Statement(word.display) { session in
                // `class Dog: Animal`: a class declared here is its superclass, whose members it inherits
                // (and its methods name without `self.`: the body is read again knowing them).
                let superclass = inherited.first.flatMap { session.classes[$0] }.flatMap { $0.isValueType ? nil : $0 }
                var (properties, methods) = declared
                // Its protocols' defaults too (`extension Greeter { func twice() ... }`), which it has.
                let known = (superclass.map { [$0.name] } ?? []) + inherited.filter { session.protocols[$0] != nil }
                if !known.isEmpty {
                    var reread = body
                    reread.knownMembers = known.reduce(into: Set<String>()) {
                        $0.formUnion(session.memberNames(of: Token(
                            kind: .identifier($1), offset: name.offset, length: name.length)))
                    }
                    (properties, methods) = try reread.typeBody(in: "a class")
                }
                var objectClass = ObjectClass(name: name.display, properties: properties, methods: methods)
                objectClass.conformances = inherited.filter { session.protocols[$0] != nil }
                objectClass = session.adoptingDefaults(objectClass.inheriting(from: superclass))
                try session.checkConformance(of: objectClass, to: inherited, at: name)
                try session.declareType(name) {
                    // Checked now, so that a mistake is reported where the class is declared; its methods
                    // may read its static members (`Self.tapped`), so it is declared while they are checked.
                    session.classes[name.display] = objectClass
                    _ = try session.makeObject(named: name.display, of: objectClass, initialising: false)
                }
                // `class Person: CustomStringConvertible` (or a subclass of one) prints by its `description`.
                session.structMethods.setDescribed(name.display, inherited.contains("CustomStringConvertible")
                    || superclass.map { session.structMethods.isDescribed($0.name) } == true)
                let members = properties.filter { !$0.isLazyStorage }.map(\.summary)
                    + methods.filter { $0.name.display != "deinit" }.map(\.summary)
                session.info("class \(name.display)" + (members.isEmpty ? "" : ": " + members.joined(separator: ", ")))
            }
        },
        CommandSpec(
            "enum", usage: "enum NAME[: String] { case A, B }",
            summary: "declares an enumeration, as in Swift: cases, raw values (`.rawValue`, `NAME(rawValue:)`), "
                + "cases that carry values (`case loaded(Int)`), matched by `switch`",
            example: "enum Direction { case up, down }", arguments: [.newName]
        ) { parser, word in
            let nameToken = parser.current
            let declaration = try parser.enumDeclaration()
            return Statement(word.display) { session in try session.declareEnum(declaration, at: nameToken) }
        },
        CommandSpec(
            "struct", usage: "struct NAME {…}",
            summary: "declares a value type, as in Swift: `NAME()` and `NAME(field: V)` make a record of its fields",
            example: "struct Song { var name = \"-\"; var style = \"pop\" }", arguments: [.newName]
        ) { parser, word in
            let name = try parser.newName(after: "struct")
            let inherited = try parser.inheritedTypes(of: name).map(\.display)
            let body = parser
            let (properties, declared) = try parser.typeBody(in: "a struct")
            if let initialiser = declared.first(where: { $0.name.display == "init" }) {
                throw SyntaxError(
                    "a struct's `init` is not run here: its memberwise initialiser makes it "
                        + "(`\(name.display)(FIELD: VALUE)`); declare `\(name.display)` as a `class` to run an `init`",
                    at: initialiser.name)
            }
            if let held = properties.first(where: { $0.subject != nil || !$0.observers.isEmpty }) {
                throw SyntaxError(
                    "a struct's value is a record here, which holds no subject and runs no observers: "
                        + "declare `\(name.display)` as a `class`",
                    at: held.name
                )
            }
            if let settable = properties.first(where: { $0.computed?.setter != nil }) {
                throw SyntaxError(
                    "a struct's computed property is read here, not set: leave out its `set`, or declare "
                        + "`\(name.display)` as a `class`",
                    at: settable.name)
            }
            // `var fahrenheit: Double { celsius * 9 / 5 + 32 }`: read as a method of the value, not a field.
            // A `static` one (`static var shared: Int { 42 }`) is the type's, read as `Config.shared`.
            let fields = properties.filter { $0.computed == nil || $0.isStatic }
            let getters = properties.filter { !$0.isStatic }.compactMap(\.getterMethod)
            let methods = getters + declared
            return Statement(word.display) { session in
                var valueType = ObjectClass(name: name.display, properties: fields, isValueType: true)
                valueType.methods = methods
                // The defaults of the session's protocols it lists, unless it has its own (its methods
                // name them without `self.`: the body is read again knowing them).
                valueType.conformances = inherited.filter { session.protocols[$0] != nil }
                let defaults = valueType.conformances.reduce(into: Set<String>()) {
                    $0.formUnion(session.protocols[$1]?.memberNames ?? [])
                }
                if !defaults.isEmpty {
                    var reread = body
                    reread.knownMembers = defaults
                    let (properties, declared) = try reread.typeBody(in: "a struct")
                    valueType.methods = properties.filter { !$0.isStatic }.compactMap(\.getterMethod) + declared
                }
                valueType = session.adoptingDefaults(valueType)
                let methods = valueType.methods
                try session.checkConformance(of: valueType, to: inherited, at: name)
                // Its methods' names first, so that they may call one another.
                session.structMethods.declare(methods.map(\.name.display))
                var bound: [StructMethod] = []
                try session.declareType(name) {
                    // Checked now, so that a mistake is reported where the struct is declared.
                    _ = try session.record(of: valueType, fields: [], at: name)
                    session.classes[name.display] = valueType
                    // Resolved once the type is known, so that a method may make a value of it.
                    bound = try session.boundStructMethods(methods)
                }
                session.structMethods.register(bound, for: name.display)
                let members = properties.map(\.summary) + declared.map(\.summary)
                // `struct FlakyError: Error {}` has nothing to list.
                session.info("struct \(name.display)" + (members.isEmpty ? "" : ": " + members.joined(separator: ", ")))
            }
        },
        CommandSpec(
            "func", usage: "func NAME(PARAMETER, ...) = VALUE",
            summary: "declares a function closures can call, often a fake service returning a publisher",
            example: "func search(term) = term == \"\" ? Fail(error: \"empty\") : Just([term]).delay(for: 300ms)",
            arguments: [.newName]
        ) { parser, word in
            let first = parser.current
            guard first.identifier != nil else {
                throw SyntaxError("`func` needs a name, for example `func search(term) = Just([term])`", at: first)
            }
            // `func service.search(term)`: a dotted name, called as written.
            let name = parser.declaredFunctionName()
            let nameToken = Token(kind: .identifier(name), offset: first.offset, length: name.count)
            let (tree, declaration) = try parser.functionDeclaration(at: word, named: nameToken)
            try parser.refuseGenerics(declaration.genericParameterClause, of: name, in: tree)
            let signature = try parser.declaredSignature(
                declaration.signature, in: tree, of: name,
                usage: "write `func \(name)(PARAMETER) = VALUE` or `func \(name)(_ x: Int) -> Int { BODY }`")
            let declared = signature.parameters
            let parameters = signature.names
            // `_ xs: Int...`: the arguments from there on, as an array.
            let types = declared.map(\.passedType)
            // Parameters of the types the checker knows all about (`_ xs: [Int]`) are checked as such.
            let parameterTypes = types.map { type in
                type.map(ValueType.init(written:)).flatMap { $0.isKnownPlainType ? $0 : nil } ?? .value
            }
            // `_ item: Item?`: optional, as `print(item as Any)` in the body shows it, whatever is known of `Item`.
            let printedTypes = zip(parameterTypes, types).map { type, written in
                type == .value && written?.hasSuffix("?") == true ? ValueType.optional(.value) : type
            }
            // `_ e: E` of an enumeration: a bare `.b` given for it is the case (`f(.b)`).
            let writtenTypes = types.map { $0.map(ValueType.init(written:)) ?? .value }
            // `_ value: inout Int`: a variable of the body, whose last value the caller's `&n` gets.
            let inoutSlots = Set(declared.indices.filter { declared[$0].isInout })
            // `-> Double`: what it returns is converted to it (`return 10` gives 10.0). `async` and `throws`
            // say nothing more here: any function may throw, and none waits.
            let returnType = signature.returnType.map(ValueType.init(written:))
            let braced = parser.current.isSymbol("{")
            if !braced {
                try parser.expectSymbol("=", "write `func \(name)(\(parameters.joined(separator: ", "))) = VALUE`")
            } else {
                parser.advance()
            }
            let saved = (parser.parameters, parser.highestArgument, parser.variables)
            parser.parameters = Dictionary(uniqueKeysWithValues: parameters.enumerated().map { ($1, $0) })
            parser.variables.formUnion(inoutSlots)
            if !braced, parser.current.identifier == "return" { parser.advance() }
            if !braced { parser.swiftPartStart = parser.current.offset }
            // A braced body holds statements as a closure's does: `let` steps, `if`, `return`, `throw`.
            let body = braced && !parser.current.isSymbol("}")
                ? try parser.statementsBody(nextLocal: parameters.count) : try parser.expression()
            parser.parameters = saved.0
            parser.highestArgument = saved.1
            parser.variables = saved.2
            if braced { try parser.expectSymbol("}", "close the body of `\(name)` with `}`") }
            let text = parser.text.trimmingWhitespace()
            let closureParameters = ClosureParameters(names: parameters, types: types)
            return Statement(word.display, defines: nameToken) { session in
                try session.checkReturns(
                    of: body, parameters: parameters, parameterTypes: parameterTypes, returnType: returnType,
                    written: text, at: nameToken)
                try session.declareFunction(
                    nameToken, parameters: parameters, parameterTypes: parameterTypes, printedTypes: printedTypes,
                    returnType: returnType, defaults: declared.map(\.defaultValue), body: body, text: text,
                    inoutSlots: inoutSlots, closureParameters: closureParameters, writtenTypes: writtenTypes,
                    variadicSlot: signature.variadicSlot)
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
            if parser.current.identifier != "await" {
                // `for name in names { print(name) }`: a loop over a value.
                let loop = try parser.forInLoop(at: word)
                let text = parser.text
                return Statement(word.display) { session in
                    try session.checkLoop(loop, written: text, at: word)
                    try session.runLoop(loop)
                }
            }
            guard parser.current.identifier == "await" else { throw SyntaxError(usage, at: parser.current) }
            parser.advance()
            let variable = parser.current
            guard let name = variable.identifier, name != "in" else { throw SyntaxError(usage, at: variable) }
            parser.advance()
            guard parser.current.identifier == "in" else { throw SyntaxError(usage, at: parser.current) }
            parser.advance()
            // The publisher is the loop's sequence, where Swift's parser reads it, up to its `.values`; the
            // body after it is read as a `for ... in` loop's: a closure whose outer parameter is the loop's name.
            guard let (tree, loop) = try parser.swiftAsyncLoop(at: word) else {
                throw SyntaxError(usage + ": the loop runs over `.values`", at: parser.current)
            }
            let written = try parser.read(loop.sequence, in: tree, as: "the loop's publisher") { try $0.pipeline() }
            guard let last = written.operators.last, last.name == "values", last.arguments.isEmpty,
                last.trailingClosure == nil
            else {
                throw SyntaxError(
                    usage + ": the loop runs over `.values`", at: written.operators.last?.span ?? parser.current)
            }
            parser.moveToToken(atOrAfter: tree.offset(of: loop.body.leftBrace.positionAfterSkippingLeadingTrivia))
            let savedParameters = parser.parameters
            parser.parameters = [name: 0]
            let loopBody = try parser.closure(asLoopBody: true)
            parser.parameters = savedParameters
            let syntax = PipelineSyntax(
                source: written.source, operators: written.operators.dropLast(), text: written.text,
                startOffset: written.startOffset
            )
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
        if let reassigned = try closureReassignment(&parser, of: expression) { return reassigned }
        // `player.volume += 1` is `player.volume = player.volume + 1`.
        let compound = parser.compoundOperator
        let equals = parser.current
        if let (base, property) = Parser.assignedMember(expression),
            let closure = try parser.assignedClosure(for: property, emptyIsClosure: false)
        {
            // `model.onDeleteButtonTapped = { print("deleted") }`: a closure, not a record.
            let target = Token(kind: .identifier(property), offset: start.offset, length: equals.offset - start.offset)
            return Statement("set") { session in try session.assign(closure, to: property, of: base, at: target) }
        }
        if parser.current.isSymbol("=") || compound != nil {
            parser.advance()
            let valueToken = parser.current
            var value = try parser.valueExpression()
            if let compound { value = .binary(compound, expression, value) }
            if case .name("_", _) = expression, compound == nil {
                // `_ = model.load()`: the value is made and let go, as Swift's discard.
                return Statement("discard") { session in _ = try session.constant(value, at: valueToken) }
            }
            if case .name(let name, let token) = expression {
                // `volume = 5` for a binding `volume`; `count = 0`, `count += 1` for a `var`.
                return Statement("set") { session in
                    if try session.assignBinding(name, value, at: token) { return }
                    if case .literal(.null) = value, try session.releaseObject(named: name, at: token) { return }
                    if case .literal(.null) = value, case .sink(let sink)? = session.entries[name] {
                        // `cancellable = nil`: an `AnyCancellable` let go of cancels its subscription.
                        if sink.isLive { sink.cancel() }
                        session.info("\(name) cancelled")
                        return
                    }
                    guard case .value? = session.entries[name] else {
                        throw SyntaxError(
                            "`\(name)` is not a variable or a binding: make it with `var \(name) = VALUE`, or set an "
                                + "object's property with `OBJECT.PROPERTY = VALUE`",
                            at: token
                        )
                    }
                    let given = try session.constant(value, at: token)
                    if case .string = valueToken.kind, case .value(let named)? = session.entries[name],
                        session.impliedCase(given, as: named.value) != nil
                    {
                        // `state = "b"`: a text is no case, though a bare `.b` (read as the same text) is.
                        throw SyntaxError("cannot assign value of type 'String' to type "
                            + "'\(ValueType(of: named.value).swiftName)'", at: token)
                    }
                    try session.assign(given, to: expression, at: token)
                }
            }
            if case .index = ElementUpdate.place(of: expression), ElementUpdate.place(of: expression).rootName != nil {
                // `names[0] = "z"`, `scores["ana"] = 3`, `counts[w, default: 0] += 1` for a `var`.
                let target = Token(kind: start.kind, offset: start.offset, length: max(1, equals.offset - start.offset))
                let place = ElementUpdate.place(of: expression)
                return Statement("set") { session in
                    try session.assign(session.constant(value, at: target), to: place, at: target)
                }
            }
            if case .optionalMember(let base, let property) = expression {
                // `box?.value = 10`: set unless `box` is nil, as Swift's optional chain does.
                let target = Token(
                    kind: .identifier(property), offset: start.offset, length: equals.offset - start.offset)
                return Statement("set") { session in
                    guard try session.constant(base, at: target) != .null else { return }
                    try session.assign(value, to: property, of: base, at: target, valueAt: valueToken)
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

/// A name in an expression, kept out of `primary`, which recurses for every level of nesting: a
/// parameter or a step of the body (its value, or its variable's), a member of the class whose
/// method is being read, a publisher's initial word, or a call the session resolves.
extension Parser {
    @inline(never)
    mutating func named(_ name: String, at token: Token) throws -> Expression {
        if promiseNames.contains(name), swiftReadsNameCalled() {
            // `promise(.success(42))` in `Future { promise in ... }`.
            advance()
            let promise: Expression? = parameters[name].map { .argument($0) }
                ?? enclosingParameters.reversed().enumerated().lazy.compactMap { distance, scope in
                    scope[name].map { Expression.captured(level: distance + 1, index: $0) }
                }.first
            if let promise { return try promiseCall(promise, named: name) }
            position -= 1
        }
        if let index = parameters[name] {
            advance()
            return variables.contains(index) ? .variable(.argument(index)) : .argument(index)
        }
        if name == "Self", let typeName = enclosingTypeName {
            // `Self.tapped` in a class's method: the class's static member.
            advance()
            return .name(typeName, token)
        }
        for (distance, scope) in enclosingParameters.reversed().enumerated() {
            guard let index = scope[name] else { continue }
            advance()
            return capturedName(level: distance + 1, index: index)
        }
        if name.hasPrefix("$"), selfMembers.contains(String(name.dropFirst())), let receiver = selfReference {
            // `$query` in a method or an initialiser: `self.$query`, the property's publisher.
            advance()
            return .member(receiver, name)
        }
        if name == "super", let receiver = selfReference, let (tree, use) = swiftMemberOfName(),
            use.isCalledWithArguments
        {
            // `super.init(name: name)`, `super.speak()`: the superclass's own, whatever the object overrides.
            let member = use.name.text
            skip(past: use.access, in: tree)
            advance()  // its `(`
            let method = ObjectClass.superMethodName(member, of: superclassName ?? "super")
            return .call("." + method, [receiver] + (try callArguments(of: member)))
        }
        if selfMembers.contains(name), let receiver = selfReference {
            // `objectWillChange` in an observer's body: `self.objectWillChange`; `bind()`: `self.bind()`;
            // `onFinish?(name)`: the closure property, called unless nil.
            advance()
            let follower = swiftNameFollower()
            guard follower == .call || follower == .optionalCall else { return .member(receiver, name) }
            if follower == .optionalCall { advance() }  // its `?`
            advance()
            return .call("." + name, [receiver] + (try callArguments(of: name)))
        }
        if SwiftConstants.hasConstants(of: name), let (tree, use) = swiftMemberOfName(), !use.isCalledWithArguments,
            let constant = SwiftConstants.value(of: name, use.name.text)
        {
            // `Double.pi`, `Int.max`.
            skip(past: use.access, in: tree)
            return .literal(constant)
        }
        if name == "Publishers", let (source, operators) = try combiningInitialiser() {
            // `Publishers.CombineLatest($username, $password)` in a method or a closure.
            let start = token.offset
            return .pipeline(PipelineSyntax(
                source: source, operators: operators, text: String(source_text(start, endOfLastToken)),
                startOffset: start))
        }
        if Parser.sourceWords.contains(name) && !variableWords.contains(name)
            && (name != "cold" || swiftReadsNameCalled())
            || name == "Timer" && swiftMemberOfName()?.use.name.text == "publish"
        {
            // `Just($0)`, `Fail(error: "x")`, `Empty()`, `Future { }`, `Timer.publish(every: 1, ...)` in a
            // method: a publisher.
            let start = current.offset
            let source = try pipelineSource()
            let end = tokens[max(position - 1, 0)].offset + tokens[max(position - 1, 0)].length
            return .pipeline(PipelineSyntax(
                source: source, operators: [], text: String(source_text(start, end)), startOffset: start
            ))
        }
        if name == "Optional", swiftNameTakesAngle() {
            return try optionalOfWrittenType(at: token)
        }
        if name == "Result", swiftNameTakesAngle() {
            // `Result<Int, Error>.success(1)`: Swift's `Result`, its types read and left aside.
            _ = try writtenGenericArguments(of: token)
            return .name(name, token)
        }
        if ["Array", "Dictionary", "Set"].contains(name), let collection = try collectionInitialiser() {
            return collection
        }
        advance()
        let follower = swiftNameFollower()
        if follower == .optionalCall {
            // `onDone?()`: the closure a top-level optional holds, called unless it is nil.
            advance()
            advance()
            let arguments = try callArguments(of: name) + (try trailingClosureValues())
            let call = Expression.namedCall(name, arguments, covering(from: token))
            return .conditional(.binary(.equal, .name(name, token), .literal(.null)), .literal(.null), call)
        }
        if follower == .call {
            advance()
            let labelled = try labelledCallArguments(of: name)
            var arguments = labelled.map(\.value)
            if name == "print" {
                // `print(1, 2, separator: "-", terminator: "")`: the labelled two, marked for the print.
                arguments = labelled.map { argument in
                    guard let label = argument.label, PrintedText.labels.contains(label) else { return argument.value }
                    return .call(PrintedText.marker(label), [argument.value])
                }
            }
            if let function = LabelledFunctions.function(named: name, labels: labelled.map(\.label)) {
                // `String(repeating: "-", count: 3)`, `stride(from: 0, to: 9, by: 3)`.
                return .call(function, arguments)
            }
            if name.first?.isUppercase == true, current.isSymbol("{"), !readingCondition {
                throw SyntaxError(
                    "a trailing closure after `\(name)(...)` is not read here: the playground's initialisers "
                        + "take values, not closures; make the object, then give its closure property the "
                        + "closure (`let child = \(name)(...)`, then `child.onDeleteButtonTapped = { ... }`)",
                    at: current)
            }
            // `load(1) { user in ... }`: a trailing closure, passed after the other arguments.
            arguments += try trailingClosureValues()
            if Functions.all.contains(where: { $0.name == name }) {
                // Resolved by the session: a function the person declared with the same name
                // (`func double(_ x: Int)`) comes before the built-in one, as in Swift.
                return .namedCall(name, arguments, covering(from: token))
            }
            if name.first?.isUppercase == true, !labelled.isEmpty, labelled.allSatisfy({ $0.label != nil }) {
                // `Song(name: "x", style: .metal)`: a memberwise initialiser, its fields as a record
                // (the session makes the record, unless a class of that name says otherwise).
                let fields = labelled.map { ($0.label ?? "", $0.value) }
                return .namedCall(name, [.record(fields)], covering(from: token))
            }
            return .namedCall(name, arguments, covering(from: token))
        }
        if name.first?.isLowercase == true, !Parser.swiftKeywords.contains(name), !Parser.blockWords.contains(name) {
            // `register { print("first") }`: a function given only a trailing closure.
            let closures = try trailingClosureValues()
            if !closures.isEmpty { return .namedCall(name, closures, covering(from: token)) }
        }
        return .name(name, token)
    }
}

/// The names a pipeline reads, read off its syntax tree: the subject or pipeline it starts from,
/// the publishers its operators take (`merge(with: other)`), and the names its closures and
/// values use (objects, subjects, pipelines, functions). A scheduler argument
/// (`receive(on: clock)`) and an enumeration case (`.dropOldest`) are not names read.
extension PipelineSyntax {
    /// Each name once, in the order written.
    var namesRead: [String] {
        var names: [String] = []
        collectNames(into: &names)
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    fileprivate func collectNames(into names: inout [String]) {
        switch source {
        case .name(let token):
            if let name = token.identifier { names.append(name) }
        case .deferred(let inner):
            inner.collectNames(into: &names)
        case .just(let expression), .future(let expression, _), .expression(let expression):
            expression.collectNames(into: &names)
        case .sequence(let items), .record(let items, _):
            for item in items { item.collectNames(into: &names) }
        case .cold(let cold):
            cold.legend?.collectNames(into: &names)
        case .empty, .fail, .timer, .timerPublish:
            break
        }
        for call in operators {
            for argument in call.arguments {
                argument.collectNames(into: &names, topLevel: !OperatorTable.isScheduler(argument, of: call))
            }
            call.trailingClosure?.body.collectNames(into: &names)
        }
    }
}

extension Argument {
    /// `topLevel`: a bare name here is a publisher the operator reads (not a scheduler, and not
    /// an argument of an enumeration case such as `.byTime(clock, 1s)`).
    fileprivate func collectNames(into names: inout [String], topLevel: Bool) {
        switch content {
        case .name(let name):
            if topLevel { names.append(name) }
        case .expression(let expression):
            expression.collectNames(into: &names)
        case .closure(let closure):
            closure.body.collectNames(into: &names)
        case .reference(let expression):
            expression.collectNames(into: &names)
        case .enumCase(_, let arguments):
            for argument in arguments { argument.collectNames(into: &names, topLevel: false) }
        case .range(let lower, let upper, _):
            lower.collectNames(into: &names)
            upper?.collectNames(into: &names)
        case .duration, .swiftName, .subjectFactory:
            break
        }
    }
}

extension Expression {
    /// The names the expression uses, in the order written.
    var namesRead: [String] {
        var names: [String] = []
        collectNames(into: &names)
        return names
    }

    fileprivate func collectNames(into names: inout [String]) {
        switch self {
        case .literal, .argument, .captured, .bound:
            break
        case .name(let name, _):
            names.append(name)
        case .namedCall(let name, let arguments, _):
            names.append(name)
            for argument in arguments { argument.collectNames(into: &names) }
        case .pipeline(let syntax):
            syntax.collectNames(into: &names)
        case .array(let items), .call(_, let items):
            for item in items { item.collectNames(into: &names) }
        case .record(let fields), .tuple(let fields):
            for (_, value) in fields { value.collectNames(into: &names) }
        case .dictionary(let pairs):
            for (key, value) in pairs {
                key.collectNames(into: &names)
                value.collectNames(into: &names)
            }
        case .member(let base, _), .optionalMember(let base, _), .unary(_, let base):
            base.collectNames(into: &names)
        case .index(let base, let index):
            base.collectNames(into: &names)
            index.collectNames(into: &names)
        case .binary(_, let left, let right):
            left.collectNames(into: &names)
            right.collectNames(into: &names)
        case .conditional(let condition, let whenTrue, let whenFalse):
            condition.collectNames(into: &names)
            whenTrue.collectNames(into: &names)
            whenFalse.collectNames(into: &names)
        case .local(_, let value, let body):
            value.collectNames(into: &names)
            body.collectNames(into: &names)
        case .newVariable, .variable, .setVariable, .loop, .returning:
            for part in parts { part.collectNames(into: &names) }
        }
    }
}

import Conduit
import Foundation

/// What `subs` and `inspect` show: the names, the subscriptions between them, and their state.
extension Interpreter {
    /// The names and the subscriptions between them, as `subs` prints them and the page draws them.
    func subscriptionTree() -> SubscriptionTree {
        var shown = Set<String>()
        func node(
            _ name: String, kind: String, line: String, details: [String] = [],
            children: [SubscriptionTree.Node] = [], demand: DemandLevel? = nil
        ) -> SubscriptionTree.Node {
            SubscriptionTree.Node(
                name: name, kind: kind, line: line, details: details, children: children, demand: demand)
        }
        func describe(_ name: String, depth: Int) -> SubscriptionTree.Node? {
            guard let entry = entries[name] else { return nil }
            defer { shown.insert(name) }
            switch entry {
            case .subject(let subject):
                let users = liveSinks(readingFrom: name)
                let dropped = subjectLedgers.droppedCount(of: name)
                return node(name, kind: entry.kindName, line: subject.summary
                    + " (\(users) live sink\(users == 1 ? "" : "s"))"
                    + (dropped > 0 ? "  dropped \(dropped) (no demand)" : ""))
            case .pipeline(let pipeline):
                let inner = recorder.innerSummary(for: name).map { [$0] } ?? []
                return node(name, kind: entry.kindName,
                    line: pipeline.chain + (connections[name].map { "  (\($0.summary))" } ?? ""),
                    details: inner, children: reads(of: name, depth: depth))
            case .object(let object):
                return node(
                    name, kind: entry.kindName, line: objectSummary(object), details: objectPropertyLines(object))
            case .function(let function):
                return node(name, kind: entry.kindName, line: "func " + function.usage)
            case .binding(let binding):
                return node(name, kind: entry.kindName, line: binding.summary)
            case .value(let named):
                return node(name, kind: entry.kindName, line: named.summary(named: name))
            case .sink(let sink):
                let demand = sink.demand
                var details: [String] = []
                // What the sink subscribed to, as it was then.
                if let syntax = names.definitions[name]?.syntax {
                    if let connection = connections[name] { details.append(connection.summary) }
                    if !syntax.operators.isEmpty { details.append(syntax.chain) }
                    if let inner = recorder.innerSummary(for: name) { details.append(inner) }
                }
                return node(name, kind: entry.kindName,
                    line: "sink  \(sink.state.label)  \(demand.summary)  ← \(sink.pipelineText)", details: details,
                    children: reads(of: name, depth: depth), demand: demand)
            }
        }
        /// The subjects and pipelines a definition read, as they were when it read them.
        func reads(of name: String, depth: Int) -> [SubscriptionTree.Node] {
            guard depth < 8 else { return [] }
            var children: [SubscriptionTree.Node] = []
            for dependency in names.definitions[name]?.reads ?? [] {
                guard let entry = entries[dependency.name] else {
                    children.append(node(dependency.name, kind: "dropped", line: "(dropped since)"))
                    continue
                }
                switch entry {
                case .subject, .pipeline:
                    if names.isCurrent(dependency) {
                        if let child = describe(dependency.name, depth: depth + 1) { children.append(child) }
                    } else {
                        children.append(node(dependency.name, kind: "earlier",
                            line: "(an earlier definition; `\(dependency.name)` was made again since)"))
                    }
                default:
                    continue
                }
            }
            return children
        }
        var roots: [SubscriptionTree.Node] = []
        for name in order {
            if case .sink? = entries[name], let root = describe(name, depth: 0) { roots.append(root) }
        }
        for name in order where !shown.contains(name) {
            if let root = describe(name, depth: 0) { roots.append(root) }
        }
        return SubscriptionTree(roots: roots, nameColumn: (order.map(\.count).max() ?? 4) + 2)
    }

    func liveSinks(readingFrom name: String) -> Int {
        liveSinks(of: name).count
    }

    /// Whether the pipeline written as `pipelineText` reads `name`, directly or through the
    /// pipelines it reads.
    func reads(_ pipelineText: String, from name: String, depth: Int) -> Bool {
        guard let syntax = try? Parser.parsePipeline(pipelineText) else { return false }
        return reads(syntax, from: name, depth: depth)
    }

    /// Whether `syntax` reads `name`, directly or through the pipelines it reads (as they are now)
    /// and, with `throughWriters`, also through what writes into the subjects it reads (sinks
    /// ending in `.assign(to:on:)`, pipelines ending in `.multicast(subject:)`): a loop through
    /// names is then seen when it forms.
    func reads(_ syntax: PipelineSyntax, from name: String, depth: Int, throughWriters: Bool = false) -> Bool {
        if syntax.namesRead.contains(name) || names.reads(names.dependencies(syntax.namesRead), from: name,
            depth: depth) {
            return true
        }
        guard throughWriters, depth < 16 else { return false }
        return subjects(readBy: syntax.namesRead, depth: 0).contains { subject in
            writers(into: subject).contains { reads($0, from: name, depth: depth + 1, throughWriters: true) }
        }
    }

    /// The subjects among `names` and among what the pipelines they name read.
    private func subjects(readBy names: [String], depth: Int) -> Set<String> {
        guard depth < 16 else { return [] }
        var found = Set<String>()
        for name in names {
            switch entries[name] {
            case .subject?: found.insert(name)
            case .pipeline(let pipeline)?: found.formUnion(subjects(readBy: pipeline.syntax.namesRead, depth: depth
                + 1))
            default: break
            }
        }
        return found
    }

    /// What sends values into a subject besides `send`: the pipelines of live sinks assigning
    /// into it, and pipelines multicasting through it.
    func writers(into subject: String) -> [PipelineSyntax] {
        var found: [PipelineSyntax] = []
        for name in order {
            switch entries[name] {
            case .sink(let sink)? where sink.isLive && sink.writesInto == subject:
                if let syntax = try? Parser.parsePipeline(sink.pipelineText) { found.append(syntax) }
            case .pipeline(let pipeline)?:
                let multicasts = pipeline.syntax.operators.contains { call in
                    call.name == "multicast" && call.arguments.contains { argument in
                        if argument.label == "subject", case .name(subject) = argument.content { return true }
                        return false
                    }
                }
                if multicasts { found.append(pipeline.syntax) }
            default:
                break
            }
        }
        return found
    }

    func inspect(_ name: Token) throws -> String {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "name") }
        switch entry {
        case .subject(let subject):
            let subscriptions = subjectLedgers.live(of: name.display)
            return "\(name.display): \(subject.summary)\n  live sinks reading it: "
                + "\(liveSinks(readingFrom: name.display))"
                + (subscriptions.isEmpty ? "" : "\n  subscriptions:\n" + subscriptions.map { "    " + $0.summary }
                    .joined(separator: "\n"))
                + "\n  dropped for lack of demand: \(subjectLedgers.droppedCount(of: name.display))"
        case .pipeline(let pipeline):
            var text = "\(name.display): pipeline\n  written: \(pipeline.syntax.text)\n  chain:   "
                + "\(pipeline.chain)\n  reads:   \(pipeline.dependencies.joined(separator: ", "))"
            if let connection = connections[name.display] { text += "\n  \(connection.summary)" }
            if let inner = recorder.innerSummary(for: name.display) { text += "\n  \(inner)" }
            return text
        case .sink(let sink):
            let demand = sink.demand
            var text = "\(name.display): sink\n  state:    \(sink.state.label)\n  pipeline: \(sink.pipelineText)\n  "
                + "requested: \(demand.requested.max.map { "\($0) so far" } ?? "unlimited")\n  delivered: "
                + "\(demand.delivered)" + (demand.outstanding.map { "\n  outstanding: \($0)" } ?? "")
            if case .failed(let message) = sink.state { text += "\n  failure:  \(message)" }
            text += "\n  traced:   \(recorder.isTraced(sink) ? "yes" : "no")"
            if let inner = recorder.innerSummary(for: name.display) { text += "\n  \(inner)" }
            return text
        case .object(let object):
            return inspectText(of: object)
        case .function(let function):
            return "\(name.display): function\n  declared: \(function.text)"
        case .binding(let binding):
            return "\(name.display): \(binding.summary)\n  writes go through \(binding.object.name), as a SwiftUI "
                + "Binding's do"
        case .value(let named):
            let type = structName(of: named.value) ?? ValueType(of: named.value).description
            return "\(name.display): \(named.isConstant ? "constant" : "variable") of type \(type)\n  "
                + "value: \(named.value)\n  "
                + (named.isConstant ? "a `let`: it cannot change" : "a `var`: `\(name.display) = VALUE` or a mutating "
                    + "method changes it")
        }
    }
}

extension Interpreter {
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

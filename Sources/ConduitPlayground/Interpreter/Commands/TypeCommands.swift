import Conduit

/// `types`: each stage of a pipeline with its Output and Failure as Combine would infer them, the
/// question learners ask after "why did nothing arrive?".
enum TypeCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "types", usage: "types NAME or types PIPELINE",
            summary: "each stage of a pipeline (a sink's, an object's publishers) with its publisher type, "
                + "Output and Failure, as Combine infers them",
            example: "types [1, 2].publisher.tryMap { 10 / $0 }.replaceError(with: 0)",
            arguments: [.pipeline]
        ) { parser, word in
            guard parser.current.kind != .end else {
                throw SyntaxError(
                    "`types` needs a pipeline or a name: `types doubled` or `types [1, 2].publisher.map { $0 * 2 }`",
                    offset: word.offset + word.length + 1, length: 1)
            }
            let syntax = try parser.pipeline()
            return Statement(word.display) { session in
                session.info(try session.typesTable(of: syntax))
            }
        },
    ]
}

extension Interpreter {
    /// The table `types` prints for a pipeline, a sink (its pipeline) or an object (its publishers).
    func typesTable(of syntax: PipelineSyntax) throws -> String {
        var syntax = syntax
        var heading: String?
        if case .name(let token) = syntax.source, syntax.operators.isEmpty {
            switch entries[token.display] {
            case .sink(let sink)?:
                var parser = try Parser(sink.pipelineText)
                syntax = try parser.pipeline()
                heading = "sink \(token.display) = \(sink.pipelineText)"
            case .object(let object)?:
                return objectTypes(object)
            default: break
            }
        }
        // The same checks, and the same messages, as `let` gives the pipeline (without the
        // subscriber that may end it: `.sink { ... }`, `.assign(...)`, `.store(in:)`).
        var operators = syntax.operators
        while let last = operators.last, ["sink", "assign", "store"].contains(last.name) || endsInSubscriber(last) {
            operators.removeLast()
        }
        _ = try build(PipelineSyntax(source: syntax.source, operators: operators, text: syntax.text,
            startOffset: syntax.startOffset), chain: ChainState(), trial: true)
        let stages = try checker.stageTypes(of: syntax, arguments: [])
        return ([heading].compactMap { $0 } + typesRows(stages)).joined(separator: "\n")
    }

    private func typesRows(_ stages: [StageType]) -> [String] {
        let textWidth = min(34, max(5, stages.map { $0.text.count }.max() ?? 0))
        let publisherWidth = max(9, stages.map { $0.publisher.count }.max() ?? 0)
        let outputWidth = max(6, stages.map { $0.output.description.count + ($0.isSubscriber ? 4 : 0) }.max() ?? 0)
        func cut(_ text: String) -> String {
            let text = text.count > textWidth ? String(text.prefix(textWidth - 1)) + "…" : text
            return text + String(repeating: " ", count: textWidth - text.count)
        }
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var rows = ["  " + cut("stage") + "  " + pad("publisher", publisherWidth) + "  " + pad("Output", outputWidth)
            + "  Failure"]
        var group: String?
        for stage in stages {
            if stage.pipeline != group, let name = stage.pipeline {
                rows.append("\(name):")
            }
            group = stage.pipeline
            let output = stage.isSubscriber ? "in: \(stage.output)" : stage.output.description
            rows.append("  " + cut(stage.text) + "  " + pad(stage.publisher, publisherWidth) + "  "
                + pad(output, outputWidth) + "  " + stage.failure.description)
            if let note = stage.note { rows.append("    ↳ " + note) }
        }
        return rows
    }

    /// An object's publishers: `$property` for each @Published one, and `objectWillChange`.
    private func objectTypes(_ object: PlaygroundObject) -> String {
        let published = object.properties.filter(\.isPublished).map { property in
            StageType(text: "\(object.name).$\(property.name)", publisher: EngineShape(Published<Value>.Publisher.self)
                .publisher, output: checker.propertyType(property.name, of: object), failure: .never)
        }
        let changes = StageType(text: "\(object.name).objectWillChange",
            publisher: EngineShape(ObservableObjectPublisher.self).publisher, output: .void, failure: .never,
            note: "sends before any @Published property changes")
        let heading = "\(object.name): \(object.typeName.map { "a \($0), " } ?? "")an ObservableObject"
        return ([heading] + typesRows(published + [changes])).joined(separator: "\n")
    }
}

extension SubjectEntry {
    /// `String, Never` as written between `<` and `>`, read by Swift's parser: the Output and the
    /// Failure; nil if it is not two types.
    static func declared(_ types: String?) -> (output: String, failure: String)? {
        guard let types, let arguments = WrittenType.arguments(between: types), arguments.count == 2 else {
            return nil
        }
        return (arguments[0], arguments[1])
    }
}

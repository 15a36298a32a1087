import Conduit

/// The commands that make subjects and drive them: `subject`, `current`, `send`, `complete`,
/// `fail`.
enum SubjectCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "subject", usage: "subject NAME",
            summary: "makes a PassthroughSubject: it passes on what you send, keeps nothing",
            example: "subject taps", arguments: [.newName]
        ) { parser, word in
            let name = try parser.newName(after: "subject")
            return Statement(word.display, defines: name) { session in
                try session.define(name, as: .subject(SubjectEntry(storage: .passthrough(PassthroughSubject()))))
                session.subjectLedgers.clear(name.display)
                session.info("\(name.display): PassthroughSubject")
            }
        },
        CommandSpec(
            "current", usage: "current NAME = VALUE",
            summary: "makes a CurrentValueSubject: it keeps its latest value and gives it to new subscribers",
            example: "current isOn = true", arguments: [.newName, .value]
        ) { parser, word in
            let name = try parser.newName(after: "current")
            try parser.expectSymbol("=", "`current \(name.display) = VALUE` gives the subject its first value")
            let expression = try parser.valueExpression()
            return Statement(word.display, defines: name) { session in
                let value = try session.constant(expression, at: name)
                try session.define(name, as: .subject(SubjectEntry(storage: .current(CurrentValueSubject(value)))))
                session.subjectLedgers.clear(name.display)
                session.info("\(name.display): CurrentValueSubject = \(value)")
            }
        },
        CommandSpec(
            "send", usage: "send NAME VALUE", summary: "sends a value into a subject",
            example: "send taps {name: \"ace\"}", arguments: [.subject, .value]
        ) { parser, word in
            let name = try parser.existingName(after: "send", usage: "send NAME VALUE")
            guard parser.current.kind != .end else {
                throw SyntaxError(
                    "`send` needs a value after the name, for example `send \(name.display) 42`", at: parser.current
                )
            }
            let expression = try parser.valueExpression()
            return Statement(word.display) { session in
                let subject = try session.subjectEntry(name, for: "send")
                do {
                    try session.checker.checkSend(expression, to: name.display)
                } catch let mismatch as TypeMismatch {
                    throw SyntaxError(mismatch.message, offset: name.offset + name.length + 1, length: 1)
                }
                let value = subject.accepted(try session.constant(expression, at: name))
                session.recorder.record(.sent(lane: name.display, value: value))
                if case .shared(let link) = subject.storage {
                    // Recorded when the server delivers it back, in the order every listener sees.
                    try link.send(value)
                    return
                }
                session.subjectLedgers.willSend(to: name.display, value: value)
                try subject.send(value)
            }
        },
        CommandSpec(
            "complete", usage: "complete NAME", summary: "finishes a subject: its subscribers receive `finished`",
            example: "complete taps", arguments: [.subject]
        ) { parser, word in
            let name = try parser.existingName(after: "complete", usage: "complete NAME")
            return Statement(word.display) { session in try session.finish(name, failure: nil) }
        },
        CommandSpec(
            "fail", usage: "fail NAME \"message\"", summary: "fails a subject with an error message",
            example: "fail taps \"offline\"", arguments: [.subject, .literal]
        ) { parser, word in
            let name = try parser.existingName(after: "fail", usage: "fail NAME \"message\"")
            guard case .string(let message) = parser.current.kind else {
                throw SyntaxError(
                    "`fail` needs a message in double quotes, for example `fail \(name.display) \"offline\"`",
                    at: parser.current
                )
            }
            parser.advance()
            return Statement(word.display) { session in try session.finish(name, failure: message) }
        },
    ]
}

extension Interpreter {
    /// `complete NAME` (no `failure`) or `fail NAME "failure"`, and Swift's
    /// `NAME.send(completion: .finished)` or `.failure(...)`: the subject's subscribers receive it.
    func finish(_ name: Token, failure: String?) throws {
        let subject = try subjectEntry(name, for: failure == nil ? "complete" : "fail")
        if failure != nil, let declared = subject.declaredTypes, FailureType(written: declared.failure) == .never {
            throw SyntaxError("`\(name.display)` cannot fail: its Failure is Never (Swift: cannot convert value to "
                + "expected argument type 'Never'); `complete \(name.display)` finishes it", at: name)
        }
        recorder.record(.completed(lane: name.display, completion: failure.map { .failed($0) } ?? .finished))
        subject.send(completion: failure.map { written in
            var error = PlaygroundError(written)
            error.thrownValue = errorValue(written, declaredFailure: subject.declaredTypes?.failure)
            return .failure(structMethods.described(error))
        } ?? .finished)
    }

    /// The value of a failure written as Swift's error (`E.bad`, `.bad` of the subject's declared
    /// Failure `E`, `BadInput()`), which a completion's closure binds; nil for a message or for
    /// what does not make a value.
    func errorValue(_ written: String, declaredFailure: String?) -> Value? {
        var text = written
        if text.hasPrefix("."), let declaredFailure, case .named(let type) = FailureType(written: declaredFailure) {
            text = type + text
        }
        guard text.first?.isUppercase == true, var parser = try? Parser(text),
            let expression = try? parser.valueExpression(), parser.current.kind == .end,
            let value = try? bind(expression).evaluate([]), value.enumCaseName != nil || value.isRecord
        else { return nil }
        return value
    }

    /// The text a string interpolation written as an error makes with the session's names
    /// (`Fail(error: "down \\(n)")` gives `down 5`); nil for any other error.
    func interpolatedErrorText(_ written: String) -> String? {
        guard written.first == "\"", written.contains("\\("), var parser = try? Parser(written),
            let expression = try? parser.valueExpression(), parser.current.kind == .end,
            case .string(let text)? = try? bind(expression).evaluate([])
        else { return nil }
        return text
    }
}

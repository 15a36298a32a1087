/// The playground's help: a list of commands, and a page for every command and operator, each
/// with an example that can be typed as it is.
enum Help {
    private static let commandPages: [(name: String, usage: String, text: String, example: String)] = [
        ("subject", "subject NAME", "makes a PassthroughSubject: it passes on what you send, keeps nothing", "subject taps"),
        ("current", "current NAME = VALUE", "makes a CurrentValueSubject: it keeps its latest value and gives it to new subscribers", "current isOn = true"),
        ("let", "let NAME = PIPELINE", "names a pipeline: a source and a chain of operators, written as in Swift; a next line starting with `.` continues it", "let doubled = numbers.map { $0 * 2 }"),
        ("sink", "sink NAME = PIPELINE [demand N]", "subscribes: prints each value as `NAME ← value`, and the completion; `demand N` asks for only N values at first", "sink out = [1, 2, 3].publisher demand 2"),
        ("send", "send NAME VALUE", "sends a value into a subject", "send taps {name: \"ace\"}"),
        ("complete", "complete NAME", "finishes a subject: its subscribers receive `finished`", "complete taps"),
        ("fail", "fail NAME \"message\"", "fails a subject with an error message", "fail taps \"offline\""),
        ("request", "request NAME N", "asks a sink's subscription for N more values (back-pressure)", "request out 1"),
        ("cancel", "cancel NAME", "cancels a sink's subscription", "cancel out"),
        ("subs", "subs (or ls)", "shows every name and live subscription as a tree, with state, demand and values received", "subs"),
        ("inspect", "inspect NAME", "shows one name in detail", "inspect out"),
        ("trace", "trace NAME [on|off]", "prints the subscription events of a sink as they happen, in Combine's print() words", "trace out"),
        ("load", "load FILE", "runs the lines of a script file in this session", "load scripts/examples/first-pipeline.conduit"),
        ("help", "help [TOPIC]", "lists the commands, or explains one command or operator; `help operators` lists the operators", "help map"),
        ("reset", "reset", "cancels every sink and forgets every name", "reset"),
        ("quit", "quit (or exit)", "leaves the playground", "quit"),
        ("clock", "clock real|virtual", "switches time operators between the virtual clock and real time", "clock real"),
    ]

    /// Every topic `help` knows: commands, operators and the pages about values and closures.
    static var topics: [String] {
        commandPages.map(\.name) + OperatorTable.names + ["operators", "values", "closures", "functions"]
    }

    static func text(for topic: String?) throws -> String {
        guard let topic = topic?.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ".")), !topic.isEmpty else {
            return overview
        }
        let key = topic == "ls" ? "subs" : topic == "exit" ? "quit" : topic
        if let page = commandPages.first(where: { $0.name == key }) {
            return "\(page.usage)\n  \(page.text)\n  example: \(page.example)"
        }
        if let spec = OperatorTable.spec(named: key) {
            return ".\(spec.name): \(spec.summary)\n  usage:   \(spec.usage)\n  example: \(spec.example)"
        }
        switch key {
        case "operators":
            return "operators (help NAME for one):\n" + OperatorTable.all.map { "  .\(padded($0.name, to: 17))\($0.summary)" }.joined(separator: "\n")
        case "values":
            return """
            values: 42, -7, 2.5, "text" (double quotes), true, false, nil, arrays [1, 2, 3],
            records {name: "ace", rank: 1}; arithmetic works in values too: send n 6 * 7
            """
        case "closures":
            return """
            closures: { $0 * 2 } with $0, $1 for the arguments, or named: { total, x in total + x }
              member and index access: $0.name, $0[1]; arithmetic + - * / %; comparison == != < <= > >=
              && || !, the ternary a ? b : c, string concatenation with +, and functions (help functions)
              a closure that fails at run time (a missing member, a division by zero) fails its pipeline
            """
        case "functions":
            return "functions:\n" + Functions.all.map { "  \($0.summary)" }.joined(separator: "\n")
        default:
            let hint = Suggestion.closest(to: key, in: topics).map { "; did you mean `help \($0)`?" } ?? "; try `help` for the list"
            throw SyntaxError("no help for `\(key)`\(hint)", offset: 5, length: key.count)
        }
    }

    /// `text.padding(toLength: width, withPad: " ", startingAt: 0)` without the trip through
    /// NSString when the text fits (Foundation still cuts text that is too long, in UTF-16 units).
    private static func padded(_ text: String, to width: Int) -> String {
        let length = text.utf16.count
        guard length <= width else { return text.padding(toLength: width, withPad: " ", startingAt: 0) }
        return text + String(repeating: " ", count: width - length)
    }

    private static var overview: String {
        let commands = commandPages.map { "  \(padded($0.usage, to: 34))\($0.text)" }
        return (["commands (help NAME for one; help operators, help values, help closures):"] + commands).joined(separator: "\n")
    }
}

import Foundation

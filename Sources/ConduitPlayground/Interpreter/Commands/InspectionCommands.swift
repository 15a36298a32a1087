/// The commands that look at the session without changing it: `subs`, `inspect`, `trace`,
/// `help`.
enum InspectionCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "subs", aliases: ["ls"], usage: "subs (or ls)",
            summary: "shows every name and live subscription as a tree, with state and demand (requested so far, "
                + "delivered, outstanding), and the values each subject dropped for lack of demand",
            example: "subs"
        ) { _, _ in
            Statement("subs") { session in
                session.emit(OutputRecord(kind: .info, text: TextWrapping.wrap(session.subscriptionTree().text,
                    width: session.outputWidth)))
            }
        },
        CommandSpec(
            "inspect", usage: "inspect NAME",
            summary: "shows one name in detail: a sink's demand, a subject's subscriptions with theirs and what "
                + "each missed",
            example: "inspect out", arguments: [.anyName]
        ) { parser, word in
            let name = try parser.existingName(after: "inspect", usage: "inspect NAME")
            return Statement(word.display) { session in
                session.emit(OutputRecord(kind: .info, text: try session.inspect(name)))
            }
        },
        CommandSpec(
            "trace", usage: "trace NAME [on|off]",
            summary: "prints the subscription events of a sink as they happen, in Combine's print() words; with a "
                + "limited demand, each request and value line ends with the demand left",
            example: "trace out", arguments: [.sink, .word(["on", "off"])]
        ) { parser, word in
            let name = try parser.existingName(after: "trace", usage: "trace NAME [on|off]")
            var on = true
            if parser.current.kind != .end {
                on = try parser.oneOf(["on", "off"], "`trace` takes `on` or `off` after the name") == "on"
            }
            return Statement(word.display) { session in
                let sink = try session.sinkEntry(name, for: "trace")
                session.recorder.trace(sink, on: on)
                session.info("tracing \(name.display) \(on ? "on" : "off")")
            }
        },
        CommandSpec(
            "help", usage: "help [TOPIC]",
            summary: "lists the commands, or explains one command or operator; `help operators` lists the operators",
            example: "help map", arguments: [.helpTopic],
            freeText: { topic in help(topic.isEmpty ? nil : topic) }
        ) { parser, _ in
            help(parser.restOfLine())
        },
    ]

    private static func help(_ topic: String?) -> Statement {
        Statement("help") { session in
            session.emit(OutputRecord(kind: .info, text: TextWrapping.wrap(try Help.text(for: topic),
                width: session.outputWidth)))
        }
    }
}

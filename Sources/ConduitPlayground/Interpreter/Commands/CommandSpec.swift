/// One command of the playground: its word, how it reads, its help page, what each of its
/// arguments takes (for Tab), and how it is parsed into a statement that runs. Adding a command
/// to the playground is adding one of these to a family in `CommandTable`.
struct CommandSpec: Sendable {
    /// The command word, e.g. `sink`.
    let name: String
    /// Other words for the same command (`ls` for `subs`).
    let aliases: [String]
    /// How a use reads, e.g. `sink NAME = PIPELINE [demand N]`.
    let usage: String
    let summary: String
    /// A line that can be typed at the prompt.
    let example: String
    /// What each argument after the command word takes, in order, for completion.
    let arguments: [ArgumentKind]
    /// For commands whose argument is free text (a path, a topic): the statement for the text
    /// after the command word, read without the lexer (a path need not be a token).
    let freeText: (@Sendable (String) -> Statement)?
    /// Reads the rest of the statement after the command word (`word`) and returns it, ready to run.
    let parse: @Sendable (inout Parser, Token) throws -> Statement

    init(
        _ name: String, aliases: [String] = [], usage: String, summary: String, example: String,
        arguments: [ArgumentKind] = [], freeText: (@Sendable (String) -> Statement)? = nil,
        parse: @escaping @Sendable (inout Parser, Token) throws -> Statement
    ) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.example = example
        self.arguments = arguments
        self.freeText = freeText
        self.parse = parse
    }
}

/// What kind of word an argument of a command takes: Tab offers the words that fit.
enum ArgumentKind: Sendable, Equatable {
    /// A name not in use yet (nothing to offer).
    case newName
    /// An existing subject (`send`, `complete`, `fail`).
    case subject
    /// An existing sink (`request`, `trace`).
    case sink
    /// A sink or a connectable pipeline (`cancel`, `connect`).
    case sinkOrPipeline
    /// A subject or a sink (`marbles`).
    case subjectOrSink
    /// Any name in use (`inspect`, `drop`).
    case anyName
    /// A name that draws a lane on the live page, or `all` (`lanes`).
    case lane
    /// A pipeline: names to read from, sources, and operators after a `.`.
    case pipeline
    /// A value, as `send` takes.
    case value
    /// A file path (`load`).
    case file
    /// A help topic.
    case helpTopic
    /// One of a few fixed words (`on`/`off`, `real`/`virtual`).
    case word([String])
    /// A duration such as `300ms`, or a whole number: nothing to offer.
    case literal
}

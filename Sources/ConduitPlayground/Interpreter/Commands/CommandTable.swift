/// Every command the playground knows, by word: the single place the parser, `help` and Tab
/// completion look them up.
enum CommandTable {
    static let all: [CommandSpec] = SubjectCommands.all + PipelineCommands.all + InspectionCommands.all
        + TypeCommands.all + TourCommands.all
        + TimeCommands.all + MarbleCommands.all + PredictionCommands.all + PresenterCommands.all + ObjectCommands.all
        + ProtocolCommands.all
        + NameCommands.all + ControlFlowCommands.all
        + ScriptCommands.all

    private static let byWord: [String: CommandSpec] = Dictionary(
        all.flatMap { spec in ([spec.name] + spec.aliases).map { ($0, spec) } },
        uniquingKeysWith: { first, _ in first }
    )

    /// The command a word (its name or an alias) stands for.
    static func spec(named word: String) -> CommandSpec? {
        byWord[word]
    }

    /// Whether `word` is a command's name or alias: the spec (a large struct) is not copied out.
    static func isCommand(_ word: String) -> Bool {
        byWord.keys.contains(word)
    }

    /// Every command word, aliases included, in the table's order.
    static let words: [String] = all.flatMap { [$0.name] + $0.aliases }
}

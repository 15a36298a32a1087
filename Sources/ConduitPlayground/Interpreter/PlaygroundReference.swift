/// The playground's command and operator reference as Markdown, written from the command and
/// operator tables (the ones the parser, `help` and Tab completion read), so the page in
/// docs/playground-reference.md cannot drift from what the playground accepts. A test compares the
/// file with this text; `scripts/playground-reference` writes it anew.
enum PlaygroundReference {
    /// The whole page.
    static func markdown() -> String {
        var lines = [
            "# Playground reference: commands and operators",
            "",
            "Generated from the playground's command and operator tables by `scripts/playground-reference`;",
            "do not edit by hand (a test fails when this page and the tables differ). The playground",
            "itself is described in [playground.md](playground.md); `help NAME` at the prompt says the same.",
            "",
            "## Commands",
            "",
            "Each with an example that can be typed at the prompt.",
            "",
        ]
        for command in CommandTable.all {
            let aliases = command.aliases.isEmpty
                ? "" : " (also " + command.aliases.map { code($0) }.joined(separator: ", ") + ")"
            lines.append("- \(code(command.usage))\(aliases): \(command.summary)")
            lines.append("  - \(code(command.example))")
        }
        lines += ["", "## Operators", "",
                  "Each is the engine's own operator. Combine's `try` forms are the same operators here, since",
                  "every playground closure may fail: " + OperatorTable.aliases.keys.sorted().map { code($0) }
                    .joined(separator: ", ") + ".", ""]
        for spec in OperatorTable.all.sorted(by: { $0.name < $1.name }) {
            lines.append("- \(code(spec.usage)): \(spec.summary)")
            lines.append("  - \(code(spec.example))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a Markdown code span, with enough backticks around it for the ones it holds.
    private static func code(_ text: String) -> String {
        var fence = "`"
        while text.contains(fence) { fence += "`" }
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded + fence
    }
}

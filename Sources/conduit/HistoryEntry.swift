/// A statement typed or pasted over several lines, as one line of the history: Up recalls the
/// whole statement, ready to run again or edit, rather than its last line.
enum HistoryEntry {
    /// The lines of one statement joined into one: with a space where the line break is inside an
    /// expression (after `{`, `(`, `[`, `,`, `in`, `=` or an operator, or before a line starting
    /// with `.`, `}`, `)` or `]`), and with `; ` where it ends a statement (between two members of
    /// a class, two statements of a closure). Nil when a line holds a `//` comment, which would
    /// swallow what follows it, or a multi-line string: those lines are kept one by one.
    static func joined(_ lines: [String]) -> String? {
        guard lines.count > 1 else { return lines.first }
        guard !lines.contains(where: { $0.contains("//") || $0.contains("\"\"\"") }) else { return nil }
        var result = ""
        for line in lines {
            let text = line.trimmingBlanks
            guard !text.isEmpty else { continue }
            if !result.isEmpty { result += continuesExpression(after: result, before: text) ? " " : "; " }
            result += text
        }
        return result
    }

    private static func continuesExpression(after previous: String, before next: String) -> Bool {
        if let first = next.first, ".})]".contains(first) { return true }
        if let last = previous.last, "{([,=+-*/%&|^<>:".contains(last) { return true }
        return previous.hasSuffix(" in") || previous == "in"
    }
}

extension String {
    /// The text without blanks (spaces, tabs) at either end.
    fileprivate var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

import Foundation

/// docs/seed-code.md, made from the outcomes SeedCodePasteTests expects and what each paste did.
enum SeedCodeTable {
    static func render(
        _ pastes: [SeedCodePaste], expected: [String: SeedCodePasteTests.Expected], gaps: [String: String]
    ) -> String {
        var runs = 0
        var refused = 0
        var pieces = 0
        var rows: [String] = []
        for paste in pastes {
            let outcome: String
            switch expected[paste.name] {
            case .runs?:
                runs += 1
                outcome = "runs"
            case .refused?:
                refused += 1
                outcome = "refused"
            case .piece?:
                pieces += 1
                outcome = "piece"
            case nil:
                outcome = gaps[paste.name] != nil ? "**gap**" : "unlisted"
            }
            // A block that runs shows what it printed; one that fails, its error.
            let message = (paste.errors.isEmpty ? paste.printed : paste.errors).joined(separator: " / ")
            rows.append(
                "| \(paste.name) | \(code(paste.firstLine)) | \(outcome) | \(cell(message)) |"
            )
        }
        let total = pastes.count
        return """
            # The seed documents' Swift code in the playground

            Each Swift code block of the five seed documents (`../shared/seeds/`), pasted verbatim into a fresh
            session: what it does. The blocks are in `Tests/seed-code/` (cut by `scripts/extract-seed-code`, which
            says how a block's boundaries were decided); `SeedCodePasteTests` pastes them all and checks every row
            of this table, which it also writes (`SEED_CODE_WRITE=1` in its environment), so it cannot go stale.

            - **runs**: no error.
            - **refused**: exactly one error, at the construct Linux or the playground lacks (SwiftUI, UIKit,
              the Objective-C runtime, PlaygroundSupport, declaring a protocol or an extension ...), or at
              what Swift itself refuses in the block.
            - **piece**: the block is a piece of a program, and swiftc refuses it alone too: it uses a name the
              article declares elsewhere, leaves a brace open, starts with `.`, or elides with `…`. Exactly one
              error, at that place.
            - **gap**: what the playground should run and does not yet; the message is today's.

            \(total) blocks: \(runs) run, \(refused) refused with one message, \(pieces) pieces with one message,
            \(gaps.count) known gap\(gaps.count == 1 ? "" : "s").

            | Block | First line | Outcome | Message (or, when it runs, what it printed) |
            | --- | --- | --- | --- |
            \(rows.joined(separator: "\n"))

            """
    }

    /// Text as a table cell: a `|` would end it, a line feed would end the row.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A line of code as a table cell, in a code span that its own backticks cannot close.
    private static func code(_ text: String) -> String {
        let fence = text.contains("`") ? "``" : "`"
        return fence + " " + cell(text) + " " + fence
    }
}

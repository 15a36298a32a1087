import Foundation

@testable import ConduitPlayground

/// One Swift code block of a seed document (Tests/seed-code/SEED-NN.txt, cut by
/// scripts/extract-seed-code), pasted whole into a fresh session, and what that did.
struct SeedCodePaste {
    /// Tests/seed-code, found from this file's place in the repository.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seed-code")

    /// docs/seed-code.md, the table of what each block does.
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/seed-code.md")

    /// `000-01`: the seed's number and the block's.
    let name: String
    /// The block, byte for byte as the page has it.
    let text: String
    /// The error records the paste printed, each as its first line without `error: `.
    let errors: [String]
    /// What else it printed (values, notes), record by record.
    let printed: [String]

    /// Every block, in order of seed and place.
    static func all() throws -> [SeedCodePaste] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let records = Session().evaluate(text)
            let errors = records.filter { $0.kind == .error }.map { record in
                let first = record.text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
                return first.hasPrefix("error: ") ? String(first.dropFirst(7)) : first
            }
            let printed = records.filter { $0.kind != .error }.map(\.text)
            return SeedCodePaste(name: String(file.dropLast(4)), text: text, errors: errors, printed: printed)
        }
    }

    /// The block's first line, as the table shows it.
    var firstLine: String {
        text.split(separator: "\n", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
}

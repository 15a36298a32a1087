import ConduitPlayground
import Foundation

/// The fuzzer's starting points, made from the language's own tables so they stay true: a
/// dictionary of its words (libFuzzer's `-dict` format) and one seed input per help example.
public enum FuzzSeeds {
    /// Punctuation the lexer and parser treat specially, which the tables do not list.
    private static let punctuation = [
        "$0", "$1", "{", "}", "(", ")", "[", "]", ".", ",", ":", ";", "=", "->", "?.", "\\(", "\\.", "...", "..<",
        "#>", "#", "\"", "'", "@Published", "--frame", "--from", "ms", "s", "min", "h", "ns", "|", "-", "^", "!",
        "in", "_", "\u{FFFD}", ".publisher", ".finished", ".failure(", "demand", "Never", "Int", "String",
    ]

    /// Every word of the language, each once, in the order first met.
    public static var words: [String] {
        var seen = Set<String>()
        let all = Vocabulary.commands + Vocabulary.operators + Vocabulary.keywords + Vocabulary.infixOperators
            + Vocabulary.helpTopics + punctuation
        return all.filter { seen.insert($0).inserted }
    }

    /// The dictionary file's text: one quoted word a line, escaped as libFuzzer reads it.
    public static var dictionary: String {
        words.map { word in
            var escaped = ""
            for byte in word.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped += "\\" + String(UnicodeScalar(byte))
                case 0x20...0x7E: escaped += String(UnicodeScalar(byte))
                default: escaped += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return "\"\(escaped)\""
        }.joined(separator: "\n") + "\n"
    }

    /// One seed per help example: its lines, as typed.
    public static var examples: [String] {
        Vocabulary.helpExamples.map { $0.joined(separator: "\n") + "\n" }
    }

    /// Writes `dictionary` to `folder/conduit.dict` and each example to `folder/seeds/help-N`.
    public static func export(to folder: String) throws {
        let seeds = folder + "/seeds"
        try FileManager.default.createDirectory(atPath: seeds, withIntermediateDirectories: true)
        try dictionary.write(toFile: folder + "/conduit.dict", atomically: true, encoding: .utf8)
        for (index, example) in examples.enumerated() {
            try example.write(toFile: "\(seeds)/help-\(index)", atomically: true, encoding: .utf8)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

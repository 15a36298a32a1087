/// What Tab does with the words the session offers: one candidate completes the word before the
/// cursor, several complete their common beginning or, when there is none to add, are listed.
enum Completion {
    /// The editor's next step.
    enum Action: Equatable {
        case none
        case insert(String)
        case list([String])
    }

    /// Characters that belong to a word being completed (names, commands, operators, `$0`).
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// Decides what to do, given the text before the cursor and the session's candidates.
    static func action(before: String, candidates: [String]) -> Action {
        var seen = Set<String>()
        let unique = candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
        // The word is the identifier before the cursor; some candidates may instead extend the
        // whole token (for example `taps.ma` completed as `taps.map`).
        let word = String(before.reversed().prefix(while: isWordCharacter).reversed())
        let token = String(before.reversed().prefix { !$0.isWhitespace }.reversed())
        var stem = word
        var matches = unique.filter { $0.hasPrefix(word) }
        if matches.isEmpty && token != word {
            stem = token
            matches = unique.filter { $0.hasPrefix(token) }
        }
        if matches.isEmpty { return .none }
        if matches.count == 1 {
            let rest = String(matches[0].dropFirst(stem.count))
            let ending = matches[0].last.map { isWordCharacter($0) || $0 == "\"" || $0 == ")" } ?? false
            return .insert(rest + (ending ? " " : ""))
        }
        let common = commonPrefix(matches)
        if common.count > stem.count {
            return .insert(String(common.dropFirst(stem.count)))
        }
        return .list(matches.sorted())
    }

    /// The longest beginning (in characters) that every word shares.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let characters = Array(word)
            var length = 0
            while length < prefix.count && length < characters.count && prefix[length] == characters[length] {
                length += 1
            }
            prefix.removeSubrange(length...)
        }
        return String(prefix)
    }

    /// Lays words out in columns that fit the terminal's width, reading down each column.
    static func columns(_ words: [String], width: Int) -> String {
        guard let longest = words.map(\.count).max() else { return "" }
        let cell = longest + 2
        let perRow = max(1, min(words.count, max(width, cell) / cell))
        let rows = (words.count + perRow - 1) / perRow
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<perRow {
                let index = column * rows + row
                guard index < words.count else { continue }
                let word = words[index]
                let isLast = column == perRow - 1 || (column + 1) * rows + row >= words.count
                line += isLast ? word : word + String(repeating: " ", count: cell - word.count)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation

/// Tab completion: the words that fit where the cursor is, from the command table, the operator
/// table and the session's names. It reads the names as they were when Tab was pressed and
/// changes nothing.
struct Completer {
    /// The session's names, in the order they were made, and what each stands for.
    let registry: NameRegistry
    /// The names of the pipelines and sinks that have a connectable publisher (`connect`).
    let connectable: Set<String>
    /// The names that draw a lane on the live page (`lanes`), group after group.
    let lanes: [String]

    var entries: [String: Interpreter.Entry] { registry.entries }
    var order: [String] { registry.order }

    /// Candidates for the word that ends at `cursor` in `line`: commands at the start, operator
    /// names after a `.`, and elsewhere what the command's argument there takes (its
    /// `ArgumentKind`): subjects after `send`, sinks after `request`, files after `load`.
    ///
    /// - Parameters:
    ///   - line: The line being typed.
    ///   - cursor: Where the cursor is, in characters from 0.
    /// - Returns: The candidates, in the order to show them.
    func completions(for line: String, cursor: Int) -> [String] {
        let characters = Array(line.prefix(max(0, cursor)))
        var start = characters.count
        while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start
            - 1] == "_" {
            start -= 1
        }
        let word = String(characters[start...])
        // The statement the cursor is in: after the last `;`.
        let statementStart = characters[..<start].lastIndex(of: ";").map { $0 + 1 } ?? 0
        let before = String(characters[statementStart..<start]).trimmingWhitespace()
        if let members = objectMembers(before: characters[..<start]) {
            return matching(members, word)
        }
        if before.isEmpty {
            // A line may also start with an object (`player.currentSong = ...`), a value (`count += 1`,
            // `names.append(...)`) or `print(`.
            let starts = names { entry in
                switch entry {
                case .object, .value: true
                default: false
                }
            }
            return matching(CommandTable.words + starts + ["print"], word)
        }
        // The argument being typed is the text since the last blank (a path, `taps.ma`); the
        // arguments before it say which one it is.
        var tokenStart = characters.count
        while tokenStart > statementStart, !characters[tokenStart - 1].isWhitespace { tokenStart -= 1 }
        let kind = argumentKind(before: String(characters[statementStart..<tokenStart]))
        if kind == .file {
            return Completer.files(matching: String(characters[tokenStart...]))
        }
        if start > 0, characters[start - 1] == "." {
            var rootStart = start - 1
            while rootStart > statementStart, characters[rootStart - 1].isLetter || characters[rootStart - 1].isNumber
                || characters[rootStart - 1] == "_" {
                rootStart -= 1
            }
            if case .value? = entries[String(characters[rootStart..<(start - 1)])] {
                // `names.`: Swift's methods of the value, and `.publisher` to make a publisher of it.
                return matching(Array(CollectionMethods.names) + ["publisher", "count", "isEmpty"], word)
            }
            return matching(OperatorTable.names + ["publisher", "publish"], word)
        }
        return matching(candidates(for: kind, before: characters[..<start]), word)
    }

    /// After `player.` (or `parent.child.`): the object's properties, `$` publishers and
    /// `objectWillChange`; after `player.$`, its @Published properties. Nil when the text before
    /// the `.` is not an object.
    private func objectMembers(before text: ArraySlice<Character>) -> [String]? {
        var end = text.endIndex
        let projected = end > text.startIndex && text[end - 1] == "$"
        if projected { end -= 1 }
        guard end > text.startIndex, text[end - 1] == "." else { return nil }
        var pathStart = end - 1
        while pathStart > text.startIndex, text[pathStart - 1].isLetter || text[pathStart - 1].isNumber
            || text[pathStart - 1] == "_" || text[pathStart - 1] == "." {
            pathStart -= 1
        }
        let path: [String] = String(text[pathStart..<(end - 1)]).split(separator: ".").map { String($0) }
        guard let root = path.first, case .object(var object)? = entries[root] else { return nil }
        for member in path.dropFirst() {
            guard case .object(let child)? = object.value(of: member) else { return nil }
            object = child
        }
        let published: [String] = object.properties.filter { $0.isPublished }.map { $0.name }
        if projected { return published }
        return object.propertyNames + published.map { "$" + $0 } + ["objectWillChange"]
    }

    /// The candidates that start with `word`, each once, sorted.
    private func matching(_ candidates: [String], _ word: String) -> [String] {
        Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
    }

    /// What the argument being typed takes, from the command's spec: `before` is the statement up
    /// to the word being completed. Nil when the command is unknown or takes nothing more.
    private func argumentKind(before: String) -> ArgumentKind? {
        let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let command = words.first, let spec = CommandTable.spec(named: command) else { return nil }
        var index = 0
        for written in words.dropFirst() where written != "=" {
            // A pipeline or a value takes the rest of the statement.
            if index < spec.arguments.count, [.pipeline, .value].contains(spec.arguments[index]) { break }
            index += 1
        }
        if index < spec.arguments.count { return spec.arguments[index] }
        // `marbles a b c`: the last kind of a list of names repeats.
        if let last = spec.arguments.last, [.subjectOrSink, .anyName, .lane].contains(last) { return last }
        return nil
    }

    /// The words an argument of `kind` may be.
    private func candidates(for kind: ArgumentKind?, before: ArraySlice<Character>) -> [String] {
        switch kind {
        case .newName?, .literal?, .file?, nil:
            return []
        case .subject?:
            return names { if case .subject = $0 { true } else { false } }
        case .sink?:
            return names { if case .sink = $0 { true } else { false } }
        case .sinkOrPipeline?:
            return order.filter { name in
                if case .sink? = entries[name] { return true }
                return connectable.contains(name)
            }
        case .subjectOrSink?:
            return names { if case .pipeline = $0 { false } else { true } }
        case .anyName?:
            return order
        case .lane?:
            return lanes + ["all"]
        case .helpTopic?:
            return Help.topics
        case .word(let words)?:
            return words
        case .pipeline?, .value?:
            return order + ["just", "empty", "fail", "timer", "true", "false", "nil", "demand"]
                + ["Just", "Empty", "Fail", "Deferred", "Future", "Record", "Timer"]
                + Completer.argumentLabels(before: before)
        }
    }

    /// The names in use, in the order they were made, whose entry passes `test`.
    private func names(where test: (Interpreter.Entry) -> Bool) -> [String] {
        order.filter { entries[$0].map(test) ?? false }
    }

    /// Paths that complete `written` (a path typed so far): the entries of its folder, with `/`
    /// after folders; hidden ones only when asked for with a leading `.`.
    static func files(matching written: String) -> [String] {
        let slash = written.lastIndex(of: "/")
        let folder = slash.map { String(written[...$0]) } ?? ""
        let stem = slash.map { String(written[written.index(after: $0)...]) } ?? written
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        return entries.filter { $0.hasPrefix(stem) && (stem.hasPrefix(".") || !$0.hasPrefix(".")) }
            .map { entry in
                var isDirectory: ObjCBool = false
                _ = manager.fileExists(atPath: folder + entry, isDirectory: &isDirectory)
                return folder + entry + (isDirectory.boolValue ? "/" : "")
            }
            .sorted()
    }

    /// Inside the parentheses of an operator call (`.handleEvents(rec`), the labels its usage
    /// shows, such as `receiveOutput:`.
    static func argumentLabels(before text: ArraySlice<Character>) -> [String] {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index -= 1
            switch text[index] {
            case ")", "]", "}": depth += 1
            case "[", "{": depth -= 1
            case "(" where depth > 0: depth -= 1
            case "(":
                var nameStart = index
                while nameStart > text.startIndex, text[nameStart - 1].isLetter || text[nameStart - 1].isNumber {
                    nameStart -= 1
                }
                guard nameStart > text.startIndex, text[nameStart - 1] == ".",
                      let spec = OperatorTable.spec(named: String(text[nameStart..<index]))
                else { return [] }
                return spec.argumentLabels
            default: break
            }
            if depth < 0 { return [] }
        }
        return []
    }
}

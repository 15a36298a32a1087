import Foundation
@_spi(RawSyntax) import SwiftSyntax

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
    /// `ArgumentKind`): subjects after `send`, sinks after `request`, files after `load`. The text
    /// before the cursor is read by Swift's lexer, as a statement is.
    ///
    /// - Parameters:
    ///   - line: The line being typed.
    ///   - cursor: Where the cursor is, in characters from 0.
    /// - Returns: The candidates, in the order to show them.
    func completions(for line: String, cursor: Int) -> [String] {
        let typed = TypedPrefix(String(line.prefix(max(0, cursor))))
        let word = typed.word
        if let members = objectMembers(typed) {
            return matching(members, word)
        }
        if typed.before.isEmpty {
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
        let kind = argumentKind(typed)
        if kind == .file {
            return Completer.files(matching: typed.argumentText)
        }
        if typed.text(of: typed.before.last) == "." {
            let root = typed.before.dropLast().last
            if let root, root.end == typed.before.last?.start, case .value? = entries[typed.text(of: root)] {
                // `names.`: Swift's methods of the value, and `.publisher` to make a publisher of it.
                return matching(Array(CollectionMethods.names) + ["publisher", "count", "isEmpty"], word)
            }
            return matching(OperatorTable.names + ["publisher", "publish"], word)
        }
        return matching(candidates(for: kind, typed: typed), word)
    }

    /// After `player.` (or `parent.child.`): the object's properties, `$` publishers and
    /// `objectWillChange`; after `player.$`, its @Published properties. Nil when the text before
    /// the `.` is not an object.
    private func objectMembers(_ typed: TypedPrefix) -> [String]? {
        var path: [String] = []
        var lexemes = typed.before[...]
        guard typed.text(of: lexemes.last) == "." else { return nil }
        // `parent.child.`: names and periods, each written straight after the one before.
        while let period = lexemes.last, typed.text(of: period) == ".", let name = lexemes.dropLast().last,
            name.kind == .identifier, name.end == period.start
        {
            path.insert(typed.text(of: name), at: 0)
            lexemes = lexemes.dropLast(2)
        }
        guard let root = path.first, case .object(var object)? = entries[root] else { return nil }
        for member in path.dropFirst() {
            guard case .object(let child)? = object.value(of: member) else { return nil }
            object = child
        }
        let published: [String] = object.properties.filter { $0.isPublished }.map { $0.name }
        if typed.isProjected { return published }
        return object.propertyNames + published.map { "$" + $0 } + ["objectWillChange"]
    }

    /// The candidates that start with `word`, each once, sorted.
    private func matching(_ candidates: [String], _ word: String) -> [String] {
        Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
    }

    /// What the argument being typed takes, from the command's spec and the words written before
    /// it. Nil when the command is unknown or takes nothing more.
    private func argumentKind(_ typed: TypedPrefix) -> ArgumentKind? {
        let words = typed.wordsBefore
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
    private func candidates(for kind: ArgumentKind?, typed: TypedPrefix) -> [String] {
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
                + (OpenOperatorCall.spec(in: typed.text)?.argumentLabels ?? [])
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
}

/// Every name of a session: what it stands for, the order the names were made in, and what each
/// definition read when it was made. From that it knows what depends on what: for `subs`, for
/// redefining a name nobody uses, and for `drop`.
///
/// Each definition gets a generation, so that a dependency remembers which definition of a name
/// it read: a sink subscribed to `p` keeps reading the `p` it subscribed to after `p` is
/// redefined, and `subs` says so.
struct NameRegistry {
    /// A name a definition read, and which definition of it.
    struct Dependency: Equatable {
        let name: String
        let generation: Int
    }

    /// What a definition read, and the pipeline it was written with (a `let` or a sink).
    struct Definition {
        let generation: Int
        let reads: [Dependency]
        let syntax: PipelineSyntax?
    }

    private(set) var entries: [String: Interpreter.Entry] = [:]
    /// Names in the order they were made (a redefined name keeps its place).
    private(set) var order: [String] = []
    private(set) var definitions: [String: Definition] = [:]
    private var nextGeneration = 0

    /// Makes `name` stand for `entry`, which read `reads` (names in use now) and was written as
    /// `syntax`; a name already in use is replaced, keeping its place.
    mutating func define(_ name: String, as entry: Interpreter.Entry, reads: [String], syntax: PipelineSyntax?) {
        nextGeneration += 1
        let dependencies = reads.compactMap { read in
            definitions[read].map { Dependency(name: read, generation: $0.generation) }
        }
        if entries[name] == nil, !order.contains(name) { order.append(name) }
        entries[name] = entry
        definitions[name] = Definition(generation: nextGeneration, reads: dependencies, syntax: syntax)
    }

    /// Forgets `name`; returns what it stood for.
    @discardableResult
    mutating func remove(_ name: String) -> Interpreter.Entry? {
        order.removeAll { $0 == name }
        definitions[name] = nil
        return entries.removeValue(forKey: name)
    }

    /// Takes `name` out of use for a moment (its place in the order stays), to put it back with
    /// `restore` if what replaces it fails.
    mutating func setAside(_ name: String) -> (Interpreter.Entry, Definition)? {
        guard let entry = entries.removeValue(forKey: name), let definition = definitions[name] else { return nil }
        definitions[name] = nil
        return (entry, definition)
    }

    mutating func restore(_ name: String, _ saved: (Interpreter.Entry, Definition)) {
        entries[name] = saved.0
        definitions[name] = saved.1
    }

    mutating func removeAll() {
        entries = [:]
        order = []
        definitions = [:]
    }

    /// Whether `dependency` still names the definition it read.
    func isCurrent(_ dependency: Dependency) -> Bool {
        definitions[dependency.name]?.generation == dependency.generation
    }

    /// The names whose definitions read `name` as it stands now, in the order they were made.
    func dependents(of name: String) -> [String] {
        guard let generation = definitions[name]?.generation else { return [] }
        let read = Dependency(name: name, generation: generation)
        return order.filter { definitions[$0]?.reads.contains(read) ?? false }
    }

    /// Whether the definition of `name` reads `other`, directly or through the pipelines it reads
    /// (as they were when it read them).
    func reads(_ name: String, from other: String) -> Bool {
        guard let definition = definitions[name] else { return false }
        return reads(definition.reads, from: other, depth: 0)
    }

    /// Whether these dependencies read `other`, directly or through the pipelines they name.
    func reads(_ dependencies: [Dependency], from other: String, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        return dependencies.contains { dependency in
            if dependency.name == other { return true }
            guard isCurrent(dependency), let inner = definitions[dependency.name] else { return false }
            return reads(inner.reads, from: other, depth: depth + 1)
        }
    }

    /// The current dependencies for `names` (names in use now), as a definition would record them.
    func dependencies(_ names: [String]) -> [Dependency] {
        names.compactMap { name in definitions[name].map { Dependency(name: name, generation: $0.generation) } }
    }
}

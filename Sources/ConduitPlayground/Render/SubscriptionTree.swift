/// The session's names and the subscriptions between them, as data: what `subs` prints and the
/// live page draws. Each sink is a root with what it reads under it; names no sink reads follow.
/// The interpreter builds it from its names; `text` is `subs`'s wording, a function of it.
public struct SubscriptionTree: Sendable, Equatable {
    /// One name in the tree, with the subjects and pipelines it reads as its children.
    public struct Node: Sendable, Equatable {
        /// The name as it was typed.
        public let name: String
        /// What it is: `subject`, `pipeline`, `sink`, `object`, `function`, `binding`, `constant`
        /// or `variable`; `dropped` for a name read that is gone, `earlier` for one made again since.
        public let kind: String
        /// What `subs` writes after the name.
        public let line: String
        /// The lines under it: a sink's chain and connection, an object's properties, inner
        /// subscriptions.
        public let details: [String]
        /// The subjects and pipelines it reads, as they were when it read them.
        public let children: [Node]
        /// A sink's demand now; nil for other names.
        public let demand: DemandLevel?
    }

    /// The sinks, each with what it reads, then the names no sink reads, in the order made.
    public let roots: [Node]
    /// The column the text after a name starts at: the longest name's width and two spaces.
    let nameColumn: Int

    /// The tree as `subs` prints it: two spaces per level, the text after each name in one column.
    public var text: String {
        guard !roots.isEmpty else { return "nothing yet: make one with `subject NAME`" }
        var lines: [String] = []
        func pad(_ text: String) -> String {
            text.padding(toLength: max(nameColumn, text.count + 1), withPad: " ", startingAt: 0)
        }
        func write(_ node: Node, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            lines.append(indent + pad(node.name) + node.line)
            lines += node.details.map { indent + "  " + pad("") + $0 }
            for child in node.children { write(child, depth: depth + 1) }
        }
        for root in roots { write(root, depth: 0) }
        return lines.joined(separator: "\n")
    }
}

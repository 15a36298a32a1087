import ConduitPlayground

/// One name in the subscription tree as the page draws it: what it is (`subject`, `sink`, ... from
/// its `defined` event), its line as `subs` writes it after the name, the detail lines under it,
/// its demand (a sink's latest level, from its events), and what it reads from.
public struct LiveTreeNode: Codable, Equatable, Sendable {
    public let name: String
    public let entity: String?
    public let text: String
    public let details: [String]
    public let demand: DemandLevel?
    public let children: [LiveTreeNode]

    public init(name: String, entity: String?, text: String, details: [String] = [], demand: DemandLevel? = nil,
                children: [LiveTreeNode] = []) {
        self.name = name
        self.entity = entity
        self.text = text
        self.details = details
        self.demand = demand
        self.children = children
    }

    /// The nodes of `tree`, the text `subs` prints (two spaces per level; a detail line is indented
    /// past its node's name column). `entities` and `levels` come from the events; a sink in
    /// `hidden` shows only that it is hidden, so the tree does not give the answer away.
    static func parse(_ tree: String, entities: [String: String], levels: [String: DemandLevel],
                      hidden: Set<String>) -> [LiveTreeNode] {
        /// A node being read, with the depth it was found at.
        final class Draft {
            let depth: Int
            let name: String
            let text: String
            var details: [String] = []
            var children: [Draft] = []
            init(depth: Int, name: String, text: String) {
                self.depth = depth
                self.name = name
                self.text = text
            }
        }
        var roots: [Draft] = []
        var stack: [Draft] = []
        for line in tree.split(separator: "\n", omittingEmptySubsequences: true) {
            let spaces = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(spaces)
            if let parent = stack.last, spaces > 2 * (parent.depth + 1) {
                parent.details.append(String(rest))
                continue
            }
            let depth = spaces / 2
            let name = String(rest.prefix { $0 != " " })
            let text = rest.dropFirst(name.count).drop { $0 == " " }
            let draft = Draft(depth: depth, name: name, text: String(text))
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            if let parent = stack.last { parent.children.append(draft) } else { roots.append(draft) }
            stack.append(draft)
        }
        func node(_ draft: Draft) -> LiveTreeNode {
            if hidden.contains(draft.name) {
                return LiveTreeNode(name: draft.name, entity: "sink", text: "sink  hidden until `reveal`")
            }
            let demand = levels[draft.name]
            // The demand has a badge of its own: the line does not say it twice.
            let text = demand == nil ? draft.text
                : draft.text.replacing(#/\s*requested \S+\s+delivered \d+(\s+outstanding \d+)?/#, with: "")
            return LiveTreeNode(name: draft.name, entity: entities[draft.name], text: text,
                                details: draft.details, demand: levels[draft.name], children: draft.children.map(node))
        }
        return roots.map(node)
    }
}

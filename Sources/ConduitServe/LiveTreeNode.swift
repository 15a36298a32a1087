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

    /// The page's nodes for the session's subscription tree (the data `subs` prints). `entities`
    /// and `levels` come from the events; a sink in `hidden` shows only that it is hidden, so the
    /// tree does not give the answer away.
    static func nodes(of tree: SubscriptionTree, entities: [String: String], levels: [String: DemandLevel],
                      hidden: Set<String>) -> [LiveTreeNode] {
        func make(_ node: SubscriptionTree.Node) -> LiveTreeNode {
            if hidden.contains(node.name) {
                return LiveTreeNode(name: node.name, entity: "sink", text: "sink  hidden until `reveal`")
            }
            let demand = levels[node.name] ?? node.demand
            // The demand has a badge of its own: the line does not say it twice.
            let text = demand == nil ? node.line
                : node.line.replacing(#/\s*requested \S+\s+delivered \d+(\s+outstanding \d+)?/#, with: "")
            let entity = ["dropped", "earlier"].contains(node.kind) ? entities[node.name] : node.kind
            return LiveTreeNode(name: node.name, entity: entity, text: text, details: node.details, demand: demand,
                                children: node.children.map(make))
        }
        return tree.roots.map(make)
    }
}

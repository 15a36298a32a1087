/// The session at a glance, for a viewer that draws it elsewhere (the live page): the
/// subscription tree (as data, and as `subs` prints it), the names that draw a lane grouped by pipeline, and the
/// virtual or real time now. The lanes' marbles are not in it: the viewer draws them from the
/// session's events.
public struct SessionOverview: Sendable {
    /// The names and the subscriptions between them, as data.
    public let subscriptions: SubscriptionTree
    /// The subscription tree, as `subs` prints it.
    public var tree: String { subscriptions.text }
    /// The names that draw a lane (subjects, cold sources, objects, sinks), grouped by pipeline:
    /// each group is a source followed by the sinks built on it, in the order they were made. A
    /// sink that reads no subject, cold source or object is a group of its own.
    public let laneGroups: [[String]]
    /// Nanoseconds since the session's clock started.
    public let now: Int

    /// The names that draw a lane, group after group.
    public var lanes: [String] { laneGroups.flatMap { $0 } }

    /// The clock as the playground writes it: `0s`, `1500ms`.
    public var clock: String { PlaygroundClock.format(nanoseconds: Int64(now)) }
}

extension Interpreter {
    /// The names that draw a lane, grouped by pipeline (see `SessionOverview.laneGroups`); call it
    /// on the session's thread.
    func laneGroups() -> [[String]] {
        var groups: [[String]] = []
        var groupOf: [String: Int] = [:]
        for name in order {
            switch entries[name] {
            case .subject?, .object?:
                groupOf[name] = groups.count
                groups.append([name])
            case .pipeline? where coldSyntax(of: name) != nil:
                groupOf[name] = groups.count
                groups.append([name])
            case .sink?:
                if let source = laneSources(of: name, depth: 0).first(where: { groupOf[$0] != nil }),
                   let group = groupOf[source] {
                    groups[group].append(name)
                } else {
                    groups.append([name])
                }
            default:
                continue
            }
        }
        return groups
    }

    /// The subjects, cold sources and objects `name`'s definition reads, directly or through the
    /// pipelines it reads (as they still are), in the order it reads them.
    private func laneSources(of name: String, depth: Int) -> [String] {
        guard depth < 16 else { return [] }
        return (names.definitions[name]?.reads ?? []).flatMap { dependency -> [String] in
            switch entries[dependency.name] {
            case .subject?, .object?: return [dependency.name]
            case .pipeline? where coldSyntax(of: dependency.name) != nil: return [dependency.name]
            case .pipeline? where names.isCurrent(dependency): return laneSources(of: dependency.name, depth: depth + 1)
            default: return []
            }
        }
    }
}

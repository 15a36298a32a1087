import Conduit
import Foundation

/// How `subs` and `inspect` show objects, and posting notifications.
extension Session {
    /// `Player: 2 properties (1 @Published), 3 live sinks watching`.
    func objectSummary(_ object: PlaygroundObject) -> String {
        let watchers = watchers(of: object.name)
        let published = object.properties.filter(\.isPublished).count
        return
            "\(object.typeName ?? "object"): \(object.properties.count) "
                + "propert\(object.properties.count == 1 ? "y" : "ies")"
            + " (\(published) @Published), watched by \(watchers.isEmpty ? "nobody" : watchers.joined(separator: ", "))"
    }

    /// One line per property: `@Published currentSong = "not playing"`.
    func objectPropertyLines(_ object: PlaygroundObject) -> [String] {
        object.properties.map { property in
            (property.isPublished ? "@Published " : "")
                + "\(property.name) = \(object.value(of: property.name) ?? .null)"
        }
    }

    func inspectText(of object: PlaygroundObject) -> String {
        var lines = ["\(object.name): \(object.typeName.map { "\($0), an " } ?? "an ")ObservableObject"]
        lines += objectPropertyLines(object).map { "  " + $0 }
        let watchers = watchers(of: object.name)
        lines.append("  watched by: \(watchers.isEmpty ? "nobody" : watchers.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    /// The live sinks that read from `name` (directly or through pipelines), in the order made.
    func watchers(of name: String) -> [String] {
        order.filter { sinkName in
            guard case .sink(let sink)? = entries[sinkName], sink.isLive else { return false }
            return reads(sink.pipelineText, from: name, depth: 0)
        }
    }

    /// Posts a notification on the session's center, the value as its object (and a user info,
    /// kept under the key "value").
    func post(_ name: String, object: Value, userInfo: Value = .null) {
        notificationCenter.post(
            name: Notification.Name(name), object: object == .null ? nil : NotificationObject(object),
            userInfo: userInfo == .null ? nil : ["value": NotificationObject(userInfo)]
        )
    }
}

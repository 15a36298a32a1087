import Conduit

/// The connectable publishers of one named pipeline or sink, and their connections once
/// `connect NAME` has made them: `cancel NAME` (for a pipeline) and `reset` end them.
final class Connection {
    private let connectables: [PlaygroundConnectable]
    private var cancellables: [Cancellable]?

    init(connectables: [PlaygroundConnectable]) {
        self.connectables = connectables
    }

    var isConnected: Bool { cancellables != nil }

    /// How `subs` and `inspect` describe it.
    var summary: String { isConnected
        ? "connectable, connected" : "connectable, not connected yet: `connect` starts it" }

    func connect() {
        guard cancellables == nil else { return }
        cancellables = []
        for connectable in connectables {
            cancellables?.append(connectable.connect())
        }
    }

    func disconnect() {
        let ending = cancellables ?? []
        cancellables = nil
        for cancellable in ending { cancellable.cancel() }
    }
}

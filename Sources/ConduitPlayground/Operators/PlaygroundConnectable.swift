import Conduit

/// A connectable publisher of playground values, whatever engine type makes it (`MakeConnectable`,
/// `Multicast`): what `.autoconnect()` wraps and `connect NAME` connects. A class, so a chain can
/// tell which of its connectables an `.autoconnect()` took over.
final class PlaygroundConnectable: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Value
    typealias Failure = PlaygroundError

    private let publisher: Pipe
    private let connector: () -> Cancellable

    init<Connectable: ConnectablePublisher>(_ connectable: Connectable)
        where Connectable.Output == Value, Connectable.Failure == PlaygroundError
    {
        publisher = connectable.eraseToAnyPublisher()
        connector = connectable.connect
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == PlaygroundError {
        publisher.subscribe(subscriber)
    }

    func connect() -> Cancellable {
        connector()
    }
}

/// What one pipeline's build learns step by step: the connectable publishers its steps made
/// (`connect NAME` connects them), and the one the step just before made, if any (the only one
/// `.autoconnect()` may wrap).
final class ChainState {
    private(set) var connectables: [PlaygroundConnectable] = []
    private var made: PlaygroundConnectable?
    /// The connectable the previous step made.
    private(set) var previous: PlaygroundConnectable?
    /// What the chain is so far while it is still a `Publishers.Sequence` (whose own operators the next
    /// call may pick); nil once it is any other publisher.
    var sequence: EagerSequence?
    /// What the chain is so far while it is still a `Just`, an `Optional.Publisher` or a
    /// `Result.Publisher`; nil once it is any other publisher.
    var eager: EagerValue?

    /// Keeps a connectable a step made, and returns it as the step's publisher.
    func made(_ connectable: PlaygroundConnectable) -> Pipe {
        connectables.append(connectable)
        made = connectable
        return connectable.eraseToAnyPublisher()
    }

    /// `.autoconnect()` connects this one itself: `connect NAME` leaves it alone.
    func autoconnected(_ connectable: PlaygroundConnectable) {
        connectables.removeAll { $0 === connectable }
    }

    /// Moves on to the next step.
    func step() {
        previous = made
        made = nil
    }
}

import Conduit
import Foundation

/// A link the session keeps between what it made (a subject, an object's publisher) and a
/// pipeline's operators, so that it can end the subscription when it lets go of everything.
protocol SessionLink: AnyObject {
    /// Cancels the subscription above and finishes the operators below, if it is still open.
    func end()
}

/// The subscriptions the session's pipelines hold to what the session made (its subjects, its
/// objects' `$property` and `objectWillChange`), each through a link kept weakly here, so that the
/// session can end those still open when it lets go of everything (`reset`, or its end). By then
/// every sink is cancelled, so a link still open serves operators nobody reads: those above a
/// FlatMap whose child failed, which lets go of its upstream without cancelling it (as Combine's
/// does). They and the subject hold each other (as in Combine), so ending the link cancels the
/// subscription to the subject and finishes those operators, which then let go of each other.
final class HeldSubscriptions: @unchecked Sendable {
    private let lock = NSLock()
    private var links: [WeakLink] = []
    /// How many entries `links` may hold before the freed ones are swept out.
    private var sweepAt = 64

    private struct WeakLink {
        weak var link: (any SessionLink)?
    }

    /// Keeps `link` (weakly) for `endAll`. The freed ones are swept out whenever the list has
    /// doubled since the last sweep, so keeping costs constant time (amortised).
    func track(_ link: any SessionLink) {
        lock.withLock {
            if links.count >= sweepAt {
                links.removeAll { $0.link == nil }
                sweepAt = max(64, 2 * links.count)
            }
            links.append(WeakLink(link: link))
        }
    }

    /// Ends every link still open; a link already ended ignores it.
    func endAll() {
        let open = lock.withLock {
            defer {
                links = []
                sweepAt = 64
            }
            return links.compactMap(\.link)
        }
        for link in open { link.end() }
    }

    /// `publisher`, each subscription to it made through a link that `endAll` can end.
    func hold(_ publisher: Pipe) -> Pipe {
        HeldPublisher(upstream: publisher, held: self).eraseToAnyPublisher()
    }
}

/// A publisher whose every subscription goes through a `HeldLink` the session keeps.
private struct HeldPublisher: Publisher {
    typealias Output = Value
    typealias Failure = PlaygroundError

    let upstream: Pipe
    let held: HeldSubscriptions

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == PlaygroundError {
        let link = HeldLink(downstream: AnySubscriber(subscriber))
        held.track(link)
        upstream.subscribe(link)
    }
}

/// Passes a subscription and its values through unchanged, keeping the subscription until it
/// ends so that the session can end it (`SessionLink`). Once ended (completed, or cancelled, or
/// ended by the session) it lets go of both sides.
private final class HeldLink: Subscriber, Subscription, SessionLink, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Input = Value
    typealias Failure = PlaygroundError

    private let lock = NSLock()
    private var downstream: AnySubscriber<Value, PlaygroundError>?
    private var upstream: Subscription?

    init(downstream: AnySubscriber<Value, PlaygroundError>) {
        self.downstream = downstream
    }

    /// The subscription it passes on, as if the link were not there.
    var description: String {
        lock.withLock { upstream.map { String(describing: $0) } } ?? "Subscription"
    }

    func receive(subscription: Subscription) {
        let downstream = lock.withLock {
            upstream = subscription
            return self.downstream
        }
        downstream?.receive(subscription: self)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        lock.withLock { downstream }?.receive(input) ?? .none
    }

    func receive(completion: Subscribers.Completion<PlaygroundError>) {
        let downstream = lock.withLock {
            defer { (upstream, self.downstream) = (nil, nil) }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        let (subscription, released) = lock.withLock {
            defer { (upstream, downstream) = (nil, nil) }
            return (upstream, downstream)
        }
        subscription?.cancel()
        _ = released
    }

    func end() {
        let (subscription, downstream) = lock.withLock {
            defer { (upstream, self.downstream) = (nil, nil) }
            return (upstream, self.downstream)
        }
        subscription?.cancel()
        downstream?.receive(completion: .finished)
    }
}

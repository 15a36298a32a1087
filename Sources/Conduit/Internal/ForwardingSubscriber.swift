/// The subscriber of the operators that treat each value on its own and never throw (`map`,
/// `filter`, `compactMap`, `scan`, `removeDuplicates`, ...), named by the downstream it feeds.
///
/// An alias of `Forwarder`, whose type names only the value and failure types, not the downstream:
/// a chain of such operators subscribes its upstream with the same subscriber type at every layer
/// instead of a type nested one level deeper per layer, so the optimiser specialises every
/// layer's subscribe and value path (it stops specialising a generic function called again
/// with an ever-growing type, after a couple of levels).
@usableFromInline
internal typealias ForwardingSubscriber<Input, Downstream: Subscriber> =
    Forwarder<Input, Downstream.Input, Downstream.Failure>

/// A subscriber that hands the upstream's subscription straight to the downstream, as Combine does, so requests
/// and cancellation cost nothing extra; each value goes through `step`, which says what to send.
/// Values arrive serially (the publisher contract), so `step` may keep state without a lock.
///
/// `@usableFromInline` with an `@inlinable` value path, so a client's chain is specialised end to
/// end (no generic metadata lookups per value).
@usableFromInline
internal final class Forwarder<Input, Output, Failure: Error>: ValuePath<Input>, Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    /// What one upstream value becomes.
    @usableFromInline
    enum Step {
        case send(Output)
        /// Nothing goes out; the upstream is asked for one more value in its place.
        case skip
    }

    /// The downstream, for the subscription and the completion (the values go through `forward`,
    /// `step` followed by the delivery downstream, made in the `@inlinable` initialiser where the
    /// downstream's type is concrete, so each value runs specialised code).
    @usableFromInline let downstream: any Subscriber<Output, Failure>
    @usableFromInline let description: String

    @inlinable
    init<Downstream: Subscriber>(downstream: Downstream, name: String, step: @escaping (Input) -> Step)
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        self.downstream = downstream
        self.description = name
        if let sink = downstream as? Subscribers.Sink<Output, Failure> {
            // See `SubjectFedSubscriber`.
            super.init { input in
                switch step(input) {
                case .send(let output): return sink.receiveForwarded(output)
                case .skip: return .max(1)
                }
            }
        } else {
            super.init { input in
                switch step(input) {
                case .send(let output): return downstream.receive(output)
                case .skip: return .max(1)
                }
            }
        }
    }

    /// For operators whose every value goes out (`map`): `forward` delivers downstream itself, with
    /// no `Step` in between (a generic enum costs a metadata lookup per value where the chain is
    /// not specialised).
    @inlinable
    init<Downstream: Subscriber>(
        downstream: Downstream, name: String, forward: @escaping (Input) -> Subscribers.Demand
    ) where Downstream.Input == Output, Downstream.Failure == Failure {
        self.downstream = downstream
        self.description = name
        super.init(forward: forward)
    }

    /// The subscriber of `map`: each value goes out transformed.
    ///
    /// Specialised in the client (`@inlinable`) but never inlined, and generic over the value types
    /// and the downstream, not the upstream publisher: every layer of a chain of maps then runs the
    /// one copy of this closure, entered in one jump. Built inside `Map.receive(subscriber:)`, each
    /// nesting depth had its own identical copy, which the linker merged behind two extra jumps per
    /// layer (the benchmark's 100 × map row: 4,059 → 3,339 instructions a value, 2.6x → 4.3x
    /// OpenCombine's speed).
    @inlinable @inline(never)
    static func mapping<Downstream: Subscriber>(
        downstream: Downstream, name: String, transform: @escaping (Input) -> Output
    ) -> Forwarder where Downstream.Input == Output, Downstream.Failure == Failure {
        // A sink is handed each value through `receiveForwarded` (see `SubjectFedSubscriber`).
        if let sink = downstream as? Subscribers.Sink<Output, Failure> {
            return Forwarder(downstream: downstream, name: name, forward: { sink.receiveForwarded(transform($0)) })
        }
        return Forwarder(downstream: downstream, name: name, forward: { downstream.receive(transform($0)) })
    }

    /// The subscriber of `filter`: a value goes out if `isIncluded` says so, else one more is asked
    /// for in its place. Built here for the reason `mapping` gives.
    @inlinable @inline(never)
    static func filtering<Downstream: Subscriber>(
        downstream: Downstream, name: String, isIncluded: @escaping (Input) -> Bool
    ) -> Forwarder where Input == Output, Downstream.Input == Output, Downstream.Failure == Failure {
        if let sink = downstream as? Subscribers.Sink<Output, Failure> {
            return Forwarder(downstream: downstream, name: name, forward: {
                isIncluded($0) ? sink.receiveForwarded($0) : .max(1)
            })
        }
        return Forwarder(downstream: downstream, name: name, forward: {
            isIncluded($0) ? downstream.receive($0) : .max(1)
        })
    }

    @usableFromInline
    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    /// No children, as Combine's `Map`, `Filter`... show to reflection.
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        forward(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}

/// Forwards at once on the same thread and hands the upstream's subscription on: a subject's
/// conduit feeding it may feed its downstream uncounted too.
extension Forwarder: SubjectFedSubscriber {
    @usableFromInline
    func receive(conduit: Subscription) {
        pass(conduit: conduit, to: downstream)
    }

    @usableFromInline
    func conduitEnded() {
        (downstream as? SubjectFedSubscriber)?.conduitEnded()
    }
}

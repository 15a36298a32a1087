/// The conduit of a current-value subject's subscriber: it also owes the subscriber the subject's
/// latest value on its first demand, and remembers which value it delivered last.
@usableFromInline
internal class CurrentValueConduit<Output, Failure: Error>: SubjectConduit<Output, Failure>, @unchecked Sendable {
    /// Reads the subject's latest value and that value's generation.
    @usableFromInline final let current: () -> (Output, UInt64)
    /// The newest generation delivered.
    @usableFromInline @exclusivity(unchecked) final var deliveredGeneration: UInt64 = 0
    /// The generation delivered as the subject's latest value on a demand: sends numbered up to it
    /// are older than what the subscriber has seen, and are not delivered when they arrive late.
    @usableFromInline @exclusivity(unchecked) final var replayedGeneration: UInt64 = 0

    @inlinable
    init(
        hub: SubjectHub<Output, Failure>,
        current: @escaping () -> (Output, UInt64),
        port: @escaping (SubjectEvent<Output, Failure>) -> Subscribers.Demand
    ) {
        self.current = current
        super.init(hub: hub, port: port)
    }

    @usableFromInline
    override var description: String { subjectName ?? "CurrentValueSubject" }

    @usableFromInline
    final override func replay(through port: (SubjectEvent<Output, Failure>) -> Subscribers.Demand) {
        let (value, generation) = current()
        if generation > deliveredGeneration, demand > 0 {
            deliveredGeneration = generation
            replayedGeneration = generation
            deliver(value, through: port)
        }
    }
}

/// The conduit of a `@Published` property's subscriber: a current-value conduit that calls itself
/// "PublishedSubject", as Combine's does, also once it is cancelled or finished.
@usableFromInline
internal final class PublishedConduit<Output, Failure: Error>: CurrentValueConduit<Output, Failure>,
    @unchecked Sendable
{
    @usableFromInline
    override var description: String { "PublishedSubject" }
}

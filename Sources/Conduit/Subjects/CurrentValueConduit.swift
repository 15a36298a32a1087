/// The conduit of a current-value subject's subscriber: it also owes the subscriber the subject's
/// latest value on its first demand, and remembers which value it delivered last.
@usableFromInline
internal class CurrentValueConduit<Output, Failure: Error>: SubjectConduit<Output, Failure>, @unchecked Sendable {
    /// Reads the subject's latest value and that value's generation; it holds the subject, so it
    /// is let go (`nil`) once the conduit ends, and a subscription kept after a cancel or the
    /// completion does not keep the subject alive (as in Combine). Read and written holding the lock.
    @usableFromInline @exclusivity(unchecked) final var current: (() -> (Output, UInt64))?
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
        guard let latest = current?() else { return }
        let (value, generation) = latest
        if generation > deliveredGeneration, demand > 0 {
            deliveredGeneration = generation
            replayedGeneration = generation
            deliver(value, through: port)
        }
    }

    @usableFromInline
    final override func letGoOfSource() {
        current = nil
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

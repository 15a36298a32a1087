import Conduit
import Foundation

/// The publisher of `cold NAME = "-a--b-|"` and `cold("...")`: each subscriber gets the whole
/// timeline played on the session's clock from the moment it subscribes (a cold source, as RxJS's
/// `cold()`), through an engine subject of its own, so a value meeting no demand is dropped as a
/// subject drops it. With `lanes`, each subscription's playback is recorded as a marble lane.
struct ColdMarbleSource: Publisher {
    typealias Output = Value
    typealias Failure = PlaygroundError

    let events: [(frame: Int, event: MarbleEvent)]
    /// The time of one frame, in nanoseconds.
    let frame: Int64
    let scheduler: SessionScheduler
    /// Where each playback is drawn (`c:1`, `c:2`, ...), for a named cold source.
    let lanes: ColdLanes?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == PlaygroundError {
        let subject = PassthroughSubject<Value, PlaygroundError>()
        let playback = ColdPlayback()
        let lane = lanes?.next()
        let start = scheduler.now
        subject.handleEvents(receiveCancel: {
            // A playback cut short shows where: `!` on its lane.
            if playback.stop(), let lane { lane.recorder.record(.cancelled(lane: lane.name)) }
        }).subscribe(subscriber)
        playback.expect(events.count)
        for (index, event) in events {
            let at = start.advanced(by: .nanoseconds(Int(frame) * index))
            scheduler.schedule(after: at, tolerance: .zero, options: nil) {
                guard playback.isPlaying else { return }
                playback.played()
                if let lane { lane.recorder.record(event.played(on: lane.name)) }
                switch event {
                case .value(let value): subject.send(value)
                case .finished: subject.send(completion: .finished)
                case .failed(let message): subject.send(completion: .failure(PlaygroundError(message)))
                case .subscribed, .cancelled: break
                }
            }
        }
    }
}

/// Whether one subscriber's playback still runs: a cancelled subscriber's remaining events are
/// neither sent nor drawn.
private final class ColdPlayback: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    var isPlaying: Bool { lock.withLock { !stopped } }

    /// Stops the playback; true if it was still playing (and had events left).
    func stop() -> Bool {
        lock.withLock {
            defer { stopped = true }
            return !stopped && remaining > 0
        }
    }

    private var remaining = 0

    /// Counts the events still to come.
    func expect(_ count: Int) {
        lock.withLock { remaining = count }
    }

    /// Marks one event played.
    func played() {
        lock.withLock { remaining -= 1 }
    }
}

/// The marble lanes of a named cold source: one per subscription, `NAME:1`, `NAME:2`, ..., drawn
/// under the name by `marbles NAME`.
final class ColdLanes: Sendable {
    /// One subscription's lane.
    struct Lane: Sendable {
        let name: String
        let recorder: EventRecorder
    }

    let name: String
    let recorder: EventRecorder
    private let count = LockedValue(0)

    init(name: String, recorder: EventRecorder) {
        self.name = name
        self.recorder = recorder
    }

    func next() -> Lane {
        let number = count.withLock { count -> Int in
            count += 1
            return count
        }
        return Lane(name: "\(name):\(number)", recorder: recorder)
    }
}

extension MarbleEvent {
    /// The event a playback records when it plays this marble on `lane`.
    func played(on lane: String) -> SessionEvent.Kind {
        switch self {
        case .value(let value): return .sent(lane: lane, value: value)
        case .finished: return .completed(lane: lane, completion: .finished)
        case .failed(let message): return .completed(lane: lane, completion: .failed(message))
        case .subscribed: return .subscribed(lane: lane)
        case .cancelled: return .cancelled(lane: lane)
        }
    }
}

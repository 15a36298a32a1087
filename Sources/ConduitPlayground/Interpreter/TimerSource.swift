import Conduit

/// The source `timer(1s)`: sends 1, 2, 3, ... every interval on the session's scheduler, from
/// when it is subscribed until it is cancelled. Built from an engine subject; each subscriber
/// gets a timer of its own.
struct TimerSource: Publisher {
    typealias Output = Value
    typealias Failure = Never

    let interval: Int
    let scheduler: SessionScheduler

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
        let ticks = PassthroughSubject<Value, Never>()
        let counter = TickCounter()
        let start = scheduler.now.advanced(by: .nanoseconds(interval))
        let repeating = scheduler.schedule(after: start, interval: .nanoseconds(interval)) {
            ticks.send(.int(counter.next()))
        }
        ticks.handleEvents(receiveCancel: { repeating.cancel() }).subscribe(subscriber)
    }
}

/// Counts the ticks of one timer.
private final class TickCounter: @unchecked Sendable {
    private var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}

import AsyncAlgorithms
import BenchSupport

/// Every case written against swift-async-algorithms, by row identifier: the AsyncAlgorithms
/// equivalents of the rows OpenCombine has no operator for (combineLatest, merge) and of debounce.
///
/// Each case feeds its values from `AsyncChannel`s (whose `send` returns once the value has been
/// taken, as a subject's returns once it has been delivered) to one `for await` loop that adds them
/// into a `Tally`, like the other engines' sinks. The consumer is started, and has asked for its
/// first value, before the measured region; the region is the producer's sends up to the consumer's
/// end. A case whose consumer did not see every value it should reports n/a.
public enum AsyncAlgorithmsCases {
    public static let all: [Case] = [combineLatestCase, mergeCase, debounceCase]

    /// `combineLatest(left, right)`: one value into `right` before the measured region, then
    /// values into `left`, each producing one pair (the Conduit case's steps).
    static let combineLatestCase = Case("combineLatest", runs: 3) {
        let left = AsyncChannel<Int>()
        let right = AsyncChannel<Int>()
        let tally = Tally()
        let consumer = Task.detached {
            for await (a, b) in combineLatest(left, right) { tally.add(a &+ b) }
        }
        runBlocking { await right.send(1) }
        let count = scaled(100_000)
        let ns = nanosecondsPerOperation(count) {
            for value in 0..<count { await left.send(value) }
            left.finish()
            right.finish()
            await consumer.value
        }
        return tally.count == count ? ns : failed("combineLatest", tally.count, count)
    }

    /// `merge(left, right)`: values sent alternately into both sides; the figure is per value sent.
    static let mergeCase = Case("merge", runs: 3) {
        let left = AsyncChannel<Int>()
        let right = AsyncChannel<Int>()
        let tally = Tally()
        let consumer = Task.detached {
            for await value in merge(left, right) { tally.add(value) }
        }
        let count = scaled(100_000)
        let ns = nanosecondsPerOperation(count) {
            for value in 0..<count / 2 {
                await left.send(value)
                await right.send(value)
            }
            left.finish()
            right.finish()
            await consumer.value
        }
        return tally.count == count ? ns : failed("merge", tally.count, count)
    }

    /// `debounce(for:clock:)` on a manual clock: each value is sent, the clock moves past the
    /// interval, and the producer waits for the value to come out before it sends the next, so every
    /// value comes out (the steps of the other engines' virtual-time cases).
    static let debounceCase = Case("debounce", runs: 3) {
        let input = AsyncChannel<Int>()
        let clock = ManualClock()
        let delivered = Handoff()
        let tally = Tally()
        let consumer = Task.detached {
            for await value in input.debounce(for: .nanoseconds(10), clock: clock) {
                tally.add(value)
                delivered.signal()
            }
        }
        let count = scaled(100_000)
        let ns = nanosecondsPerOperation(count) {
            for value in 0..<count {
                await input.send(value)
                await clock.advanceOnceSleeping(by: .nanoseconds(20))
                await delivered.wait()
            }
            input.finish()
            await consumer.value
        }
        return tally.count == count ? ns : failed("debounce", tally.count, count)
    }

    /// Says on standard error that a case's consumer saw the wrong number of values; NaN (n/a).
    static func failed(_ name: String, _ seen: Int, _ expected: Int) -> Double {
        printError("AsyncAlgorithms \(name): the consumer saw \(seen) values, expected \(expected)")
        return .nan
    }
}

import BenchSupport
import Conduit
import ConduitTesting

/// `debounce` on the virtual-time scheduler: each value is sent, then the clock moves past the
/// debounce interval, so every value comes out. The figure is per value.
enum TimeCases {
    static let all: [Case] = [
        Case("debounce") {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = subject
                .debounce(for: .nanoseconds(10), scheduler: scheduler)
                .sink { tally.add($0) }
            let count = scaled(100_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count {
                    subject.send(value)
                    scheduler.advance(by: .nanoseconds(20))
                }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
    ]
}

import BenchSupport
import OpenCombine

/// `debounce` on the virtual scheduler: the same steps as the Conduit case.
enum TimeCases {
    static let all: [Case] = [
        Case("debounce") {
            let scheduler = VirtualScheduler()
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

import BenchSupport
import OpenCombine

/// Subjects and sinks alone: delivery, fan-out, subscribe/cancel churn and memory per sink.
/// The Conduit module holds the same text with its own import.
enum SubjectCases {
    static let all: [Case] = [
        Case("passthrough.sink") {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = subject.sink { tally.add($0) }
            let count = scaled(1_000_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        fanOut(1, values: 500_000),
        fanOut(10, values: 50_000),
        fanOut(1_000, values: 500),
        Case("churn") {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let count = scaled(200_000)
            return nanosecondsPerOperation(count) {
                for _ in 0..<count {
                    let cancellable = subject.sink { tally.add($0) }
                    cancellable.cancel()
                }
            }
        },
        Case("memory.sink") {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            return heapBytesPerObject(count: 100_000) { _ in
                subject.sink { tally.add($0) }
            }
        },
    ]

    /// A current-value subject delivering to `sinks` sinks; the figure is per delivery.
    static func fanOut(_ sinks: Int, values: Int, runs: Int? = nil) -> Case {
        Case("fanout.\(sinks)", runs: runs) {
            let values = scaled(values)
            let subject = CurrentValueSubject<Int, Never>(0)
            let tally = Tally()
            let cancellables = (0..<sinks).map { _ in subject.sink { tally.add($0) } }
            let ns = nanosecondsPerOperation(values * sinks) {
                for value in 0..<values { subject.send(value) }
            }
            tearDown(keeping: cancellables) { cancellables.forEach { $0.cancel() } }
            blackHole(tally.total)
            return ns
        }
    }
}

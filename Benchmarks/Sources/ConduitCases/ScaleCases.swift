import BenchSupport
import Conduit

/// How cost grows with size: fan-out to 100,000 sinks, a chain of 100 maps, 10,000 live flatMap
/// inners and 1,000,000 subscribe/cancel pairs, each in the unit of its small row so that growth
/// shows. The OpenCombine module holds the same text with its own import.
enum ScaleCases {
    static let all: [Case] = [
        SubjectCases.fanOut(100_000, values: 10, runs: 3),
        // Subscribing and cancelling 100,000 sinks of one subject, per sink: a subscriber list
        // that searches or shifts on every change grows with the number of sinks here.
        Case("fanout.100000.subscribe", runs: 3) {
            let subject = CurrentValueSubject<Int, Never>(0)
            let tally = Tally()
            var cancellables: [AnyCancellable] = []
            cancellables.reserveCapacity(100_000)
            let ns = nanosecondsPerOperation(100_000) {
                for _ in 0..<100_000 { cancellables.append(subject.sink { tally.add($0) }) }
            }
            cancellables.forEach { $0.cancel() }
            return ns
        },
        Case("fanout.100000.cancel", runs: 3) {
            let subject = CurrentValueSubject<Int, Never>(0)
            let tally = Tally()
            let cancellables = (0..<100_000).map { _ in subject.sink { tally.add($0) } }
            return nanosecondsPerOperation(cancellables.count) {
                for cancellable in cancellables { cancellable.cancel() }
            }
        },
        Case("map100") {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = hundredMaps(subject).sink { tally.add($0) }
            let count = scaled(100_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        Case("flatMap.open10000") {
            let inners = (0..<10_000).map { _ in PassthroughSubject<Int, Never>() }
            let outer = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = outer.flatMap { inners[$0] }.sink { tally.add($0) }
            let ns = nanosecondsPerOperation(inners.count) {
                for index in inners.indices { outer.send(index) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        Case("flatMap.live10000") {
            let inners = (0..<10_000).map { _ in PassthroughSubject<Int, Never>() }
            let outer = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = outer.flatMap { inners[$0] }.sink { tally.add($0) }
            for index in inners.indices { outer.send(index) }
            let count = scaled(200_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { inners[value % inners.count].send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        Case("churn.1M", runs: 3) {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let count = scaled(1_000_000, callgrind: 20_000)
            return nanosecondsPerOperation(count) {
                for _ in 0..<count {
                    let cancellable = subject.sink { tally.add($0) }
                    cancellable.cancel()
                }
            }
        },
        Case("churn.1M.peak", runs: 1) {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            return peakHeapKibibytes(pairs: 1_000_000, every: 10_000) {
                let cancellable = subject.sink { tally.add($0) }
                cancellable.cancel()
            }
        },
    ]

    /// Ten `tenMaps` chains over each other: 100 `Map` layers, erased every ten.
    static func hundredMaps(_ subject: PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never> {
        var chain = subject.eraseToAnyPublisher()
        for _ in 0..<10 { chain = OperatorCases.tenMaps(chain) }
        return chain
    }
}

import BenchSupport
import Conduit

/// Operators that join publishers. OpenCombine lacks `combineLatest` and `merge`, so only `zip`
/// (and `flatMap`, once `Just` exists on main) have a twin in the OpenCombine module.
enum CombiningCases {
    static let all: [Case] = [
        Case("combineLatest") {
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = left.combineLatest(right).sink { tally.add($0.0 &+ $0.1) }
            right.send(1)
            let count = scaled(100_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { left.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        Case("merge") {
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = left.merge(with: right).sink { tally.add($0) }
            let count = scaled(100_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count / 2 {
                    left.send(value)
                    right.send(value)
                }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        zip(),
    ]

    /// Values sent alternately into both sides; the figure is per value sent.
    static func zip() -> Case {
        Case("zip") {
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = left.zip(right).sink { tally.add($0.0 &+ $0.1) }
            let count = scaled(500_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count / 2 {
                    left.send(value)
                    right.send(value)
                }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        }
    }
}

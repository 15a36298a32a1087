import BenchSupport
import OpenCombine

/// Operators that join publishers: OpenCombine has `zip` (and `flatMap`) but no `combineLatest`
/// or `merge`; the Conduit module has those too.
enum CombiningCases {
    static let all: [Case] = [zip()]

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

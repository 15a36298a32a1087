import BenchSupport
import Conduit

/// Single-upstream operators and flatMap. The OpenCombine module holds the same text with its own
/// import. Chains are built from the operators' initialisers where the fluent form would fuse
/// them (both engines turn `.map { }.map { }` into one `Map`), so each layer is really there.
enum OperatorCases {
    static let all: [Case] = [
        Case("passthrough.map.filter.sink") {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = subject
                .map { $0 &+ 1 }
                .filter { $0 & 1 == 0 }
                .sink { tally.add($0) }
            let count = scaled(1_000_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        Case("map10") {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = tenMaps(subject).sink { tally.add($0) }
            let count = scaled(300_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        Case("sequence.map.filter") {
            let tally = Tally()
            let count = scaled(1_000_000)
            let pipeline = Publishers.Filter(
                upstream: Publishers.Map(
                    upstream: Publishers.Sequence<Range<Int>, Never>(sequence: 0..<count),
                    transform: { $0 &+ 1 }
                ),
                isIncluded: { $0 & 1 == 0 }
            )
            let ns = nanosecondsPerOperation(count) {
                _ = pipeline.sink { tally.add($0) }
            }
            blackHole(tally.total)
            return ns
        },
        flatMapToJust("flatMap", maxPublishers: .unlimited),
        // With a limit on inner publishers every `Just` is subscribed as an inner publisher, and
        // each one that finishes asks the subject for one more value.
        flatMapToJust("flatMap.max1", maxPublishers: .max(1)),
    ]

    /// Values sent into a subject, each made a `Just` by `flatMap(maxPublishers:)`.
    static func flatMapToJust(_ id: String, maxPublishers: Subscribers.Demand) -> Case {
        Case(id) {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = subject.flatMap(maxPublishers: maxPublishers) { Just($0) }.sink { tally.add($0) }
            let count = scaled(200_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        }
    }

    /// Ten separate `Map` layers over `upstream`.
    static func tenMaps<P: Publisher>(_ upstream: P) -> AnyPublisher<Int, Never> where P.Output == Int,
        P.Failure == Never {
        var chain = AnyPublisher<Int, Never>?.none
        func layer<U: Publisher>(_ upstream: U) -> Publishers.Map<U, Int> where U.Output == Int {
            Publishers.Map(upstream: upstream) { $0 &+ 1 }
        }
        let ten = layer(layer(layer(layer(layer(layer(layer(layer(layer(layer(upstream))))))))))
        chain = ten.eraseToAnyPublisher()
        return chain!
    }
}

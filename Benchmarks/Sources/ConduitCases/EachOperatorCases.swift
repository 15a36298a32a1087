import BenchSupport
import Conduit

/// One operator at a time between a `PassthroughSubject` and a sink, per value: the operators
/// code written for Combine uses most, where a chain's cost is one operator's. The OpenCombine
/// module holds the same text with its own import.
enum EachOperatorCases {
    struct Failure: Error {}

    /// A model object with one published property, for the `@Published` row.
    final class Model: ObservableObject {
        @Published var value = 0
    }

    /// A value with stored fields, for `map` with a key path to one of them.
    struct Reading {
        var sensor: String
        var level: Int
    }

    /// A property that `assign(to:on:)` writes.
    final class Target {
        var value = 0
    }

    static let all: [Case] = [
        through("each.removeDuplicates") { subject, tally in subject.removeDuplicates().sink { tally.add($0) } },
        through("each.compactMap") { subject, tally in
            subject.compactMap { $0 & 1 == 0 ? $0 : nil }.sink { tally.add($0) }
        },
        through("each.scan") { subject, tally in subject.scan(0, &+).sink { tally.add($0) } },
        through("each.tryMap") { subject, tally in
            subject.tryMap { $0 &+ 1 }.sink(receiveCompletion: { _ in }, receiveValue: { tally.add($0) })
        },
        through("each.prefixWhile") { subject, tally in subject.prefix(while: { $0 >= 0 }).sink { tally.add($0) } },
        through("each.dropWhile") { subject, tally in subject.drop(while: { $0 < 0 }).sink { tally.add($0) } },
        through("each.dropFirst") { subject, tally in subject.dropFirst().sink { tally.add($0) } },
        through("each.firstWhere") { subject, tally in subject.first(where: { $0 < 0 }).sink { tally.add($0) } },
        through("each.collect") { subject, tally in subject.collect(10).sink { tally.add($0.count) } },
        through("each.reduce") { subject, tally in subject.reduce(0, &+).sink { tally.add($0) } },
        through("each.handleEvents") { subject, tally in
            subject.handleEvents(receiveOutput: { tally.add($0) }).sink { tally.add($0) }
        },
        through("each.receiveOn") { subject, tally in
            subject.receive(on: ImmediateScheduler.shared).sink { tally.add($0) }
        },
        through("each.share") { subject, tally in subject.share().sink { tally.add($0) } },
        through("each.mapError") { subject, tally in
            subject.setFailureType(to: Failure.self).mapError { $0 }
                .sink(receiveCompletion: { _ in }, receiveValue: { tally.add($0) })
        },
        through("each.replaceError") { subject, tally in
            subject.setFailureType(to: Failure.self).replaceError(with: 0).sink { tally.add($0) }
        },
        through("each.catch") { subject, tally in
            subject.setFailureType(to: Failure.self).catch { _ in Just(0) }.sink { tally.add($0) }
        },
        through("each.prefix") { subject, tally in subject.prefix(Int.max).sink { tally.add($0) } },
        through("each.buffer") { subject, tally in
            subject.buffer(size: 10, prefetch: .byRequest, whenFull: .dropNewest).sink { tally.add($0) }
        },
        through("each.retry") { subject, tally in
            subject.setFailureType(to: Failure.self).retry(3)
                .sink(receiveCompletion: { _ in }, receiveValue: { tally.add($0) })
        },
        through("each.breakpoint") { subject, tally in subject.breakpoint().sink { tally.add($0) } },
        through("each.subscribeOn") { subject, tally in
            subject.subscribe(on: ImmediateScheduler.shared).sink { tally.add($0) }
        },
        through("each.mapKeyPath") { subject, tally in subject.map(\.magnitude).sink { tally.add(Int($0)) } },
        Case("each.mapStoredKeyPath") {
            let subject = PassthroughSubject<Reading, Never>()
            let tally = Tally()
            let cancellable = subject.map(\.level).sink { tally.add($0) }
            let count = scaled(300_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(Reading(sensor: "a", level: value)) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
        through("each.prepend") { subject, tally in subject.prepend(0).sink { tally.add($0) } },
        through("each.replaceEmpty") { subject, tally in subject.replaceEmpty(with: 0).sink { tally.add($0) } },
        through("each.prefixUntilOutput") { subject, tally in
            subject.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()).sink { tally.add($0) }
        },
        through("each.dropUntilOutput") { subject, tally in
            subject.drop(untilOutputFrom: Just(0)).sink { tally.add($0) }
        },
        through("each.assign") { subject, _ in subject.assign(to: \.value, on: Target()) },
        Case("each.published") {
            let model = Model()
            let tally = Tally()
            let cancellable = model.$value.sink { tally.add($0) }
            let count = scaled(300_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { model.value = value }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        },
    ]

    /// A case that sends values through the pipeline `build` makes from a subject and a tally.
    static func through(
        _ id: String, _ build: @escaping @Sendable (PassthroughSubject<Int, Never>, Tally) -> AnyCancellable
    ) -> Case {
        Case(id) {
            let subject = PassthroughSubject<Int, Never>()
            let tally = Tally()
            let cancellable = build(subject, tally)
            let count = scaled(300_000)
            let ns = nanosecondsPerOperation(count) {
                for value in 0..<count { subject.send(value) }
            }
            cancellable.cancel()
            blackHole(tally.total)
            return ns
        }
    }
}

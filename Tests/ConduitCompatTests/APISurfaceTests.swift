// Smaller pieces of Combine's public surface that programs touch: labelled initialisers,
// scheduler time types, Codable completions, struct subscribers, user cancellables and generic
// code over TopLevelEncoder/TopLevelDecoder.
import Conduit
import Foundation
import XCTest

private enum Failure: Error, Codable, Hashable { case one }

/// A subscriber written as a struct, with its own identifier.
private struct CountingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let combineIdentifier = CombineIdentifier()
    let box: Box
    final class Box { var count = 0 }

    func receive(subscription: Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand { box.count += input; return .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}

/// A user's own Cancellable.
private final class Job: Cancellable {
    var cancelled = 0
    func cancel() { cancelled += 1 }
}

private func roundTrip<E: TopLevelEncoder, D: TopLevelDecoder, T: Codable>(_ value: T, _ encoder: E,
    _ decoder: D) -> AnyPublisher<T, Error>
    where E.Output == D.Input
{
    Just(value).encode(encoder: encoder).decode(type: T.self, decoder: decoder).eraseToAnyPublisher()
}

final class APISurfaceTests: XCTestCase {
    func testLabelledInitialisers() {
        var values: [Int] = []
        var finished = 0
        _ = Empty(completeImmediately: true, outputType: Int.self, failureType: Failure.self)
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { values.append($0) })
        _ = Deferred(createPublisher: { Just(1) }).sink { values.append($0) }
        _ = Publishers.MergeMany(Just(2), Just(3)).merge(with: Just(4)).sink { values.append($0) }
        _ = Publishers.Merge(Just(5), Just(6)).merge(with: Just(7)).sink { values.append($0) }
        _ = Record<Int, Never>.Recording(output: [8], completion: .finished).output.publisher.sink { values.append($0) }
        XCTAssertEqual(values, [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(finished, 1)
        let center = NotificationCenter()
        let name = Notification.Name("surface")
        var posted = 0
        let c = NotificationCenter.Publisher(center: center, name: name, object: nil).sink { _ in posted += 1 }
        center.post(name: name, object: nil)
        XCTAssertEqual(posted, 1)
        c.cancel()
    }

    func testCompletionAndDemandAreHashableAndCodable() throws {
        let completions: Set<Subscribers.Completion<Failure>> = [.finished, .failure(.one), .finished]
        XCTAssertEqual(completions.count, 2)
        let data = try JSONEncoder().encode(Subscribers.Completion<Failure>.failure(.one))
        XCTAssertEqual(try JSONDecoder().decode(Subscribers.Completion<Failure>.self, from: data), .failure(.one))
        let demand = try JSONDecoder().decode(Subscribers.Demand.self, from: JSONEncoder().encode(
            Subscribers.Demand.max(3)))
        XCTAssertEqual(demand, .max(3))
    }

    func testSchedulerTimeTypes() {
        let dispatchNow = DispatchQueue.SchedulerTimeType(DispatchTime.now())
        let later = dispatchNow.advanced(by: .init(.milliseconds(250)))
        XCTAssertEqual(dispatchNow.distance(to: later), .milliseconds(250))
        XCTAssertTrue(later.dispatchTime > dispatchNow.dispatchTime)
        XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride.seconds(2).timeInterval, .nanoseconds(2_000_000_000))
        XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride.seconds(1).magnitude, 1_000_000_000)
        let options = DispatchQueue.SchedulerOptions(qos: .userInitiated, flags: [], group: nil)
        XCTAssertEqual(options.qos, .userInitiated)

        let date = Date(timeIntervalSince1970: 100)
        let runLoopTime = RunLoop.SchedulerTimeType(date)
        XCTAssertEqual(runLoopTime.advanced(by: .seconds(5)).date, Date(timeIntervalSince1970: 105))
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride(2.5).timeInterval, 2.5)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.milliseconds(500), 0.5)

        let immediate = ImmediateScheduler.shared.now
        XCTAssertEqual(immediate.distance(to: immediate.advanced(by: 3)), .zero)
    }

    func testStructSubscriberAndUserCancellable() {
        let box = CountingSubscriber.Box()
        [1, 2, 3].publisher.subscribe(CountingSubscriber(box: box))
        XCTAssertEqual(box.count, 6)

        let job = Job()
        var bag = Set<AnyCancellable>()
        AnyCancellable(job).store(in: &bag)
        job.store(in: &bag)
        XCTAssertEqual(bag.count, 2)
        bag.removeAll()
        XCTAssertEqual(job.cancelled, 2)
    }

    func testGenericEncodeDecodeOverTopLevelCoders() throws {
        struct Card: Codable, Equatable { let rank: Int }
        var cards: [Card] = []
        _ = roundTrip(Card(rank: 3), JSONEncoder(), JSONDecoder()).sink(receiveCompletion: { _ in },
            receiveValue: { cards.append($0) })
        _ = roundTrip(Card(rank: 4), PropertyListEncoder(), PropertyListDecoder()).sink(receiveCompletion: { _ in },
            receiveValue: { cards.append($0) })
        XCTAssertEqual(cards, [Card(rank: 3), Card(rank: 4)])
    }

    func testBreakpointOperatorsPassValuesThrough() {
        var values: [Int] = []
        _ = [1, 2].publisher
            .breakpoint(receiveSubscription: { _ in false }, receiveOutput: { _ in false },
                receiveCompletion: { _ in false })
            .breakpointOnError()
            .sink { values.append($0) }
        XCTAssertEqual(values, [1, 2])
    }
}

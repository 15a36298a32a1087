// Programs in the style of Combine books and tutorials (Swift 5 language mode): closures that
// capture local state, `[weak self]`, stored cancellables, DispatchQueue work.
import Conduit
import Foundation
import XCTest

private struct Weather: Codable, Equatable {
    let city: String
    let temperature: Double
}

private enum WeatherError: Error, Equatable {
    case network
    case decoding
}

/// A fake network layer returning canned JSON, asynchronously, through a Future.
private final class WeatherClient {
    var responses: [String: Data] = [:]
    var calls = 0
    let queue = DispatchQueue(label: "weather.client")

    func fetch(city: String) -> AnyPublisher<Weather, WeatherError> {
        Deferred { [weak self] () -> Future<Data, WeatherError> in
            Future { promise in
                guard let self = self else { return promise(.failure(.network)) }
                self.calls += 1
                let data = self.responses[city]
                self.queue.async {
                    if let data = data { promise(.success(data)) } else { promise(.failure(.network)) }
                }
            }
        }
        .decode(type: Weather.self, decoder: JSONDecoder())
        .mapError { error -> WeatherError in
            if let weatherError = error as? WeatherError { return weatherError }
            return .decoding
        }
        .eraseToAnyPublisher()
    }
}

private final class WeatherViewModel: ObservableObject {
    @Published var city = ""
    @Published private(set) var summary = "—"
    @Published private(set) var history: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(client: WeatherClient, scheduler: DispatchQueue) {
        $city
            .dropFirst()
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .map { city in
                client.fetch(city: city)
                    .map { "\($0.city): \(Int($0.temperature))°" }
                    .catch { error in Just("error: \(error)") }
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] text in
                self?.summary = text
                self?.history.append(text)
            }
            .store(in: &cancellables)
    }
}

final class ClassicTutorialProgramsTests: XCTestCase {
    func testWeatherViewModelFetchesDecodesAndRecovers() {
        let client = WeatherClient()
        client.responses["Oslo"] = try! JSONEncoder().encode(Weather(city: "Oslo", temperature: 3.4))
        client.responses["Bad"] = Data("not json".utf8)
        let model = WeatherViewModel(client: client, scheduler: .main)
        let done = expectation(description: "three summaries")
        var seen = 0
        let c = model.$history.dropFirst().sink { h in
            seen = h.count
            if h.count == 3 { done.fulfill() }
        }
        model.city = "Oslo"
        wait(until: { seen == 1 })
        model.city = "Bad"
        wait(until: { seen == 2 })
        model.city = "Nowhere"
        wait(for: [done], timeout: 5)
        XCTAssertEqual(model.history, ["Oslo: 3°", "error: decoding", "error: network"])
        XCTAssertEqual(model.summary, "error: network")
        c.cancel()
    }

    private func wait(until condition: @escaping () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !condition() && Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        }
    }

    func testExampleOfPassthroughAndCustomSubscriberFromTheBook() {
        final class StringSubscriber: Subscriber {
            typealias Input = String
            typealias Failure = Never
            var log: [String] = []
            func receive(subscription: Subscription) { subscription.request(.max(2)) }
            func receive(_ input: Input) -> Subscribers.Demand {
                log.append("Received value \(input)")
                return input == "World" ? .max(1) : .none
            }
            func receive(completion: Subscribers.Completion<Never>) { log.append("Received completion \(completion)") }
        }
        let subscriber = StringSubscriber()
        let subject = PassthroughSubject<String, Never>()
        subject.subscribe(subscriber)
        var sinkLog: [String] = []
        let subscription = subject.sink(receiveCompletion: { sinkLog.append("completion \($0)") },
            receiveValue: { sinkLog.append($0) })
        subject.send("Hello")
        subject.send("World")
        subscription.cancel()
        subject.send("Still there?")
        subject.send("Dropped")
        subject.send(completion: .finished)
        subject.send("How about another one?")
        XCTAssertEqual(subscriber.log, ["Received value Hello", "Received value World", "Received value Still there?",
            "Received completion finished"])
        XCTAssertEqual(sinkLog, ["Hello", "World"])
    }

    func testExampleOfTypeErasureAndCurrentValueSubject() {
        var subscriptions = Set<AnyCancellable>()
        let subject = CurrentValueSubject<Int, Never>(0)
        var first: [String] = []
        var second: [String] = []
        subject.print().sink { first.append("\($0)") }.store(in: &subscriptions)
        subject.send(1)
        subject.send(2)
        subject.sink { second.append("\($0)") }.store(in: &subscriptions)
        subject.send(completion: .finished)
        XCTAssertEqual(first, ["0", "1", "2"])
        XCTAssertEqual(second, ["2"])
        let erased: AnyPublisher<Int, Never> = subject.eraseToAnyPublisher()
        _ = erased
    }

    func testExampleOfAssignToPublishedAndAssignOn() {
        class SomeObject {
            var value: String = "" {
                didSet { log.append(value) }
            }
            var log: [String] = []
        }
        let object = SomeObject()
        let publisher = ["Hello", "world!"].publisher
        _ = publisher.assign(to: \.value, on: object)
        XCTAssertEqual(object.log, ["Hello", "world!"])

        class Counter {
            @Published var value = 0
        }
        let counter = Counter()
        var seen: [Int] = []
        let c = counter.$value.sink { seen.append($0) }
        (1..<4).publisher.assign(to: &counter.$value)
        XCTAssertEqual(seen, [0, 1, 2, 3])
        c.cancel()
    }

    func testExampleOfCollectFlatMapAndReplaceNil() {
        var out: [String] = []
        _ = ["A", "B", "C", "D", "E"].publisher.collect(2).sink { out.append($0.joined()) }
        _ = ["A", nil, "C"].publisher.eraseToAnyPublisher().replaceNil(with: "-").map { $0 }.sink { out.append($0) }
        _ = [72, 101, 108, 108, 111].publisher
            .flatMap { code in Just(code).tryMap { String(UnicodeScalar($0)!) }.replaceError(with: "?") }
            .collect()
            .sink { out.append($0.joined()) }
        XCTAssertEqual(out, ["AB", "CD", "E", "A", "-", "C", "Hello"])
    }

    func testExampleOfScanAndMeasureOnAVirtualClockFreeSequence() {
        var dailyGainLoss: Int { Int.random(in: -10...10) }
        var totals: [Int] = []
        _ = (0..<22).map { _ in dailyGainLoss }.publisher
            .scan(50) { latest, current in max(0, latest + current) }
            .sink { totals.append($0) }
        XCTAssertEqual(totals.count, 22)
        XCTAssertTrue(totals.allSatisfy { $0 >= 0 })
    }

    func testExampleOfShareAndMulticastOverAFuture() {
        var runs = 0
        let shared = Deferred { Future<Int, Never> { promise in runs += 1; promise(.success(runs)) } }
            .share()
        var values: [Int] = []
        let c1 = shared.sink { values.append($0) }
        let c2 = shared.sink { values.append($0 * 10) }
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(values, [1])
        c1.cancel()
        c2.cancel()
    }

    func testCombineLatestOfValidationInAFormModel() {
        final class SignUp {
            let email = CurrentValueSubject<String, Never>("")
            let password = PassthroughSubject<String, Never>()
            let confirm = PassthroughSubject<String, Never>()
            var canSubmit = false
            var cancellables: [AnyCancellable] = []

            init() {
                let passwordsMatch = Publishers.CombineLatest(password, confirm)
                    .map { $0 == $1 && $0.count >= 8 }
                Publishers.CombineLatest(email.map { $0.contains("@") }, passwordsMatch)
                    .map { $0 && $1 }
                    .removeDuplicates()
                    .sink { [unowned self] in self.canSubmit = $0 }
                    .store(in: &cancellables)
            }
        }
        let form = SignUp()
        form.email.send("a@b.c")
        form.password.send("12345678")
        XCTAssertFalse(form.canSubmit)
        form.confirm.send("12345678")
        XCTAssertTrue(form.canSubmit)
        form.confirm.send("nope")
        XCTAssertFalse(form.canSubmit)
    }
}

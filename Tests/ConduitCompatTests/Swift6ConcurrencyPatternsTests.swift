// Swift 6 code that keeps Combine pipelines in actors and main-actor types: an actor that owns
// its subscriptions and hops back into itself from a sink, a main-actor view model whose sink
// starts a task, Sendable models holding subjects, and a global event bus.
import Conduit
import Foundation
import XCTest

private actor Inbox {
    private var cancellables = Set<AnyCancellable>()
    private(set) var messages: [String] = []
    private let arrived = PassthroughSubject<Int, Never>()

    var counts: AnyPublisher<Int, Never> { arrived.eraseToAnyPublisher() }

    func listen(to source: PassthroughSubject<String, Never>) {
        source
            .filter { !$0.isEmpty }
            .sink { [weak self] message in
                Task { await self?.store(message) }
            }
            .store(in: &cancellables)
    }

    private func store(_ message: String) {
        messages.append(message)
        arrived.send(messages.count)
    }

    func stop() {
        cancellables.removeAll()
    }
}

private struct Channel: Sendable {
    let events = PassthroughSubject<String, Never>()
    let state = CurrentValueSubject<Int, Never>(0)
}

private enum GlobalBus {
    static let events = PassthroughSubject<String, Never>()
}

@MainActor
private final class TickerModel: ObservableObject {
    @Published private(set) var log: [String] = []
    private var cancellables: Set<AnyCancellable> = []

    func bind(_ channel: Channel) {
        channel.events
            .receive(on: DispatchQueue.main)
            .sink { [weak self] event in
                Task { @MainActor in
                    self?.log.append(event)
                }
            }
            .store(in: &cancellables)
        channel.state
            .map { "state \($0)" }
            .receive(on: RunLoop.main)
            .sink { [weak self] in self?.log.append($0) }
            .store(in: &cancellables)
    }
}

final class Swift6ConcurrencyPatternsTests: XCTestCase {
    func testActorOwningItsSubscriptions() async {
        let inbox = Inbox()
        let source = PassthroughSubject<String, Never>()
        await inbox.listen(to: source)
        var third = await inbox.counts.first { $0 == 3 }.values.makeAsyncIterator()
        source.send("a")
        source.send("")
        source.send("b")
        source.send("c")
        let reached = await third.next()
        XCTAssertEqual(reached, 3)
        let messages = await inbox.messages
        XCTAssertEqual(messages.sorted(), ["a", "b", "c"])
        await inbox.stop()
    }

    func testSendableModelsAndAGlobalBusAcrossTasks() async {
        let channel = Channel()
        let received = await withTaskGroup(of: Void.self) { group -> [String] in
            var seen: [String] = []
            let lock = NSLock()
            let c = GlobalBus.events.merge(with: channel.events).sink { value in
                lock.withLock { seen.append(value) }
            }
            for index in 0..<4 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        GlobalBus.events.send("bus \(index)")
                    } else {
                        channel.events.send("channel \(index)")
                    }
                    channel.state.value += 0
                }
            }
            await group.waitForAll()
            c.cancel()
            return lock.withLock { seen }
        }
        XCTAssertEqual(received.sorted(), ["bus 0", "bus 2", "channel 1", "channel 3"])
    }

    @MainActor
    func testMainActorModelWithTasksInsideSinks() async {
        let model = TickerModel()
        let channel = Channel()
        model.bind(channel)
        channel.events.send("hello")
        channel.state.send(1)
        for await log in model.$log.values where log.count == 3 {
            XCTAssertEqual(Set(log), ["state 0", "state 1", "hello"])
            break
        }
    }
}

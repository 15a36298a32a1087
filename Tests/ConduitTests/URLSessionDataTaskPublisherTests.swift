import Conduit
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `dataTaskPublisher(for:)` against a real HTTP server on loopback, started by each test.
final class URLSessionDataTaskPublisherTests: XCTestCase {
    private var server: LoopbackHTTPServer!
    private var session: URLSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer(routes: [
            "/hello": .init(status: 200, body: "hello, conduit"),
            "/card": .init(status: 200, body: #"{"name": "ace", "rank": 1}"#, contentType: "application/json"),
        ])
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    override func tearDown() {
        session.invalidateAndCancel()
        server.stop()
        super.tearDown()
    }

    private func url(_ path: String) -> URL {
        server.baseURL.appendingPathComponent(path)
    }

    /// Subscribes with unlimited demand and waits (at most 10 s) for the completion.
    private func run<P: Publisher>(_ publisher: P) -> RecordingSubscriber<P.Output, P.Failure> {
        let done = expectation(description: "completion")
        let subscriber = RecordingSubscriber<P.Output, P.Failure>()
        subscriber.onCompletion = { _ in done.fulfill() }
        publisher.subscribe(subscriber)
        wait(for: [done], timeout: 10)
        return subscriber
    }

    func testPublisherKeepsTheRequestAndTheSession() {
        let publisher = session.dataTaskPublisher(for: url("/hello"))
        XCTAssertEqual(publisher.request.url, url("/hello"))
        XCTAssertTrue(publisher.session === session)
        var request = URLRequest(url: url("/card"))
        request.httpMethod = "HEAD"
        XCTAssertEqual(session.dataTaskPublisher(for: request).request.httpMethod, "HEAD")
    }

    func testA200DeliversTheBodyAndTheResponseThenFinishes() throws {
        let subscriber = run(session.dataTaskPublisher(for: url("/hello")))
        XCTAssertEqual(subscriber.values.count, 1)
        let (data, response) = try XCTUnwrap(subscriber.values.first)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "hello, conduit")
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(subscriber.completion, .finished)
    }

    func testA404IsStillAValueNotAFailure() throws {
        let subscriber = run(session.dataTaskPublisher(for: URLRequest(url: url("/missing"))))
        let (data, response) = try XCTUnwrap(subscriber.values.first)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 404)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "no such page")
        XCTAssertEqual(subscriber.completion, .finished)
    }

    func testARefusedConnectionFailsWithAURLError() throws {
        // A bound socket that does not listen: connecting to it is refused, and no one else can take the port.
        let (socket, port) = try LoopbackHTTPServer.bindLoopback()
        defer { close(socket) }
        let subscriber = run(session.dataTaskPublisher(for: URL(string: "http://127.0.0.1:\(port)/hello")!))
        XCTAssertEqual(subscriber.values.count, 0)
        guard case .failure(let error)? = subscriber.completion else {
            return XCTFail("expected a failure, got \(subscriber.eventDescriptions)")
        }
        XCTAssertEqual(error.code, .cannotConnectToHost)
    }

    func testDecodingTheBodyAsJSON() {
        struct Card: Decodable, Equatable {
            let name: String
            let rank: Int
        }
        let subscriber = run(
            session.dataTaskPublisher(for: url("/card"))
                .map(\.data)
                .decode(type: Card.self, decoder: JSONDecoder())
        )
        XCTAssertEqual(subscriber.values, [Card(name: "ace", rank: 1)])
        XCTAssertEqual(subscriber.completion.map { "\($0)" }, "finished")
    }

    func testDecodingAnErrorPageFailsWithTheDecodingError() {
        struct Card: Decodable {
            let name: String
        }
        let subscriber = run(
            session.dataTaskPublisher(for: url("/missing")).map(\.data).decode(type: Card.self, decoder: JSONDecoder())
        )
        guard case .failure(let error)? = subscriber.completion else {
            return XCTFail("expected a failure, got \(subscriber.eventDescriptions)")
        }
        XCTAssertTrue(error is DecodingError, "\(error)")
    }

    func testTheTaskStartsOnTheFirstDemand() {
        let idle = RecordingSubscriber<URLSession.DataTaskPublisher.Output, URLError>(initialDemand: .none)
        session.dataTaskPublisher(for: url("/hello")).subscribe(idle)
        // A request made after subscribing, and answered, is the only one the server saw.
        _ = run(session.dataTaskPublisher(for: url("/card")))
        XCTAssertEqual(server.paths, ["/card"])
        XCTAssertEqual(idle.eventDescriptions, ["subscription"])

        let done = expectation(description: "completion")
        idle.onCompletion = { _ in done.fulfill() }
        idle.request(.max(1))
        wait(for: [done], timeout: 10)
        XCTAssertEqual(server.paths, ["/card", "/hello"])
        XCTAssertEqual(idle.values.count, 1)
    }

    func testCancellingBeforeTheResponseCancelsTheTaskAndDeliversNothing() {
        let subscriber = RecordingSubscriber<URLSession.DataTaskPublisher.Output, URLError>()
        session.dataTaskPublisher(for: url("/hold")).subscribe(subscriber)
        XCTAssertEqual(server.holdArrived.wait(timeout: .now() + 10), .success)
        subscriber.cancel()
        // The server sees the client hang up (it waits at most 5 s for that).
        server.stop()
        XCTAssertTrue(server.clientHungUp)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
    }
}

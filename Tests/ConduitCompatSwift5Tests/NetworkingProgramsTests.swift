// A Combine API client and a batching logger, compiled in the Swift 5 language mode with only
// the import changed (`import Combine` → `import Conduit`); the test's virtual clock is
// ConduitTesting's.
import Conduit
import ConduitTesting
import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: An API client in the usual style

struct Repository: Decodable, Equatable {
    let name: String
    let stars: Int
}

enum APIError: Error {
    case status(Int)
    case transport(URLError)
    case other(Error)
}

struct RepositoryClient {
    let session: URLSession
    let base: URL

    func repository(named name: String) -> AnyPublisher<Repository, APIError> {
        session.dataTaskPublisher(for: base.appendingPathComponent("repos/\(name)"))
            .tryMap { output -> Data in
                guard let http = output.response as? HTTPURLResponse, http.statusCode == 200 else {
                    throw APIError.status((output.response as? HTTPURLResponse)?.statusCode ?? 0)
                }
                return output.data
            }
            .decode(type: Repository.self, decoder: JSONDecoder())
            .mapError { error -> APIError in
                if let error = error as? APIError { return error }
                if let error = error as? URLError { return .transport(error) }
                return .other(error)
            }
            .receive(on: OperationQueue.main)
            .eraseToAnyPublisher()
    }
}

// MARK: A logger that writes in batches

final class BatchingLogger {
    let lines = PassthroughSubject<String, Never>()
    private(set) var batches: [[String]] = []
    private var cancellables = Set<AnyCancellable>()

    init<S: Scheduler>(scheduler: S, every interval: S.SchedulerTimeType.Stride) {
        lines
            .collect(.byTimeOrCount(scheduler, interval, 3))
            .sink { [unowned self] in batches.append($0) }
            .store(in: &cancellables)
    }
}

final class NetworkingProgramsTests: XCTestCase {
    func testTheClientBuildsItsRequestFromTheBaseURL() {
        let client = RepositoryClient(session: .shared, base: URL(string: "http://127.0.0.1:9/")!)
        let publisher = client.session.dataTaskPublisher(for: client.base.appendingPathComponent("repos/conduit"))
        XCTAssertEqual(publisher.request.url?.path, "/repos/conduit")
        _ = client.repository(named: "conduit")   // builds the whole chain without subscribing
    }

    func testTheLoggerWritesThreeLinesAtATimeOrWhatAnIntervalGathered() {
        let scheduler = VirtualTimeScheduler()
        let logger = BatchingLogger(scheduler: scheduler, every: .seconds(1))
        ["a", "b", "c", "d"].forEach(logger.lines.send)
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(logger.batches, [["a", "b", "c"]])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(logger.batches, [["a", "b", "c"], ["d"]])
    }
}

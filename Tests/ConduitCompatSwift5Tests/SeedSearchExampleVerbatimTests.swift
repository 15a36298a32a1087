// Seed 001's search example exactly as the document prints it (its `throttle` has no `latest:`,
// which Combine would require), with a service that answers through a Future.
import Conduit
import Foundation
import XCTest

struct Song: Identifiable, Equatable {
    let id: String
    var name: String { id }
}

final class SearchService {
    private(set) var queries: [String] = []

    func searchSongs(query: String) -> Future<[Song], Error> {
        queries.append(query)
        return Future { promise in
            DispatchQueue.main.async {
                promise(.success(query.isEmpty ? [] : [Song(id: query + " (live)"), Song(id: query)]))
            }
        }
    }
}

final class SearchViewModel: ObservableObject {
    @Published var query: String = ""
    @Published private(set) var songs: [Song] = []
    private var cancellable: AnyCancellable?
    init(service: SearchService) {
        cancellable = $query
            .throttle(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .flatMap {
                service.searchSongs(query: $0).catch {
                    _ in Just([])
                }
            }
            .receive(on: DispatchQueue.main)
            .sink { [unowned self] in self.songs = $0 }
    }
}

final class SeedSearchExampleVerbatimTests: XCTestCase {
    func testTypingSettlesOnTheLastQuerysSongs() {
        let service = SearchService()
        let viewModel = SearchViewModel(service: service)
        for prefix in ["l", "lo", "lov", "love"] {
            viewModel.query = prefix
        }
        let settled = expectation(description: "songs for the last query")
        let c = viewModel.$songs.first { $0.first?.name == "love (live)" }.sink { _ in settled.fulfill() }
        wait(for: [settled], timeout: 5)
        XCTAssertEqual(viewModel.songs.map(\.name), ["love (live)", "love"])
        XCTAssertEqual(service.queries.last, "love")
        XCTAssertLessThan(service.queries.count, 4, "throttled")
        c.cancel()
    }
}

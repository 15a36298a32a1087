// Programs written for Combine, compiled in the Swift 5 language mode with only the import
// changed (`import Combine` → `import Conduit`).
import Conduit
import Foundation
import XCTest

// MARK: A view model with a subject, operators and stored cancellables

final class LoginViewModel {
    @Published var username = ""
    @Published var password = ""
    @Published private(set) var canSubmit = false
    private var cancellables = Set<AnyCancellable>()

    init() {
        $username.combineLatest($password)
            .map { user, password in !user.isEmpty && password.count >= 8 }
            .removeDuplicates()
            .assign(to: \.canSubmit, on: self)
            .store(in: &cancellables)
    }
}

// MARK: A Future-based loader behind an AnyPublisher API

enum LoadError: Error, Equatable {
    case notFound
}

struct UserService {
    let users: [Int: String]

    func user(id: Int) -> AnyPublisher<String, LoadError> {
        Future { promise in
            if let name = users[id] {
                promise(.success(name))
            } else {
                promise(.failure(.notFound))
            }
        }
        .eraseToAnyPublisher()
    }
}

// MARK: A counter in the old-fashioned style of seed 003

final class CountStore: ObservableObject {
    var count = 0 {
        willSet { objectWillChange.send() }
    }
}

final class CombineProgramsTests: XCTestCase {
    func testLoginViewModelEnablesSubmitWhenBothFieldsAreValid() {
        let model = LoginViewModel()
        XCTAssertFalse(model.canSubmit)
        model.username = "ada"
        model.password = "short"
        XCTAssertFalse(model.canSubmit)
        model.password = "long enough"
        XCTAssertTrue(model.canSubmit)
    }

    func testServiceLoadsAndRecovers() {
        let service = UserService(users: [1: "Ada"])
        var names: [String] = []
        var errors: [LoadError] = []
        var bag = [AnyCancellable]()
        service.user(id: 1)
            .sink(receiveCompletion: { if case .failure(let e) = $0 { errors.append(e) } },
                receiveValue: { names.append($0) })
            .store(in: &bag)
        service.user(id: 2)
            .sink(receiveCompletion: { if case .failure(let e) = $0 { errors.append(e) } },
                receiveValue: { names.append($0) })
            .store(in: &bag)
        service.user(id: 2)
            .replaceError(with: "guest")
            .sink { names.append($0) }
            .store(in: &bag)
        XCTAssertEqual(names, ["Ada", "guest"])
        XCTAssertEqual(errors, [.notFound])
    }

    func testClassicOperatorChain() {
        var output: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject
            .filter { $0 % 2 == 0 }
            .map { $0 * 10 }
            .scan(0, +)
            .compactMap { $0 > 0 ? "total \($0)" : nil }
            .sink { output.append($0) }
        (1...4).forEach(subject.send)
        subject.send(completion: .finished)
        XCTAssertEqual(output, ["total 20", "total 60"])
        cancellable.cancel()
    }

    func testMergeZipAndFlatMap() {
        var merged: [Int] = []
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c1 = a.merge(with: b).sink { merged.append($0) }
        a.send(1); b.send(2); a.send(3)
        XCTAssertEqual(merged, [1, 2, 3])
        var zipped: [String] = []
        let c2 = a.zip(b).map { "\($0)-\($1)" }.sink { zipped.append($0) }
        a.send(4); a.send(5); b.send(6)
        XCTAssertEqual(zipped, ["4-6"])
        var flat: [Int] = []
        let c3 = [1, 2].publisher.flatMap { Just($0 * 100) }.sink { flat.append($0) }
        XCTAssertEqual(flat, [100, 200])
        _ = [c1, c2, c3]
    }

    func testObjectWillChangeBeforeMutation() {
        let store = CountStore()
        var seen: [Int] = []
        let cancellable = store.objectWillChange.sink { seen.append(store.count) }
        store.count = 5
        XCTAssertEqual(seen, [0])
        cancellable.cancel()
    }

    func testDebounceOnADispatchQueue() {
        let queue = DispatchQueue(label: "compat.debounce")
        let subject = PassthroughSubject<String, Never>()
        let done = expectation(description: "debounced")
        var results: [String] = []
        let cancellable = subject
            .debounce(for: .milliseconds(50), scheduler: queue)
            .sink { results.append($0); done.fulfill() }
        subject.send("s")
        subject.send("sw")
        subject.send("swift")
        wait(for: [done], timeout: 5)
        XCTAssertEqual(results, ["swift"])
        cancellable.cancel()
    }
}

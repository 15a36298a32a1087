import XCTest
@testable import ConduitPlayground

/// View-model code as workshops paste it, checked against what the same program prints when compiled
/// with swiftc against the engine: a form's validity from its `@Published` properties, and a
/// notification's `userInfo` read with optional chaining.
final class PastedViewModelTests: SessionTestCase {
    func testAComputedPublisherCombinesTheObjectsOwnProperties() {
        type("""
            final class SignUp: ObservableObject {
                @Published var email = ""
                @Published var password = ""
                @Published var agreed = false
                var isValid: AnyPublisher<Bool, Never> {
                    Publishers.CombineLatest3($email, $password, $agreed)
                        .map { email, password, agreed in
                            email.contains("@") && password.count >= 8 && agreed
                        }
                        .removeDuplicates()
                        .eraseToAnyPublisher()
                }
                func emailAndAgreed() -> AnyPublisher<Bool, Never> {
                    $email.combineLatest($agreed).map { $0.contains("@") && $1 }.eraseToAnyPublisher()
                }
            }
            """)
        type("let form = SignUp()")
        XCTAssertEqual(valueLines("let c = form.isValid.sink { print(\"valid:\", $0) }"), ["valid: false"])
        XCTAssertEqual(valueLines("let d = form.emailAndAgreed().sink { print(\"half:\", $0) }"), ["half: false"])
        XCTAssertEqual(valueLines("form.email = \"ann@example.com\""), ["half: false"])
        XCTAssertEqual(valueLines("form.password = \"secret-password\""), [])
        XCTAssertEqual(valueLines("form.agreed = true"), ["valid: true", "half: true"])
        XCTAssertEqual(valueLines("form.password = \"short\""), ["valid: false"])
    }

    func testOptionalChainingReachesASubscript() {
        type("""
            extension Notification.Name {
                static let scoreChanged = Notification.Name("scoreChanged")
            }
            """)
        type("""
            let c = NotificationCenter.default.publisher(for: .scoreChanged)
                .compactMap { $0.userInfo?["score"] as? Int }
                .sink { print("score", $0) }
            """)
        XCTAssertEqual(valueLines(
            "NotificationCenter.default.post(name: .scoreChanged, object: nil, userInfo: [\"score\": 10])"),
            ["score 10"])
        XCTAssertEqual(valueLines(
            "NotificationCenter.default.post(name: .scoreChanged, object: nil, userInfo: [\"other\": 1])"), [])
        type("let d: [String: Int]? = [\"a\": 1]")
        type("let e: [String: Int]? = nil")
        XCTAssertEqual(valueLines("print(d?[\"a\"] ?? 0, d?[\"b\"] ?? 9, e?[\"a\"] ?? 7)"), ["1 9 7"])
    }

    /// `Set<AnyCancellable>` holds what `store(in:)` put there, finished or not, as Swift's set does.
    func testAFinishedSubscriptionStaysInItsSet() {
        type("var cancellables = Set<AnyCancellable>()")
        XCTAssertEqual(valueLines("Just(7).map { $0 * 2 }.sink { print($0) }.store(in: &cancellables)"), ["14"])
        type("let s = PassthroughSubject<Int, Never>()")
        type("s.sink { print(\"got\", $0) }.store(in: &cancellables)")
        XCTAssertEqual(valueLines("print(cancellables.count)"), ["2"])
        type("cancellables.removeAll()")
        XCTAssertEqual(valueLines("s.send(1); print(cancellables.isEmpty)"), ["true"])
    }

    /// A struct's optional property prints as Swift prints it inside the struct: `Optional(3)`, or `nil`.
    func testAStructsOptionalPropertyPrintsAsAnOptional() {
        type("struct Song: Equatable { var title: String; var plays: Int? }")
        type("let current = CurrentValueSubject<Song?, Never>(nil)")
        type("let c = current.sink { print(\"now:\", $0 as Any) }")
        XCTAssertEqual(valueLines("current.send(Song(title: \"Blue\", plays: 3))"),
            [#"now: Optional(Song(title: "Blue", plays: Optional(3)))"#])
        XCTAssertEqual(valueLines("current.send(Song(title: \"Red\", plays: nil))"),
            [#"now: Optional(Song(title: "Red", plays: nil))"#])
        XCTAssertEqual(valueLines("print(current.value?.plays ?? 0, [Song(title: \"x\", plays: 1)])"),
            [#"0 [Song(title: "x", plays: Optional(1))]"#])
    }
}

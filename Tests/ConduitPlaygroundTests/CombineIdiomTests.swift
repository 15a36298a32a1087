import XCTest
@testable import ConduitPlayground

/// Combine as tutorials and slides write it, each idiom run as Swift runs it.
final class CombineIdiomTests: SessionTestCase {
    func testHandleEventsWithAPrintingClosurePrintsOnlyWhatItPrints() {
        XCTAssertEqual(
            type("let c = [1, 2].publisher.handleEvents(receiveOutput: { print(\"saw\", $0) }).sink { _ in }"),
            ["saw 1", "saw 2", "c ✓ finished"])
    }

    func testAParenthesisedRangesPublisherNamesItsSubscription() {
        XCTAssertEqual(type("let c = (1...3).publisher.map { $0 * 2 }.sink { print($0) }"),
            ["2", "4", "6", "c ✓ finished"])
        XCTAssertEqual(type("c.cancel()"), ["c is already finished"], "c is the subscription, not a string")
        XCTAssertEqual(type("let pair = (a: 1, b: 2)"), ["pair: (a: Int, b: Int) = (a: 1, b: 2)"],
            "a tuple stays a value")
    }

    func testSourcesTakeTheirGenericArguments() {
        XCTAssertEqual(type("let c = Empty<Int, Never>().sink { print($0) }"), ["c ✓ finished"])
        XCTAssertEqual(type("let d = Just<Int>(1).sink { print($0) }"), ["1", "d ✓ finished"])
    }

    func testFailTakesAnErrorValueAsSwiftWritesIt() {
        type("enum LoadError: Error { case offline }")
        XCTAssertEqual(
            type("let c = Fail<Int, LoadError>(error: .offline).sink(receiveCompletion: { print($0) }, "
                + "receiveValue: { print($0) })"),
            ["failure(LoadError.offline)", "c ✗ failed: LoadError.offline"])
        type("struct Timeout: Error {}")
        XCTAssertEqual(type("let d = Fail(error: Timeout()).catch { _ in Just(0) }.sink { print($0) }"),
            ["0", "d ✓ finished"])
    }

    func testAnInitialiserAssignsAPipelineToItsOwnPublishedProperty() {
        type("""
            class SignUp: ObservableObject {
                @Published var name = ""
                @Published var isValid = false
                init() { $name.map { $0.count > 2 }.assign(to: &$isValid) }
            }
            """)
        type("let form = SignUp()")
        type("form.name = \"ann\"")
        XCTAssertEqual(values("print(form.isValid)"), ["true"])
        type("form.name = \"a\"")
        XCTAssertEqual(values("print(form.isValid)"), ["false"])
    }

    func testAnInitialiserCombinesItsOwnPublishedPropertiesWithPublishersCombineLatest() {
        type("""
            final class Login: ObservableObject {
                @Published var username = ""
                @Published var password = ""
                @Published private(set) var isValid = false
                init() {
                    Publishers.CombineLatest($username, $password)
                        .map { user, pass in user.count >= 3 && pass.count >= 6 }
                        .removeDuplicates()
                        .assign(to: &$isValid)
                }
            }
            """)
        type("let login = Login()")
        type("login.username = \"ann\"; login.password = \"secret1\"")
        XCTAssertEqual(values("print(login.isValid)"), ["true"])
    }

    func testAVoidSubjectSendsTheEmptyTuple() {
        type("let tap = PassthroughSubject<Void, Never>()")
        type("var taps = 0")
        type("let t = tap.sink { taps += 1 }")
        type("tap.send(); tap.send(())")
        XCTAssertEqual(values("print(taps)"), ["2"])
    }

    func testURLSessionGetsOneMessageSayingWhatToDoInstead() {
        let message = error("let c = URLSession.shared.dataTaskPublisher(for: URL(string: \"https://a.b\")!)")
        XCTAssertTrue(message.contains("`URLSession` reaches the network, which the playground does not"), message)
    }

    func testAnInitialiserServesAsAClosure() {
        XCTAssertEqual(type("let c = [\"1\", \"x\", \"3\"].publisher.compactMap(Int.init).sink { print($0) }"),
            ["1", "3", "c ✓ finished"])
        XCTAssertEqual(type("let d = [1, 2].publisher.map(String.init).sink { print($0) }"), ["1", "2", "d ✓ finished"])
    }

    func testACurrentValueSubjectsValueChangesInPlaceAndIsSent() {
        type("let items = CurrentValueSubject<[String], Never>([])")
        type("let c = items.sink { print($0) }")
        XCTAssertEqual(values("items.value.append(\"a\")"), ["[\"a\"]"])
        XCTAssertEqual(values("items.value[0] = \"b\""), ["[\"b\"]"])
        XCTAssertEqual(values("print(items.value.count)"), ["1"])
    }
}

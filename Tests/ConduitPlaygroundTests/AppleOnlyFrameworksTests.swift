import XCTest

@testable import ConduitPlayground

/// Code pasted from a SwiftUI or UIKit article names frameworks Linux does not have, and Swift
/// declarations the playground does not make: each gets one message at its first such name (issue
/// 28), while a name the session declares itself stays the session's.
final class AppleOnlyFrameworksTests: SessionTestCase {
    private func errors(_ source: String) -> [String] {
        session.evaluate(source).filter { $0.kind == .error }.map(\.text)
    }

    func testAViewIsRefusedOnceAtItsFirstSwiftUIName() {
        let view = "struct Hello: View {\n    @State var on = true\n    var body: some View { Text(\"Hi\") }\n}"
        let found = errors(view)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("`View` is SwiftUI's, and SwiftUI is not on Linux") == true, "\(found)")
        XCTAssertTrue(found.first?.contains("Hello: View {\n                ^^^^") == true, "the caret: \(found)")
        XCTAssertTrue(error("@State var isHello = true").contains("`@State` is SwiftUI's"))
        XCTAssertTrue(error("class Switch: UISwitch { @objc func changed() { } }").contains("`@objc` needs"),
            "what to change in a subclass of a control comes first")
        XCTAssertTrue(error("@Binding var name: String").contains("`@Binding` is SwiftUI's"))
        XCTAssertTrue(error("let app = UIApplication.shared").contains("`UIApplication` is UIKit's"))
        XCTAssertTrue(error("PlaygroundPage.current.liveView = view").contains("PlaygroundSupport"))
        // The first line of many Combine playgrounds is accepted: the session runs until it is left.
        XCTAssertTrue(type("PlaygroundPage.current.needsIndefiniteExecution = true").joined()
            .contains("not needed here"))
        XCTAssertTrue(error("class AppState: BindableObject { var count = 0 }").contains(
            "`BindableObject` is the name SwiftUI's 2019 betas gave to `ObservableObject`"))
    }

    func testANameTheSessionDeclaresIsItsOwn() {
        XCTAssertEqual(errors("enum Color { case red, green }"), [])
        XCTAssertEqual(errors("let paint = Color.red"), [], "the session's Color, not SwiftUI's")
        XCTAssertEqual(errors("struct Text { var words = \"\" }\nlet note = Text(words: \"hi\")"), [])
        XCTAssertEqual(errors("let item = \"View\"; let list = [1, 2]"), [], "a string and a lowercase name")
        XCTAssertEqual(errors("let s = PassthroughSubject<Int, Never>()"), [])
    }

    func testSwiftDeclarationsThePlaygroundDoesNotMakeAreRefusedByName() {
        XCTAssertTrue(error("protocol Publisher {\n    var name: String { get }\n}").contains(
            "`Publisher` is Combine's protocol, which the playground has"))
        XCTAssertTrue(error("extension Date {\n    var twice: Int { 2 }\n}").contains(
            "the playground extends the classes, structs, enums and protocols declared in this session"))
        XCTAssertTrue(error("override func draw() {\n    print(1)\n}").contains(
            "`override` belongs to a method of a subclass"))
        XCTAssertTrue(error("@Published var count = 0").contains("`@Published` is a property of a class"))
        XCTAssertTrue(error("@main\nstruct App2 {\n}").contains("`@main` marks an app's entry point"))
        XCTAssertTrue(error("init(value: Int)").contains("an `init` belongs inside a type"))
        XCTAssertTrue(error("var count = 0 {\n  didSet { print(count) }\n}").contains(
            "a top-level variable with `didSet` or `willSet` is not part of the playground"))
        XCTAssertEqual(errors("class Box: ObservableObject { @Published var count = 0 }"), [],
            "`@Published` in a class is the playground's own")
    }

    func testANameNotDeclaredSaysSoInSwiftsWords() {
        XCTAssertTrue(error("let window = app.windows.first").hasPrefix(
            "error: cannot find `app` in scope: nothing of that name is declared in this session"))
    }
}

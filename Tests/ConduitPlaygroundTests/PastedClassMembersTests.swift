import XCTest

@testable import ConduitPlayground

/// Members of classes as tutorials write them: a `Timer.publish` made in a method, `lazy var`, a
/// `deinit`, and Swift's number constants (`Double.pi`, `Int.max`).
final class PastedClassMembersTests: SessionTestCase {
    func testATimerMadeInAMethodTicksOnTheSessionsClock() {
        type("""
            class Clock {
                @Published var ticks = 0
                var cancellable: AnyCancellable?
                lazy var label = "clock"
                func start() {
                    cancellable = Timer.publish(every: 1, on: .main, in: .common)
                        .autoconnect()
                        .sink { [weak self] _ in self?.ticks += 1 }
                }
                deinit { print("bye") }
            }
            """)
        let declared = type("class Clock2 { lazy var label = \"x\"; deinit { print(\"bye\") } }").joined()
        XCTAssertTrue(declared.contains("class Clock2: label"), declared)
        XCTAssertFalse(declared.contains("deinit"), "a deinit is no property: \(declared)")
        type("let clock = Clock()")
        type("clock.start()")
        type("tick 3s")
        XCTAssertEqual(printed("print(clock.ticks, clock.label)"), ["3 clock"])
        type("clock.cancellable?.cancel()")
        type("tick 2s")
        XCTAssertEqual(printed("print(clock.ticks)"), ["3"], "cancelled, the timer's values stop")
    }

    func testAssignOnSelfInAnInitialiser() {
        type("""
            final class Filter: ObservableObject {
                @Published var items = ["apple", "banana", "cherry"]
                @Published var text = ""
                @Published private(set) var visible: [String] = []
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $items
                        .combineLatest($text)
                        .map { items, text in text.isEmpty ? items : items.filter { $0.contains(text) } }
                        .assign(to: \\.visible, on: self)
                        .store(in: &self.cancellables)
                }
            }
            """)
        type("let filter = Filter()")
        XCTAssertEqual(printed("print(filter.visible)"), ["[\"apple\", \"banana\", \"cherry\"]"])
        type("filter.text = \"an\"")
        XCTAssertEqual(printed("print(filter.visible)"), ["[\"banana\"]"])
    }

    func testSwiftsNumberConstants() {
        XCTAssertEqual(printed("print(Double.pi, Int.max, Int.min)"),
            ["3.141592653589793 9223372036854775807 -9223372036854775808"])
        type("let r = 2.0")
        XCTAssertEqual(printed("print(Double.pi * r * r)"), ["12.566370614359172"])
        XCTAssertTrue(error("print(Double.tau)").contains("Double"))
    }
}

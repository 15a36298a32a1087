import Conduit
import NameClashFixture
import XCTest

/// A file that imports `Conduit` and a library declaring `VirtualTimeScheduler`, `Binding` and
/// `Instrumentation` (names Combine does not have) compiles, each name meaning the library's:
/// were `Conduit` to export one of them, this file would fail with "ambiguous for type lookup".
final class NameClashTests: XCTestCase {
    func testNamesCombineLacksAreTheOtherLibrarys() {
        let scheduler = VirtualTimeScheduler()
        scheduler.advance(by: 3)
        let binding = Binding(5)
        XCTAssertEqual(scheduler.now, 3)
        XCTAssertEqual(binding.value, 5)
        XCTAssertEqual(Instrumentation.name, "fixture")
        XCTAssertEqual(String(reflecting: VirtualTimeScheduler.self), "NameClashFixture.VirtualTimeScheduler")
        XCTAssertEqual(String(reflecting: Binding<Int>.self), "NameClashFixture.Binding<Swift.Int>")
    }

    func testConduitsNamesWorkBesideThem() {
        var received: [Int] = []
        let cancellable = Just(1).map { $0 + 1 }.sink { received.append($0) }
        XCTAssertEqual(received, [2])
        cancellable.cancel()
    }
}

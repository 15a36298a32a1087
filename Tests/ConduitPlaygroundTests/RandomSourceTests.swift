import XCTest
@testable import ConduitPlayground

/// `conduit --seed N`: random values repeat from run to run.
final class RandomSourceTests: SessionTestCase {
    override func tearDown() {
        RandomSource.seed(nil)
        super.tearDown()
    }

    private func draw() -> [String] {
        values("print(Int.random(in: 1...1000000), (1...8).shuffled(), Bool.random(), "
            + "[\"a\", \"b\", \"c\"].randomElement()!)")
    }

    func testTheSameSeedGivesTheSameValuesInAFreshSession() {
        RandomSource.seed(42)
        let first = draw()
        RandomSource.seed(42)
        session = Session()
        XCTAssertEqual(draw(), first)
        RandomSource.seed(43)
        XCTAssertNotEqual(draw(), first, "another seed, another sequence")
    }

    func testWithoutASeedTheSystemsGeneratorServes() {
        RandomSource.seed(nil)
        // Eight numbers out of a million each: the same twice in a row would be a broken generator.
        XCTAssertNotEqual(draw(), draw())
    }

    func testIntRandomReadsItsRangesBoundsAndIsTypedInt() {
        RandomSource.seed(1)
        XCTAssertEqual(values("print(Int.random(in: 5...5), Int.random(in: 0..<1))"), ["5 0"])
        XCTAssertTrue(error("print(Int.random(in: 5..<5))").contains("not empty"))
        XCTAssertTrue(type("let roll = Int.random(in: 1...6)").first?.hasPrefix("roll: Int = ") == true)
    }
}

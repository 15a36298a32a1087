import XCTest
@testable import ConduitPlayground

/// The playground's `Binding` (SwiftUI's, which the engine does not export).
final class BindingTests: XCTestCase {
    struct Card {
        var name: String
        var rank: Int
    }

    func testBindingReadsAndWritesTheOwner() {
        var card = Card(name: "ace", rank: 1)
        let binding = Binding(get: { card }, set: { card = $0 })
        binding.wrappedValue.rank = 14
        XCTAssertEqual(card.rank, 14)
        let name = binding.name
        name.wrappedValue = "king"
        XCTAssertEqual(card.name, "king")
        XCTAssertEqual(Binding.constant(3).wrappedValue, 3)
    }
}

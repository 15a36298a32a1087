import Conduit
import XCTest

final class CombineIdentifierTests: XCTestCase {
    func testAnObjectsIdentifierIsItsAddress() {
        final class Thing {}
        let first = Thing()
        let second = Thing()
        XCTAssertEqual(CombineIdentifier(first), CombineIdentifier(first))
        XCTAssertNotEqual(CombineIdentifier(first), CombineIdentifier(second))
        XCTAssertEqual(
            CombineIdentifier(first).description,
            "0x" + String(UInt(bitPattern: ObjectIdentifier(first)), radix: 16)
        )
    }
}

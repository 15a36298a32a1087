#if Postgres
import ConduitPostgres
import XCTest

/// Reading a PostgreSQL URL: the parts, the defaults, and a password that is never shown.
final class PostgresAddressTests: XCTestCase {
    func testPartsOfAFullAddress() throws {
        let address = try PostgresAddress("postgres://ann:pa%40ss@db.example:6543/workshop", environment: [:])
        XCTAssertEqual(address.host, "db.example")
        XCTAssertEqual(address.port, 6543)
        XCTAssertEqual(address.user, "ann")
        XCTAssertEqual(address.database, "workshop")
        XCTAssertEqual(address.description, "postgres://ann@db.example:6543/workshop")
    }

    func testDefaultsComeFromTheEnvironmentAndThePasswordIsNeverShown() throws {
        let address = try PostgresAddress(
            "postgresql://localhost", environment: ["USER": "bob", "PGPASSWORD": "hidden"])
        XCTAssertEqual(address.port, 5432)
        XCTAssertEqual(address.user, "bob")
        XCTAssertEqual(address.database, "bob")
        XCTAssertFalse(address.description.contains("hidden"))
        XCTAssertFalse("\(address)".contains("hidden"))
        XCTAssertFalse(String(reflecting: address).contains("hidden"))
    }

    func testSocketDirectory() throws {
        let address = try PostgresAddress("postgres:///shop?host=/run/postgresql", environment: ["USER": "c"])
        XCTAssertEqual(address.socketDirectory, "/run/postgresql")
        XCTAssertEqual(address.description, "postgres://c@/shop?host=/run/postgresql")
    }

    func testBadAddressesSayWhatIsWrongWithoutThePassword() {
        for (url, expected) in [
            ("localhost/db", "does not start with postgres://"),
            ("postgres://u:secret@:5432/db", "no host"),
            ("postgres://u:secret@h:99999/db", "port 99999 is out of range"),
        ] {
            XCTAssertThrowsError(try PostgresAddress(url, environment: [:])) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertFalse("\(error)".contains("secret"), "\(error)")
            }
        }
    }
}
#endif

import XCTest
@testable import ConduitPlayground

/// Foundation's `Data`, `JSONDecoder` and `JSONEncoder` as workshop code fakes a service with them:
/// decoded into the struct the program declares, with Swift's errors, and encoded as Swift writes it.
final class JSONCodingTests: SessionTestCase {
    private let post = """
        struct Post: Codable {
            let id: Int
            let title: String
            var tags: [String]?
        }
        """

    func testDataPrintsAsSwiftsAndRoundTripsText() {
        type(post)
        XCTAssertEqual(type("let data = Data(\"héllo\".utf8)"), ["data: Data = 6 bytes"])
        XCTAssertEqual(valueLines("print(data.count, data.isEmpty, Data().count)"), ["6 false 0"])
        XCTAssertEqual(type("let maybe = \"abc\".data(using: .utf8)"), ["maybe: Data? = 3 bytes"])
        XCTAssertEqual(valueLines("print(maybe)"), ["Optional(3 bytes)"])
        XCTAssertEqual(valueLines("print(String(data: data, encoding: .utf8))"), ["Optional(\"héllo\")"])
        XCTAssertEqual(valueLines("print(String(decoding: data, as: UTF8.self))"), ["héllo"])
        XCTAssertEqual(type("let text = String(data: data, encoding: .utf8)"), ["text: String? = \"héllo\""])
    }

    func testDecodesIntoTheDeclaredStruct() {
        type(post)
        type(#"let json = "[{\"id\": 1, \"title\": \"Hello\"}, {\"id\": 2, \"title\": \"World\", \"tags\": [\"x\"]}]""#)
        XCTAssertEqual(
            type("let posts = try JSONDecoder().decode([Post].self, from: json.data(using: .utf8)!)"),
            [#"posts: [Post] = [Post(id: 1, title: "Hello", tags: nil), "#
                + #"Post(id: 2, title: "World", tags: Optional(["x"]))]"#])
        XCTAssertEqual(valueLines("print(posts.map { $0.title }, posts[1].tags?.count ?? 0)"),
            [#"["Hello", "World"] 1"#])
        // A decoder kept in a name, and an integer read where a Double is declared.
        type("struct Reading: Codable { let celsius: Double }")
        type("let decoder = JSONDecoder()")
        XCTAssertEqual(valueLines(#"print(try decoder.decode(Reading.self, from: Data("{\"celsius\": 21}".utf8)))"#),
            ["Reading(celsius: 21.0)"])
    }

    func testEnumsWithRawValuesAndNestedStructsDecode() {
        type("enum Kind: String, Codable { case news, blog }")
        type("struct Entry: Codable { let kind: Kind; let score: Double }")
        type("struct Feed: Codable { let entries: [Entry] }")
        let json = #"Data("{\"entries\": [{\"kind\": \"blog\", \"score\": 3}]}".utf8)"#
        XCTAssertEqual(valueLines("print(try JSONDecoder().decode(Feed.self, from: \(json)).entries[0])"),
            ["Entry(kind: Kind.blog, score: 3.0)"])
        let wrong = #"Data("{\"kind\": \"video\", \"score\": 1}".utf8)"#
        XCTAssertEqual(
            valueLines("do { _ = try JSONDecoder().decode(Entry.self, from: \(wrong)) } catch { print(error) }"),
            ["DecodingError.dataCorrupted: Data was corrupted. Path: kind. Debug description: Cannot initialize Kind "
                + "from invalid String value video"])
    }

    /// Each error prints as Swift's `DecodingError` does on Linux (checked against swiftc's output).
    func testDecodingErrorsAreSwiftsAndCanBeCaught() {
        type(post)
        func failure(_ json: String, as type: String = "[Post]") -> [String] {
            valueLines("do { _ = try JSONDecoder().decode(\(type).self, from: Data(\"\(json)\".utf8)) } "
                + "catch { print(error) }")
        }
        XCTAssertEqual(failure(#"[{\"id\": 1, \"title\": \"a\"}, {\"id\": 2}]"#), [
            "DecodingError.keyNotFound: Key 'title' not found in keyed decoding container. Path: [1]. Debug "
                + "description: No value associated with key CodingKeys(stringValue: \"title\", intValue: nil) "
                + "(\"title\").",
        ])
        XCTAssertEqual(failure(#"[{\"id\": \"7\", \"title\": \"a\"}]"#), [
            "DecodingError.typeMismatch: expected value of type Int. Path: [0].id. Debug description: Expected to "
                + "decode Int but found a string instead.",
        ])
        XCTAssertEqual(failure(#"{\"id\": null, \"title\": \"a\"}"#, as: "Post"), [
            "DecodingError.valueNotFound: Expected value of type Int but found null instead. Path: id. Debug "
                + "description: Cannot get value of type Int -- found null value instead",
        ])
        XCTAssertEqual(failure("nope"), [
            "DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.",
        ])
        XCTAssertEqual(valueLines(#"print(try? JSONDecoder().decode(Post.self, from: Data("[]".utf8)))"#), ["nil"])
        // Uncaught, it stops the statement with the same words, and the session keeps its names.
        XCTAssertTrue(error(#"let p = try JSONDecoder().decode(Post.self, from: Data("{}".utf8))"#)
            .contains("Key 'id' not found"))
        XCTAssertEqual(valueLines("print(Post(id: 1, title: \"x\").id)"), ["1"])
    }

    func testEncodesAsSwiftWritesTheStruct() {
        type(post)
        type("let first = Post(id: 3, title: \"a/b\")")
        // Keys in the order the struct declares them; a nil property is left out, as `encodeIfPresent` does.
        XCTAssertEqual(valueLines("print(String(data: try JSONEncoder().encode(first), encoding: .utf8)!)"),
            [#"{"id":3,"title":"a\/b"}"#])
        type("let encoder = JSONEncoder()")
        type("encoder.outputFormatting = [.prettyPrinted, .sortedKeys]")
        XCTAssertEqual(valueLines("print(String(decoding: try encoder.encode([first]), as: UTF8.self))"), [
            "[", "  {", "    \"id\" : 3,", "    \"title\" : \"a\\/b\"", "  }", "]",
        ])
        type("struct Profile: Codable { let userName: String; let isAdmin: Bool }")
        type("let snake = JSONEncoder()")
        type("snake.keyEncodingStrategy = .convertToSnakeCase")
        XCTAssertEqual(
            valueLines("print(String(data: try snake.encode(Profile(userName: \"ann\", isAdmin: true)), "
                + "encoding: .utf8)!)"),
            [#"{"user_name":"ann","is_admin":true}"#])
        type("let reader = JSONDecoder()")
        type("reader.keyDecodingStrategy = .convertFromSnakeCase")
        let snakeJSON = #"Data("{\"user_name\": \"bo\", \"is_admin\": false}".utf8)"#
        XCTAssertEqual(valueLines("print(try reader.decode(Profile.self, from: \(snakeJSON)))"),
            [#"Profile(userName: "bo", isAdmin: false)"#])
    }

    func testTheDecodeOperatorReadsDataIntoTheType() {
        type(post)
        type("let feed = PassthroughSubject<Data, Never>()")
        type("""
            let c = feed
                .decode(type: Post.self, decoder: JSONDecoder())
                .map(\\.title)
                .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
            """)
        XCTAssertEqual(valueLines(#"feed.send(Data("{\"id\": 1, \"title\": \"Hi\"}".utf8))"#), ["Hi"])
        XCTAssertEqual(valueLines(#"feed.send(Data("{\"id\": 2}".utf8))"#), [
            "failure(DecodingError.keyNotFound: Key 'title' not found in keyed decoding container. Debug description: "
                + "No value associated with key CodingKeys(stringValue: \"title\", intValue: nil) (\"title\").)",
        ])
    }

    /// Each misuse is one message saying what would be right, and the names stay as they were.
    func testMisusesAreRefusedWithWhatWouldBeRight() {
        type("let d = Data(\"x\".utf8)")
        XCTAssertTrue(error("let a = try JSONDecoder().decode(5, from: d)").contains("`decode(Post.self, from: data)`"))
        XCTAssertTrue(error("let b = Data(5)").contains("write `Data(text.utf8)`"))
        XCTAssertTrue(error("let c = \"x\".data(using: .ascii)").contains("UTF-8 only"))
        XCTAssertTrue(error("let e = String(data: 5, encoding: .utf8)").contains("takes Data, not integer 5"))
        XCTAssertTrue(error("let f = JSONEncoder(5)").contains("takes no arguments"))
        XCTAssertEqual(valueLines("print(d.count)"), ["1"])
        XCTAssertTrue(error("print(a)").contains("a"))
    }
}

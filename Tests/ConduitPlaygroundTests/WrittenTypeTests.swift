import XCTest

@testable import ConduitPlayground

/// Types the user wrote (`[String: Int]`, `Result<[Int], Error>`, `(Int) -> String`) are split into
/// their parts by Swift's parser (`WrittenType`), not by counting brackets.
final class WrittenTypeTests: SessionTestCase {
    func testCollectionsOptionalsAndTuplesHaveTheirParts() {
        XCTAssertEqual(ValueType(written: "[String: [Int]]"), .dictionary(key: .string, value: .array(.int)))
        XCTAssertEqual(ValueType(written: " [Song]? "), .optional(.array(.named("Song"))))
        XCTAssertEqual(ValueType(written: "Dictionary<String, Set<Int>>"), .dictionary(key: .string, value: .set(.int)))
        XCTAssertEqual(ValueType(written: "ClosedRange<Int>"), .range(.int, closed: true))
        XCTAssertEqual(ValueType(written: "(offset: Int, element: String)"),
            .tuple([.int, .string], labels: ["offset", "element"]))
        XCTAssertEqual(ValueType(written: "(Int, String)"), .tuple([.int, .string], labels: []))
        XCTAssertEqual(ValueType(written: "()"), .void)
        XCTAssertEqual(ValueType(written: "Result<[Int], Error>"), .named("Result<[Int], Error>"))
        XCTAssertEqual(ValueType.genericArguments(of: "<[Int], Error>"), ["[Int]", "Error"])
    }

    func testAClosureTypeIsOneTypeEvenWithItsArrow() {
        // The `>` of `->` closed a bracket the scan never opened, and `?` after the result made it optional.
        XCTAssertEqual(ValueType(written: "(Int) -> String?"), .named("(Int) -> String?"))
        XCTAssertEqual(SubjectEntry.declared("(Int) -> String, Never")?.output, "(Int) -> String")
        XCTAssertEqual(SubjectEntry.declared("(Int) -> String, Never")?.failure, "Never")
    }

    func testSubjectTypesAreTheOutputAndTheFailure() {
        XCTAssertEqual(SubjectEntry.declared("[String: Int], Never")?.output, "[String: Int]")
        XCTAssertEqual(SubjectEntry.declared("Result<[Int], Error>, MyError")?.failure, "MyError")
        XCTAssertNil(SubjectEntry.declared("Int"), "one type is not an Output and a Failure")
        XCTAssertNil(SubjectEntry.declared("Int, Never, Bool"))
        XCTAssertNil(SubjectEntry.declared("[Int, Never"), "Swift reads no type there")
        type("let s = PassthroughSubject<[String: Int], Never>()")
        let lines = type("types s")
        XCTAssertTrue(lines.contains { $0.contains("PassthroughSubject") && $0.contains("[String: Int]") }, "\(lines)")
        type("sink k = s")
        XCTAssertEqual(values("s.send([\"a\": 1])").map { $0.prefix(6) }, ["k ← [\""])
    }

    func testAWrongTypeIsANamedTypeNotACrash() {
        XCTAssertEqual(ValueType(written: "[Int"), .named("[Int"))
        XCTAssertEqual(ValueType(written: ""), .value)
        let message = error("let s = PassthroughSubject<[Int, Never>()")
        XCTAssertTrue(message.contains("`[` is never closed"), message)
    }

    func testDeeplyNestedTypesNeitherCrashNorHang() {
        let start = Date()
        for (open, close) in [("[", "]"), ("<", ">"), ("(", ")"), ("Array<", ">")] {
            let text = String(repeating: open, count: 5_000) + "Int" + String(repeating: close, count: 5_000)
            XCTAssertEqual(ValueType(written: text), .named(text))
            XCTAssertNil(SubjectEntry.declared(text + ", Never"))
            XCTAssertEqual(ValueType.genericArguments(of: "<" + text + ">"), [])
        }
        let optionals = "Int" + String(repeating: "?", count: 5_000)
        XCTAssertEqual(ValueType(written: optionals), .named(optionals), "deeper than any real type: not read")
        XCTAssertEqual(ValueType(written: "Int??"), .optional(.optional(.int)))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10 * sanitizerSlowdown)
    }

    func testATypeReadAgainIsNotParsedAgain() {
        // Parsing takes about 0.3 ms in a debug build, and the same few texts are read again and again.
        XCTAssertNil(WrittenType.known(" Double"))
        XCTAssertEqual(ValueType(written: " Double"), .double)
        XCTAssertEqual(WrittenType.known(" Double"), .double, "remembered")
        XCTAssertEqual(ValueType(written: " Double"), .double)
        // A type with parts is read again each time: kept for the process's life, its boxes would read as leaks.
        XCTAssertEqual(ValueType(written: "[String: Double?]"), .dictionary(key: .string, value: .optional(.double)))
        XCTAssertNil(WrittenType.known("[String: Double?]"))
    }
}

/// A generic type's name and arguments, and the type a declaration names, as Swift's tree reads them.
final class WrittenTypeNameTests: SessionTestCase {
    func testAGenericTypesNameAndArgumentsAreSwifts() {
        XCTAssertEqual(WrittenType("Result<Int, LoadError>").generic?.name, "Result")
        XCTAssertEqual(WrittenType("Result<[Int], Error>").generic?.arguments, ["[Int]", "Error"])
        XCTAssertEqual(WrittenType("Swift.Result<Int, E>").generic?.name, "Swift.Result")
        XCTAssertEqual(WrittenType("Publishers.Sequence<[Int], Never>").generic?.name, "Publishers.Sequence")
        XCTAssertEqual(
            WrittenType("AnyPublisher<(Int) -> String, Never>").generic?.arguments, ["(Int) -> String", "Never"])
        XCTAssertNil(WrittenType("Int").generic)
        XCTAssertNil(WrittenType("[Int]").generic)
        XCTAssertNil(WrittenType("Just<Int").generic)
        XCTAssertNil(WrittenType(String(repeating: "Array<", count: 3_000) + "Int").generic)
    }

    func testTheTypeADeclarationNamesIsSwifts() {
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "final class Player: ObservableObject {\n}"), "Player")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "struct Song { let title: String }"), "Song")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "enum LoadError: Error { case offline }"), "LoadError")
        XCTAssertEqual(FailedDeclarations.declaredTypeName(in: "class Broken { func f() { #selector(f) } }"), "Broken")
        for text in ["send s 1", "s.send(1)", "let x = 1", "print(\"class X\")", "class {", "func f() {}"] {
            XCTAssertNil(FailedDeclarations.declaredTypeName(in: text), text)
        }
    }

    func testALineUsingATypeWhoseDeclarationFailedSaysSo() {
        XCTAssertFalse(error("final class Model { func f( }").isEmpty)
        XCTAssertTrue(error("let m = Model()").contains("its declaration (line"), error("let m = Model()"))
    }
}

import XCTest

@testable import ConduitPlayground

/// A `let` or `var` may be named like one of the playground's source words (`var empty: [Int] = []`, as
/// Swift code from slides names things): the session's later lines read that variable (`print(empty)`,
/// `empty.append(1)`, `empty = [2]`), and the word starts its source where no such variable exists; a
/// command word alone reads the variable named like it too (`current`) (Parser.variableWords).
final class SourceWordVariableTests: SessionTestCase {
    func testAVariableNamedEmptyIsDeclaredReadAndChanged() {
        type("var empty: [Int] = []")
        type("empty.append(1)")
        XCTAssertEqual(valueLines("print(empty)"), ["[1]"])
        type("empty = [2, 3]")
        XCTAssertEqual(valueLines("print(empty, empty.count)"), ["[2, 3] 2"])
        XCTAssertEqual(valueLines("print(\"\\(empty.isEmpty)\")"), ["false"])
    }

    func testVariablesNamedJustAndFailAreRead() {
        type("let just = 3")
        type("var fail = false")
        type("fail = just > 2")
        XCTAssertEqual(valueLines("print(just + 1, fail)"), ["4 true"])
    }

    func testTheSourceWordsStillStartSourcesWithoutSuchAVariable() {
        XCTAssertEqual(
            valueLines("let c = empty.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })"),
            ["finished"])
        XCTAssertEqual(valueLines("let d = just(5).sink { print($0) }"), ["5"])
    }

    func testACommandWordAloneReadsTheSessionsVariableOfThatName() {
        XCTAssertTrue(error("current").contains("`current` needs a name"), "the command, with no variable")
        type("var current = 1")
        type("current += 1")
        XCTAssertEqual(valueLines("current"), ["2"])
    }
}

import XCTest
@testable import ConduitPlayground

/// A `var` array or string changed by a mutating method grows in place, as Swift's do (copy on
/// write): its storage is reallocated only when it runs out of room, not copied at every call. The
/// storage's address is what tells: a copy is made while the old storage is still alive, so every
/// copied append would move it.
final class InPlaceMutationTests: SessionTestCase {
    /// The address of the storage of the array the `var` `name` holds.
    private func storage(of name: String) -> UInt? {
        guard case .value(let named)? = session.interpreter.entries[name], case .array(let items) = named.value else {
            return nil
        }
        return items.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }

    /// How many times the storage of `name` moved while `step` ran `count` times.
    private func moves(of name: String, over count: Int, _ step: (Int) -> Void) -> Int {
        var moves = 0
        var last = storage(of: name)
        for index in 0..<count {
            step(index)
            let now = storage(of: name)
            if now != last { moves += 1 }
            last = now
        }
        return moves
    }

    func testAppendOnALineOfItsOwnGrowsTheArrayInPlace() {
        type("var big = [0]")
        let moved = moves(of: "big", over: 300) { type("big.append(\($0 + 1))") }
        XCTAssertLessThan(moved, 30, "300 appends reallocate only as the capacity doubles, not at each append")
        XCTAssertEqual(type("big.count"), ["301"])
        XCTAssertEqual(type("big.last"), ["300"])
    }

    func testAppendInAClosureGrowsTheVariableInPlace() {
        type("var received: [Int] = [0]")
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept1 = s.sink { received.append($0) }")
        let moved = moves(of: "received", over: 300) { _ = session.evaluate("s.send(\($0))") }
        XCTAssertLessThan(moved, 30)
        XCTAssertEqual(type("received.count"), ["301"])
    }

    func testALoopOfAppendsKeepsEveryValueInOrder() {
        type("var big: [Int] = []")
        type("for i in 0..<20000 { big.append(i) }")
        XCTAssertEqual(type("big.count"), ["20000"])
        XCTAssertEqual(type("big.reduce(0, +)"), ["\((0..<20_000).reduce(0, +))"])
        XCTAssertEqual(type("big[19999]"), ["19999"])
    }

    func testOtherMutatingMethodsChangeInPlaceAndRefuseAsBefore() {
        type("var xs = [3, 1, 2]")
        type("xs.insert(9, at: 1)")
        type("xs.remove(at: 0)")
        type("xs.append(contentsOf: [7, 8])")
        type("xs.removeLast()")
        type("xs.sort()")
        XCTAssertEqual(type("xs"), ["[1, 2, 7, 9]"])
        type("xs.reverse()")
        type("xs.removeFirst(2)")
        XCTAssertEqual(type("xs"), ["[2, 1]"])
        XCTAssertTrue(error("xs.remove(at: 5)").contains("index 5 is out of range for [2, 1] (2 elements)"))
        XCTAssertTrue(error("xs.insert(0, at: -1)").contains("cannot insert at -1: the array has 2 elements"))
        XCTAssertTrue(error("xs.removeLast(3)").contains("cannot removeLast(3): the array has 2 elements"))
        XCTAssertEqual(type("xs"), ["[2, 1]"], "a refused call leaves the variable as it was")
        type("var s = \"a\"")
        type("s.append(\"bc\")")
        XCTAssertTrue(error("s.append(1)").contains(
            "cannot convert value of type 'Int' to expected argument type 'String'"))
        XCTAssertEqual(type("s"), ["\"abc\""])
        type("var d = [\"a\": 1, \"b\": 2]")
        type("d.removeValue(forKey: \"a\")")
        XCTAssertEqual(type("d"), ["[\"b\": 2]"])
    }

    func testAValueThatNestsStillGoesByACheckedCopy() {
        type("var rows = [[0]]")
        type("rows.append([1, 2])")
        XCTAssertEqual(type("rows"), ["[[0], [1, 2]]"])
        type("var copy = rows")
        type("rows.append([3])")
        XCTAssertEqual(type("copy"), ["[[0], [1, 2]]"], "`var copy = rows` copied: changing rows leaves copy as it was")
        type("class Ticker: ObservableObject {\n    var ticks = 0\n    func next() -> Int {\n        ticks += 1\n"
            + "        return ticks\n    }\n}")
        type("let ticker = Ticker()")
        type("rows.append([ticker.next()])")
        XCTAssertEqual(type("ticker.ticks"), ["1"], "the argument was evaluated once")
        XCTAssertEqual(type("rows.last"), ["[1]"])
        type("var flat = [1]")
        type("var other = flat")
        type("flat.append(2)")
        XCTAssertEqual(type("other"), ["[1]"], "an in-place append copies storage that another name shares")
        XCTAssertEqual(type("flat"), ["[1, 2]"])
    }

    func testSettingAnElementChangesTheArrayInPlace() {
        type("var xs = [0, 0, 0, 0]")
        let moved = moves(of: "xs", over: 200) { type("xs[\($0 % 4)] = \($0)") }
        XCTAssertEqual(moved, 0, "setting an element never copies an array only `xs` holds")
        XCTAssertEqual(type("xs"), ["[196, 197, 198, 199]"])
        XCTAssertTrue(error("xs[4] = 1").contains("index 4 is out of range for [196, 197, 198, 199] (4 elements)"))
        XCTAssertTrue(error("xs[0] = \"a\"").contains("cannot assign value of type 'String' to type 'Int'"))
        XCTAssertTrue(error("xs[1] = [1]").contains("cannot assign value of type"),
            "a nested value goes by the copy, which checks it the same way")
        type("var d = [\"a\": 1]")
        type("d[\"b\"] = 2")
        type("d[\"a\"] = nil")
        XCTAssertEqual(type("d"), ["[\"b\": 2]"])
    }

    func testPlusEqualsInAClosureGrowsAStringOrArrayInPlace() {
        type("var received: [Int] = [0]")
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept2 = s.sink { received += [$0] }")
        let moved = moves(of: "received", over: 300) { _ = session.evaluate("s.send(\($0))") }
        XCTAssertLessThan(moved, 30, "`received += [x]` appends in place, as `append` does")
        XCTAssertEqual(type("received.count"), ["301"])
        type("var text = \"\"")
        type("for i in 0..<3000 { text += \"ab\" }")
        XCTAssertEqual(type("text.count"), ["6000"])
        type("var n = 1")
        type("for i in 0..<4 { n += i }")
        XCTAssertEqual(type("n"), ["7"], "a number is added as `+` adds it")
        type("var rows = [[0]]")
        type("for i in 1..<3 { rows += [[i]] }")
        XCTAssertEqual(type("rows"), ["[[0], [1], [2]]"], "a nested value goes by the checked copy")
    }
}

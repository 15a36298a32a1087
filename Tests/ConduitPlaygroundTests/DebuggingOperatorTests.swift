import XCTest
@testable import ConduitPlayground

/// `handleEvents`, `breakpoint` and `breakpointOnError`: what they print, and that they pass
/// everything on.
final class DebuggingOperatorTests: SessionTestCase {
    func testHandleEventsWithoutClosuresPrintsEveryEventInOrder() {
        type("subject n")
        XCTAssertEqual(type("sink out = n.handleEvents() demand 2"), [
            "handleEvents receiveSubscription", "handleEvents receiveRequest: 2",
        ])
        XCTAssertEqual(type("send n 1"), ["handleEvents receiveOutput: 1", "out ← 1"])
        XCTAssertEqual(type("request out 1"), ["handleEvents receiveRequest: 1"])
        XCTAssertEqual(type("cancel out"), ["handleEvents receiveCancel", "out cancelled"])
        type("sink done = n.handleEvents()")
        XCTAssertEqual(type("complete n"), ["handleEvents receiveCompletion: finished", "done ✓ finished"])
    }

    func testHandleEventsGivesItsCompletionClosureSwiftsCompletion() {
        type("enum LoadError: Error { case offline }")
        type("let s = PassthroughSubject<Int, LoadError>()")
        type(
            "let c = s.handleEvents(receiveCompletion: { completion in print(\"done\", completion); "
                + "if case .failure(let error) = completion { print(\"because\", error) } })"
                + ".sink(receiveCompletion: { _ in }, receiveValue: { _ in })")
        XCTAssertEqual(valueLines("s.send(completion: .failure(.offline))"),
            ["done failure(LoadError.offline)", "because offline"])
    }

    func testHandleEventsPrintsWhatItsClosuresGive() {
        type("subject n")
        type(
            "sink out = n.handleEvents(receiveOutput: { $0 > 1 ? \"big \" + string($0) : nil }, receiveCompletion: "
                + "{ \"ended: \" + $0 })")
        XCTAssertEqual(type("send n 1; send n 2"), ["out ← 1", "big 2", "out ← 2"])
        XCTAssertEqual(type("fail n \"x\""), ["ended: failure(x)", "out ✗ failed: x"])
        XCTAssertTrue(error("let y = n.handleEvents(receiveOutputs: { $0 })").contains(
            "did you mean `receiveOutput:`?"))
        XCTAssertTrue(error("let y = n.handleEvents(receiveCancel: { $0 })").contains("no arguments"))
    }

    func testBreakpointSaysWhereAProgramWouldStopAndGoesOn() {
        type("subject n")
        type("sink out = n.breakpoint(receiveOutput: { $0 > 3 })")
        XCTAssertEqual(type("send n 1"), ["out ← 1"])
        XCTAssertEqual(type("send n 5"), [
            "breakpoint: a Swift program would stop in the debugger here (receiveOutput: 5); the playground goes on",
                "out ← 5",
        ])
        XCTAssertTrue(error("let y = n.breakpoint()").contains("needs at least one closure"))
    }

    func testBreakpointOnErrorSaysWhereAProgramWouldStop() {
        type("subject n")
        type("sink out = n.breakpointOnError()")
        XCTAssertEqual(type("complete n"), ["out ✓ finished"])
        type("subject m")
        type("sink bad = m.breakpointOnError()")
        XCTAssertEqual(type("fail m \"boom\""), [
            "breakpointOnError: a Swift program would stop in the debugger here (failure: boom); the playground "
                + "goes on", "bad ✗ failed: boom",
        ])
    }

    func testAFailingHandlerClosureIsReportedAndTheValuePassesOn() {
        type("subject n")
        type("sink out = n.handleEvents(receiveOutput: { $0.name }).breakpoint(receiveOutput: { 1 / $0 > 0 })")
        XCTAssertEqual(type("send n 0"), [
            "handleEvents receiveOutput: the closure failed: integer 0 has no member `name`",
            "breakpoint receiveOutput: the closure failed: division by zero: 1 / 0",
            "out ← 0",
        ])
    }
}

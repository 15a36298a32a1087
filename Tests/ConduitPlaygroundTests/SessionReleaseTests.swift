import Conduit
import XCTest
@testable import ConduitPlayground

/// A session that is let go frees everything it made, even with actions still waiting on its
/// virtual clock (found by the fuzzer's leak check: a `delay` or `debounce` pending when the
/// session ended kept its pipeline and the clock alive in a cycle).
final class SessionReleaseTests: XCTestCase {
    private func schedulerLeftBehind(after lines: [String]) -> SessionScheduler? {
        weak var scheduler: SessionScheduler?
        do {
            let session = Session()
            for line in lines {
                XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
            }
            XCTAssertGreaterThan(session.interpreter.scheduler.virtual.pendingActionCount, 0, "an action is waiting")
            scheduler = session.interpreter.scheduler
        }
        return scheduler
    }

    func testASessionWithADelayedValueWaitingFreesItsClock() {
        XCTAssertNil(schedulerLeftBehind(after: ["subject taps", "sink late = taps.delay(for: 300ms)", "send taps 1"]))
    }

    func testASessionWithADebounceWaitingFreesItsClock() {
        XCTAssertNil(schedulerLeftBehind(after: [
            "subject taps", "sink quiet = taps.debounce(for: 0.3, scheduler: DispatchQueue.main)", "send taps 1",
        ]))
    }

    func testASessionWithAFlatMappedDelayWaitingFreesItsClock() {
        XCTAssertNil(schedulerLeftBehind(after: [
            "subject taps", "func search(term) = Just([term]).delay(for: 300ms)",
            "sink results = taps.flatMap { search($0) }", "send taps \"ace\"",
        ]))
    }

    /// The first subscription to subject `q` after `lines`, watched weakly once the session has
    /// ended (or, with `reset`, once it has been reset).
    private func subscriptionLeftBehind(after lines: [String], reset: Bool = false) -> DemandLedger? {
        weak var ledger: DemandLedger?
        let session = Session()
        do {
            for line in lines {
                XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
            }
            XCTAssertEqual(session.interpreter.subjectLedgers.live(of: "q").count, 1, "one subscription to q is open")
            ledger = session.interpreter.subjectLedgers.live(of: "q").first
            if reset { _ = session.evaluate("reset") }
        }
        if reset { return ledger }
        _ = consume session
        return ledger
    }

    // Found by the fuzzer's leak check (Tests/fuzz-findings/script/leak-flatmap-child-failed.conduit):
    // FlatMap lets go of its upstream without cancelling it when a child fails, as Combine's does, so
    // the subject kept the playground's link, which held its subscription to the subject: a cycle.
    private let flatMapWhoseChildFails = [
        "subject q", "sink s = q.flatMap { Fail(error: \"offline\") }", "send q 1",
    ]

    func testASessionWhoseFlatMapChildFailedFreesTheSubscriptionFlatMapLetGoOf() {
        XCTAssertNil(subscriptionLeftBehind(after: flatMapWhoseChildFails))
    }

    func testResetFreesTheSubscriptionAFailedFlatMapLetGoOf() {
        XCTAssertNil(subscriptionLeftBehind(after: flatMapWhoseChildFails, reset: true))
    }

    /// The first `T` reachable from `root` through stored properties, a few levels deep.
    private func firstReachable<T: AnyObject>(_ type: T.Type, from root: Any, depth: Int = 4) -> T? {
        if let found = root as? T { return found }
        guard depth > 0 else { return nil }
        for child in Mirror(reflecting: root).children {
            if let found = firstReachable(type, from: child.value, depth: depth - 1) { return found }
        }
        return nil
    }

    func testASessionWhoseFlatMapChildFailedFreesThePublishedPropertyItsUpstreamStaysSubscribedTo() {
        // The same through an object's `$property` and two operators (as the fuzzer's input had):
        // the property's subject and its subscription held each other once the object was gone,
        // and throttle and removeDuplicates held each other as subscription and subscriber.
        weak var subject: CurrentValueSubject<Value, Never>?
        weak var scheduler: SessionScheduler?
        do {
            let session = Session()
            scheduler = session.interpreter.scheduler
            for line in [
                "object search { @Published query = \"\" }",
                "sink s = search.$query.throttle(for: .milliseconds(300), scheduler: DispatchQueue.main, latest: true)"
                    + ".removeDuplicates().flatMap { Fail(error: \"offline\") }",
            ] {
                XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
            }
            guard case .object(let object)? = session.interpreter.entries["search"] else { return XCTFail("no object") }
            subject = firstReachable(CurrentValueSubject<Value, Never>.self, from: object.published[0])
            XCTAssertNotNil(subject, "the property's subject is found")
        }
        XCTAssertNil(subject)
        XCTAssertNil(scheduler, "throttle's clock")
    }

    func testASessionFreesTheSubscriptionAnOperatorAboveAFailedFlatMapStillHolds() {
        // removeDuplicates keeps its upstream subscription (the session's link) when FlatMap lets go
        // of it, and the link kept removeDuplicates as its subscriber.
        XCTAssertNil(subscriptionLeftBehind(after: [
            "subject q", "sink s = q.removeDuplicates().flatMap { Fail(error: \"offline\") }", "send q 1",
        ]))
    }

    func testASessionFreesASubjectsSubscriptionOfALiveSink() {
        XCTAssertNil(subscriptionLeftBehind(after: ["subject q", "sink s = q.map { $0 * 2 }", "send q 1"]))
    }

    func testASessionWithATracedSinkFreesTheSinkAndItsRecorder() {
        // Found by CI's fuzz run: the recorder held the traced sink, which holds the recorder.
        weak var recorder: EventRecorder?
        weak var sink: PlaygroundSink?
        do {
            let session = Session()
            for line in ["subject feed", "sink picky = feed demand 1", "trace picky", "send feed 1"] {
                XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
            }
            recorder = session.interpreter.recorder
            if case .sink(let picky)? = session.interpreter.entries["picky"] { sink = picky }
            XCTAssertNotNil(sink)
        }
        XCTAssertNil(sink)
        XCTAssertNil(recorder)
    }

    func testASessionWithAnAutoconnectedTimerFreesItsClock() {
        // Found by CI's fuzz run: the autoconnect subscriber and its subscriber held each other.
        XCTAssertNil(schedulerLeftBehind(after: ["sink ticks = Timer.publish(every: 1s).autoconnect()"]))
    }

    /// An object with a computed property is freed with its session: the property's error report
    /// named the object by capturing it, and the object keeps the property, so the two kept each
    /// other alive (found by the CI fuzz step's leak check).
    func testASessionFreesAnObjectWithAComputedProperty() {
        weak var object: PlaygroundObject?
        do {
            let session = Session()
            for line in ["class Box { var count = 2; var twice: Int { get { count * 2 } set { count = newValue } } }",
                         "let box = Box()", "box.twice = 5", "print(box.twice)"] {
                XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
            }
            guard case .object(let made)? = session.interpreter.entries["box"] else {
                return XCTFail("box is no object")
            }
            XCTAssertEqual(made.computed.count, 1)
            object = made
        }
        XCTAssertNil(object)
    }

    /// Seed 002's parent gives its child model a closure in `bind()` that keeps the parent (the
    /// playground's `[weak self]` holds strongly), and the parent keeps the child: both are freed
    /// when the session ends, and when it is reset.
    func testASessionFreesAParentAndTheChildWhoseClosureKeepsIt() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fuzz-findings/script/leak-child-closure-keeps-its-parent.conduit")
        let program = try String(contentsOf: url, encoding: .utf8)
        for reset in [false, true] {
            weak var parent: PlaygroundObject?
            weak var child: PlaygroundObject?
            do {
                let session = Session()
                let printed = session.evaluate(program).filter { $0.kind == .error }
                XCTAssertEqual(printed.map(\.text), [])
                guard case .object(let lists)? = session.interpreter.entries["lists"],
                      case .object(let editing)? = lists.value(of: "editStandup")
                else { return XCTFail("lists and its editStandup are objects") }
                parent = lists
                child = editing
                if reset { session.interpreter.reset() }
            }
            XCTAssertNil(parent, reset ? "after reset" : "after the session")
            XCTAssertNil(child, reset ? "after reset" : "after the session")
        }
    }
}

/// A session whose sink has a demand, after a line the room's page sends (`send taps <8>`), and
/// whose overview the live page took, is freed when it is let go (a session left behind keeps its
/// recorder installed in the engine's instrumentation).
final class SessionWithDemandReleaseTests: XCTestCase {
    func testASessionWithADemandSinkAndAnOverviewIsFreed() {
        weak var released: Session?
        do {
            let session = Session()
            for line in ["subject taps", "sink out = taps.map { $0 * 10 } demand 2", "send taps 7", "send taps <8>"] {
                _ = session.evaluate(line)
            }
            _ = session.overview()
            _ = session.events(after: 0)
            released = session
        }
        XCTAssertNil(released, "the session was kept alive after it was let go")
    }
}

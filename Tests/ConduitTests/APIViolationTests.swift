import Conduit
import Foundation
import XCTest

/// Every API violation Combine traps on, operator by operator: each is run in a child process (this
/// test binary run again, told the case through the environment), which must die of a signal with
/// Combine's message; and, with a handler installed (the playground's way), must live, the handler
/// told the same message.
final class APIViolationTests: XCTestCase {
    /// One misuse: its name, the violation expected, and the code that commits it.
    struct Case {
        let name: String
        let violation: APIViolation
        let run: () -> Void
    }

    static let caseVariable = "CONDUIT_VIOLATION_CASE"
    static let handledVariable = "CONDUIT_VIOLATION_HANDLED"

    func testEveryViolationTrapsWithCombinesMessage() throws {
        if let child = ProcessInfo.processInfo.environment[Self.caseVariable] {
            return try runAsChild(child)
        }
        for violation in Self.cases {
            let (status, reason, output) = try runChild(violation.name, handled: false)
            XCTAssertEqual(reason, .uncaughtSignal, "\(violation.name) did not trap (exit \(status)):\n\(output)")
            XCTAssertTrue(
                output.contains(violation.violation.message),
                "\(violation.name): expected \"\(violation.violation.message)\" in:\n\(output)"
            )
        }
    }

    func testAHandlerIsToldInsteadAndTheProgramLives() throws {
        if ProcessInfo.processInfo.environment[Self.caseVariable] != nil { return }
        for violation in Self.cases {
            let (status, reason, output) = try runChild(violation.name, handled: true)
            XCTAssertEqual(reason, .exit, "\(violation.name) trapped under a handler:\n\(output)")
            XCTAssertEqual(status, 0, "\(violation.name):\n\(output)")
            XCTAssertTrue(
                output.contains("handled: \(violation.violation.message)"),
                "\(violation.name): the handler was not told \"\(violation.violation.message)\":\n\(output)"
            )
        }
    }

    /// In the child: installs the handler if asked, and commits the case's violation.
    private func runAsChild(_ name: String) throws {
        let violation = try XCTUnwrap(Self.cases.first { $0.name == name }, "no case \(name)")
        if ProcessInfo.processInfo.environment[Self.handledVariable] != nil {
            APIViolation.installHandler { violation, _, _ in
                FileHandle.standardError.write(Data("handled: \(violation.message)\n".utf8))
            }
        }
        violation.run()
    }

    /// Runs this test again in a child process for the case `name`: its exit status or signal, how
    /// it ended, and what it wrote (both streams).
    private func runChild(_ name: String, handled: Bool) throws -> (Int32, Process.TerminationReason, String) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["ConduitTests.APIViolationTests/testEveryViolationTrapsWithCombinesMessage"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.caseVariable] = name
        environment[Self.handledVariable] = handled ? "1" : nil
        // The runtime's backtracer would spend seconds symbolicating each expected crash.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return (child.terminationStatus, child.terminationReason, String(decoding: data, as: UTF8.self))
    }
}

/// A subscriber that asks its subscription for nothing, a zero demand.
private final class ZeroDemandSubscriber<Input, Failure: Error>: Subscriber {
    func receive(subscription: Subscription) {
        subscription.request(.none)
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// A subscriber that asks for nothing at all, and keeps its subscription.
private final class IdleSubscriber<Input, Failure: Error>: Subscriber {
    var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

struct ViolationError: Error {}

extension APIViolationTests {
    /// A zero demand asked of the subscription `publisher` hands its subscriber.
    static func zeroDemand<P: Publisher>(_ name: String, _ publisher: @escaping () -> P) -> Case {
        Case(name: "zero demand: \(name)", violation: .zeroDemand) {
            publisher().subscribe(ZeroDemandSubscriber<P.Output, P.Failure>())
        }
    }

    /// A zero demand asked of the subscription an operator on a manual upstream hands on.
    static func zeroDemand<P: Publisher>(
        _ name: String, operator make: @escaping (ManualPublisher<Int, ViolationError>) -> P
    ) -> Case {
        zeroDemand(name) { make(ManualPublisher<Int, ViolationError>()) }
    }

    /// An operator whose upstream sends before its subscription: `event` is the misdeed.
    static func beforeSubscription<P: Publisher>(
        _ name: String, _ make: @escaping (ManualPublisher<Int, ViolationError>) -> P
    ) -> [Case] {
        func attached() -> (ManualPublisher<Int, ViolationError>, IdleSubscriber<P.Output, P.Failure>) {
            let upstream = ManualPublisher<Int, ViolationError>(subscribesAtOnce: false)
            let subscriber = IdleSubscriber<P.Output, P.Failure>()
            make(upstream).subscribe(subscriber)
            return (upstream, subscriber)
        }
        return [
            Case(name: "value before the subscription: \(name)", violation: .valueBeforeSubscription) {
                let (upstream, subscriber) = attached()
                withExtendedLifetime(subscriber) { _ = upstream.send(1) }
            },
            Case(name: "completion before the subscription: \(name)", violation: .completionBeforeSubscription) {
                let (upstream, subscriber) = attached()
                withExtendedLifetime(subscriber) { upstream.send(completion: .finished) }
            },
            Case(name: "request before the subscription: \(name)", violation: .requestBeforeSubscription) {
                let (upstream, subscriber) = attached()
                withExtendedLifetime(subscriber) { (upstream.subscriberAsGiven as? Subscription)?.request(.max(1)) }
            },
        ]
    }

    /// A value `publisher`'s upstream sends when its subscriber asked for none.
    static func valueWithoutDemand<P: Publisher>(
        _ name: String, _ make: @escaping (ManualPublisher<Int, ViolationError>) -> P
    ) -> Case {
        Case(name: "value without demand: \(name)", violation: .valueWithoutDemand) {
            let upstream = ManualPublisher<Int, ViolationError>()
            let subscriber = IdleSubscriber<P.Output, P.Failure>()
            make(upstream).subscribe(subscriber)
            withExtendedLifetime(subscriber) { _ = upstream.send(1) }
        }
    }

    static var cases: [Case] {
        var cases = [
            zeroDemand("Just") { Just(1) },
            zeroDemand("Optional.Publisher") { Optional(1).publisher },
            zeroDemand("Result.Publisher") { Result<Int, ViolationError>.success(1).publisher },
            zeroDemand("Future") { Future<Int, Never> { $0(.success(1)) } },
            zeroDemand("PassthroughSubject") { PassthroughSubject<Int, Never>() },
            zeroDemand("CurrentValueSubject") { CurrentValueSubject<Int, Never>(1) },
            zeroDemand("reduce", operator: { $0.reduce(0, +) }),
            zeroDemand("collect(_:)", operator: { $0.collect(2) }),
            zeroDemand("dropFirst", operator: { $0.dropFirst() }),
            zeroDemand("drop(while:)", operator: { $0.drop { $0 > 0 } }),
            zeroDemand("tryDrop(while:)", operator: { $0.tryDrop { $0 > 0 } }),
            zeroDemand("replaceEmpty", operator: { $0.replaceEmpty(with: 0) }),
            zeroDemand("replaceError", operator: { $0.replaceError(with: 0) }),
            zeroDemand("flatMap", operator: { $0.flatMap { Just($0).setFailureType(to: ViolationError.self) } }),
            zeroDemand("switchToLatest", operator: { $0.map { Just($0).setFailureType(to: ViolationError.self) }
                .switchToLatest() }),
            zeroDemand("zip", operator: { $0.zip(Just(1).setFailureType(to: ViolationError.self)) }),
            zeroDemand("merge", operator: { $0.merge(with: Just(1).setFailureType(to: ViolationError.self)) }),
            zeroDemand("combineLatest", operator: {
                $0.combineLatest(Just(1).setFailureType(to: ViolationError.self))
            }),
            Case(name: "negative demand: max(-1)", violation: .negativeDemand) {
                _ = Subscribers.Demand.max(-1)
            },
            Case(name: "negative demand: max(1) * -1", violation: .negativeDemand) {
                _ = Subscribers.Demand.max(1) * -1
            },
            Case(name: "timeout on ImmediateScheduler", violation: .timeoutOnImmediateScheduler) {
                let subscriber = IdleSubscriber<Int, ViolationError>()
                ManualPublisher<Int, ViolationError>().timeout(.seconds(1), scheduler: ImmediateScheduler.shared)
                    .subscribe(subscriber)
            },
            Case(name: "completion before the subscription: switchToLatest's inner", violation:
                .completionBeforeSubscription)
            {
                let inner = ManualPublisher<Int, Never>(subscribesAtOnce: false)
                let subscriber = IdleSubscriber<Int, Never>()
                Just(inner).switchToLatest().subscribe(subscriber)
                withExtendedLifetime(subscriber) { inner.send(completion: .finished) }
            },
            valueWithoutDemand("replaceError") { $0.replaceError(with: 0) },
            valueWithoutDemand("catch") { $0.catch { _ in Just(0) } },
            valueWithoutDemand("tryCatch") { $0.tryCatch { _ in Just(0) } },
            valueWithoutDemand("retry") { $0.retry(1) },
            Case(name: "value without demand: switchToLatest's inner publisher", violation: .valueWithoutDemand) {
                let inner = ManualPublisher<Int, Never>()
                let subscriber = IdleSubscriber<Int, Never>()
                Just(inner).switchToLatest().subscribe(subscriber)
                withExtendedLifetime(subscriber) { _ = inner.send(1) }
            },
            Case(name: "second completion: catch's upstream fails twice", violation: .secondCompletion) {
                let upstream = ManualPublisher<Int, ViolationError>()
                let subscriber = IdleSubscriber<Int, Never>()
                upstream.catch { _ in Empty<Int, Never>(completeImmediately: false) }.subscribe(subscriber)
                withExtendedLifetime(subscriber) {
                    upstream.send(completion: .failure(ViolationError()))
                    upstream.send(completion: .failure(ViolationError()))
                }
            },
            Case(name: "value after the completion: Record.Recording", violation: .valueAfterCompletion) {
                var recording = Record<Int, Never>.Recording()
                recording.receive(completion: .finished)
                recording.receive(1)
            },
            Case(name: "second completion: Record.Recording", violation: .secondCompletion) {
                var recording = Record<Int, Never>.Recording()
                recording.receive(completion: .finished)
                recording.receive(completion: .finished)
            },
        ]
        cases += beforeSubscription("tryFilter") { $0.tryFilter { $0 > 0 } }
        cases += beforeSubscription("tryCompactMap") { $0.tryCompactMap { $0 } }
        cases += beforeSubscription("removeDuplicates") { $0.removeDuplicates() }
        cases += beforeSubscription("tryRemoveDuplicates") { $0.tryRemoveDuplicates { $0 == $1 } }
        cases += beforeSubscription("prefix(while:)") { $0.prefix { $0 > 0 } }
        cases += beforeSubscription("tryPrefix(while:)") { $0.tryPrefix { $0 > 0 } }
        for (name, make) in [
            ("catch", { (upstream: ManualPublisher<Int, ViolationError>) in
                upstream.catch { _ in Just(0) }.eraseToAnyPublisher() }),
            ("retry", { $0.retry(1).replaceError(with: 0).eraseToAnyPublisher() }),
            ("drop(untilOutputFrom:)", {
                $0.drop(untilOutputFrom: Just(0).setFailureType(to: ViolationError.self)).replaceError(with: 0)
                    .eraseToAnyPublisher()
            }),
        ] as [(String, (ManualPublisher<Int, ViolationError>) -> AnyPublisher<Int, Never>)] {
            cases.append(Case(name: "value before the subscription: \(name)", violation: .valueBeforeSubscription) {
                let upstream = ManualPublisher<Int, ViolationError>(subscribesAtOnce: false)
                let subscriber = IdleSubscriber<Int, Never>()
                make(upstream).subscribe(subscriber)
                withExtendedLifetime(subscriber) { _ = upstream.send(1) }
            })
        }
        return cases
    }
}

import Synchronization

/// The one place where the engine answers an API violation: a misuse of the publisher, subscriber
/// and subscription protocols that Combine traps on (a zero or negative demand, an event before
/// the subscription, a value nobody asked for, ...).
///
/// By default a violation traps with Combine's message, as Combine does. A program that must not
/// die (the playground) installs a handler once; a violation then reaches the handler, and the
/// engine ignores the event that caused it. Finding a violation costs its caller no more than the
/// branch that already told the normal case apart: the report is out of line. Package access:
/// Combine has no such API, so `Conduit` exports no name for it.
@usableFromInline
package enum APIViolation: Sendable {
    /// A zero demand asked of a subscription (`request(.none)`, `.max(0)`).
    case zeroDemand
    /// A negative number made into a demand (`.max(-1)`, `.max(1) * -1`).
    case negativeDemand
    /// A value delivered to a subscriber that has not received its subscription.
    case valueBeforeSubscription
    /// A completion delivered to a subscriber that has not received its subscription.
    case completionBeforeSubscription
    /// A request made of a subscription whose own upstream subscription has not come yet.
    case requestBeforeSubscription
    /// A value delivered to a subscriber that asked for none (its demand is used up).
    case valueWithoutDemand
    /// A value added to a recording after its completion (`Record.Recording`).
    case valueAfterCompletion
    /// A completion delivered after the stream's completion, to a subscriber that takes one.
    case secondCompletion
    /// `timeout` on `ImmediateScheduler`, whose timer cannot wait.
    case timeoutOnImmediateScheduler

    /// Combine's message for the violation.
    package var message: String {
        switch self {
        case .zeroDemand: "API Violation: demand must not be zero"
        case .negativeDemand: "API Violation: demand must not be negative"
        case .valueBeforeSubscription: "API Violation: received a value before the subscription"
        case .completionBeforeSubscription: "API Violation: received a completion before the subscription"
        case .requestBeforeSubscription: "API Violation: demand requested before the subscription"
        case .valueWithoutDemand: "API Violation: received a value without demand"
        case .valueAfterCompletion: "API Violation: received a value after the completion"
        case .secondCompletion: "API Violation: received a second completion"
        case .timeoutOnImmediateScheduler: "API Violation: timeout cannot wait on ImmediateScheduler"
        }
    }

    /// What a handler is told: the violation, and the engine's file and line that found it.
    package typealias Handler = @Sendable (_ violation: APIViolation, _ file: StaticString, _ line: UInt) -> Void

    /// Installs the handler that answers violations from now on, instead of a trap. Install it
    /// once, before the engine runs; a later call replaces the handler.
    package static func installHandler(_ handler: @escaping Handler) {
        handlers.withLock { $0 = handler }
    }

    /// Answers a violation: traps with its message, or, if a handler is installed, tells it and
    /// returns, and the caller ignores the event.
    @usableFromInline @inline(never)
    package static func report(_ violation: APIViolation, file: StaticString = #fileID, line: UInt = #line) {
        guard let handler = handlers.withLock({ $0 }) else {
            fatalError(violation.message, file: file, line: line)
        }
        handler(violation, file, line)
    }

    private static let handlers = Mutex<Handler?>(nil)
}

import Conduit
import Synchronization

/// How the playground meets an API violation in the engine: where Combine (and the engine, by
/// default) would stop the program, the playground's handler, installed once for the process by
/// the first session, notes the violation and the engine ignores the event; the session then
/// reports it as an error at the statement during which it happened.
enum APIViolationReports {
    /// Installs the handler, once, however many sessions are made.
    static func installOnce() {
        _ = installed
    }

    /// The violations noted since they were last taken, oldest first.
    static func take() -> [APIViolation] {
        pending.withLock { noted in
            defer { noted = [] }
            return noted
        }
    }

    /// What a learner reads: Combine's message, and what happened instead of the trap.
    static func message(for violation: APIViolation) -> String {
        "\(violation.message) (Combine stops the program here; the playground ignored the event)"
    }

    private static let installed: Void = {
        APIViolation.installHandler { violation, _, _ in
            pending.withLock { $0.append(violation) }
        }
    }()

    private static let pending = Mutex<[APIViolation]>([])
}

/// A violation reported at the statement that caused it: the whole of its first line is marked.
struct APIViolationDiagnostic: LocatedError {
    let violation: APIViolation
    let statement: String

    var message: String { APIViolationReports.message(for: violation) }
    var offset: Int { 0 }
    var length: Int { statement.prefix { $0 != "\n" }.count }
}

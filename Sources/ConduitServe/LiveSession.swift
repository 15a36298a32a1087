import ConduitPlayground
import Foundation

/// Connects a playground session to a `LiveFeed`: after each statement the REPL runs, `record`
/// pushes the statement and what it printed at once, and the session's new state (tree, marbles
/// as SVG, clock) at most ten times a second, so that replaying a long script is not slowed by
/// drawing every step; `flush` draws the latest state when the REPL waits for the next line.
public final class LiveSession: @unchecked Sendable {
    public let feed: LiveFeed
    /// The least time between two state updates while statements come quickly.
    static let stateInterval: TimeInterval = 0.1

    private let lock = NSLock()
    private var lastUpdate = Date.distantPast
    private var dirty = false

    public init(feed: LiveFeed) {
        self.feed = feed
    }

    /// Publishes one evaluated statement; call it on the thread that evaluates.
    public func record(input: String, records: [OutputRecord], session: Session) {
        feed.publish(input: input, records: records)
        let due: Bool = lock.withLock {
            dirty = true
            return Date().timeIntervalSince(lastUpdate) >= LiveSession.stateInterval
        }
        if due { update(from: session) }
    }

    /// Draws the state if a statement changed it since the last drawing (the REPL calls this when it
    /// is about to wait for input).
    public func flush(_ session: Session) {
        if lock.withLock({ dirty }) { update(from: session) }
    }

    /// Publishes output that arrived between lines (real-time timers) as an entry of its own.
    public func recordAsynchronous(_ record: OutputRecord) {
        feed.publish(input: "", records: [record])
    }

    /// Publishes the session's state now.
    public func update(from session: Session) {
        lock.withLock {
            dirty = false
            lastUpdate = Date()
        }
        let overview = session.overview()
        let lanes = overview.lanes.filter { !$0.events.isEmpty }
        var svg = ""
        if !lanes.isEmpty {
            // The latest 120 frames: a long session stays a readable picture.
            let frame = LiveSession.frame(for: overview.now)
            let from = max(0, overview.now - 119 * frame)
            let diagram = MarbleDiagram(lanes: lanes, frame: frame, from: from, until: overview.now)
            svg = MarbleSVGRenderer(diagram).document()
        }
        feed.publish(state: LiveState(tree: overview.tree, marbles: svg, clock: overview.clock))
    }

    /// 100ms frames, longer ones (up to 1.6s) as a session runs on, so the window covers more.
    static func frame(for now: Int) -> Int {
        var frame = 100_000_000
        while now / frame > 120, frame < 1_600_000_000 { frame *= 2 }
        return frame
    }
}

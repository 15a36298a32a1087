import Foundation

/// Stops a change that feeds itself: an object's property written from a pipeline that reads it
/// through another object (`a.$x` assigned to `b.y`, `b.$y` to `a.x`), or objects and subjects
/// forwarding to each other. Each such write runs inside the guard; past `limit` nested writes on
/// one thread the write is dropped and reported, so the session stays usable instead of
/// overflowing the stack.
enum FeedbackGuard {
    /// How many guarded writes may nest on one thread.
    static let limit = 64
    private static let key = "ConduitPlayground.FeedbackGuard.depth"

    /// Runs `body` unless this thread is `limit` guarded writes deep already; says whether it ran.
    static func run(_ body: () throws -> Void) rethrows -> Bool {
        let dictionary = Thread.current.threadDictionary
        let depth = (dictionary[key] as? Int) ?? 0
        guard depth < limit else { return false }
        dictionary[key] = depth + 1
        defer { dictionary[key] = depth }
        try body()
        return true
    }
}

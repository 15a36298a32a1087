import Foundation

/// The inner subscriptions that `flatMap`, `switchToLatest` and `catch` make to publishers their
/// closures return, counted per sink or pipeline, for `subs` and `inspect`. Updated from any
/// thread (deliveries may run on a real-time clock), so it is guarded by a lock.
final class InnerSubscriptions: @unchecked Sendable {
    /// One owner's inner subscriptions: how many were made, and the live ones by how they read.
    struct Tally {
        var made = 0
        var live: [String: Int] = [:]
    }

    private let lock = NSLock()
    private var tallies: [String: Tally] = [:]

    private var numbers: [String: Int] = [:]

    /// A number for the next publisher a closure of `owner` makes (1, 2, ...): its marble lane.
    func nextNumber(for owner: String) -> Int {
        lock.withLock {
            numbers[owner, default: 0] += 1
            return numbers[owner]!
        }
    }

    func began(_ description: String, for owner: String) {
        lock.withLock {
            tallies[owner, default: Tally()].made += 1
            tallies[owner, default: Tally()].live[description, default: 0] += 1
        }
    }

    func ended(_ description: String, for owner: String) {
        lock.withLock {
            guard let count = tallies[owner]?.live[description] else { return }
            tallies[owner]?.live[description] = count > 1 ? count - 1 : nil
        }
    }

    /// `inner: 3 made, 1 live: Just($0).delay(for: 1s)`, or nil if the owner made none.
    func summary(for owner: String) -> String? {
        lock.withLock {
            guard let tally = tallies[owner], tally.made > 0 else { return nil }
            let live = tally.live.values.reduce(0, +)
            let shown = tally.live.sorted { $0.key < $1.key }.map { $0.value > 1 ? "\($0.key) ×\($0.value)" : $0.key }
            return "inner subscriptions: \(tally.made) made, \(live) live"
                + (shown.isEmpty ? "" : ": " + shown.joined(separator: ", "))
        }
    }

    func clear() {
        lock.withLock {
            tallies = [:]
            numbers = [:]
        }
    }
}

/// One inner subscription's record: ends once, whether by completion or cancel.
final class InnerSubscriptionRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0  // 0 not begun, 1 live, 2 ended
    private let tracker: InnerSubscriptions
    private let description: String
    private let owner: String

    init(tracker: InnerSubscriptions, description: String, owner: String) {
        self.tracker = tracker
        self.description = description
        self.owner = owner
    }

    func begin() {
        let begins: Bool = lock.withLock {
            guard state == 0 else { return false }
            state = 1
            return true
        }
        if begins { tracker.began(description, for: owner) }
    }

    func end() {
        let ends: Bool = lock.withLock {
            guard state == 1 else { return false }
            state = 2
            return true
        }
        if ends { tracker.ended(description, for: owner) }
    }
}

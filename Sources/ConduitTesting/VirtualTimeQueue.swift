import Conduit
import Synchronization

/// The state of a `VirtualTimeScheduler`: its clock and the actions waiting on it, under one lock.
///
/// A separate object from the scheduler so that a repeating action's cancellable can hold it
/// strongly (one plain reference count) where it held the scheduler weakly; the scheduler empties
/// it when it goes, so the queue kept by such a cancellable holds nothing.
internal final class VirtualTimeQueue: @unchecked Sendable {
    private struct Item {
        var due: Int
        var order: Int
        let action: () -> Void
        /// For repeating actions: the interval and the identity used to cancel it.
        let interval: Int?
        let token: Int
    }

    // Touched only holding `lock`, so they skip the dynamic exclusivity checks. A cancelled
    // repeating action is removed from `items` at once; it is re-queued only from `items`.
    // The lock is one inline word (taken as a plain lock): two to five round trips per scheduled
    // action, where an allocated pthread mutex cost about 50 instructions more each.
    private let lock = ReentrantLock()
    /// The clock: written holding `lock`, read without it by `clock` (which operators read, through
    /// the scheduler's `now`, for every value they schedule).
    let clockWord = Atomic<Int>(0)
    @exclusivity(unchecked) private var items: [Item] = []
    @exclusivity(unchecked) private var nextOrder = 0

    /// The clock's time in nanoseconds.
    var clock: Int {
        clockWord.load(ordering: .acquiring)
    }

    /// The number of actions waiting to run.
    var count: Int {
        lock.withExclusiveLock(owner: self) { items.count }
    }

    /// Moves the clock to `time` if that is later; call holding `lock`.
    private func moveClock(to time: Int) {
        if time > clockWord.load(ordering: .relaxed) {
            clockWord.store(time, ordering: .releasing)
        }
    }

    /// Queues `action` at `notBefore` (or now, if that is earlier or nil), repeating every
    /// `interval` nanoseconds if given; returns its token (what `cancelRepeating` takes).
    @discardableResult
    func enqueue(notBefore: Int?, interval: Int?, _ action: consuming @escaping () -> Void) -> Int {
        lock.lock(owner: self)
        defer { lock.unlock(owner: self) }
        let now = clockWord.load(ordering: .relaxed)
        let due = notBefore.map { max($0, now) } ?? now
        let token = nextOrder
        items.append(Item(due: due, order: nextOrder, action: action, interval: interval, token: token))
        nextOrder += 1
        return token
    }

    /// Stops the repeating action numbered `token`; its action (and what that holds) is let go
    /// after unlocking.
    func cancelRepeating(_ token: Int) {
        var removed: Item?
        lock.lock(owner: self)
        for index in items.indices where items[index].token == token {
            removed = takeItem(at: index)
            break
        }
        lock.unlock(owner: self)
        withExtendedLifetime(removed) {}
    }

    /// Lets go of every waiting action (after unlocking: what they hold may call back in).
    func removeAll() {
        lock.lock(owner: self)
        let removed = items
        items = []
        lock.unlock(owner: self)
        withExtendedLifetime(removed) {}
    }

    /// Moves the clock to `time` unless an action is still due by then; returns whether it did.
    func reach(_ time: Int) -> Bool {
        lock.withExclusiveLock(owner: self) {
            let due = items.contains { $0.due <= time }
            if !due { moveClock(to: time) }
            return !due
        }
    }

    /// Takes the earliest action due by `limit` and moves the clock to it; a repeating action is
    /// moved to its next time in place (its closure is not copied). When none is due and
    /// `reaching` is set, moves the clock to `limit` instead (in the same lock as the look-up:
    /// `advance` takes one lock fewer per call).
    /// Not through `withExclusiveLock`: a closure returned through its generic result is wrapped
    /// in a thunk, one allocation per action.
    func nextAction(dueBy limit: Int, reaching: Bool = false) -> (() -> Void)? {
        lock.lock(owner: self)
        defer { lock.unlock(owner: self) }
        guard let index = earliestIndex(), items[index].due <= limit else {
            if reaching { moveClock(to: limit) }
            return nil
        }
        let due = items[index].due
        moveClock(to: due)
        // A repeat that would fall past the end of time (`Int.max` nanoseconds) never comes.
        if let interval = items[index].interval, case (let next, false) = due.addingReportingOverflow(interval) {
            items[index].due = next
            items[index].order = nextOrder
            nextOrder += 1
            return items[index].action
        }
        return takeItem(at: index).action
    }

    /// Removes and returns the item at `index` (call holding `lock`): the last one takes its place,
    /// as the order of `items` does not matter (`earliestIndex` compares times and order numbers).
    private func takeItem(at index: Int) -> Item {
        items.swapAt(index, items.count - 1)
        return items.removeLast()
    }

    /// The index of the action to run first (earliest due, then first scheduled); call holding
    /// `lock`. A plain loop: `indices.min(by:)` ran unspecialised here, looking up generic
    /// metadata on every call.
    private func earliestIndex() -> Int? {
        guard !items.isEmpty else { return nil }
        var best = 0
        var bestDue = items[0].due
        var bestOrder = items[0].order
        for index in 1..<items.count {
            let due = items[index].due
            if due < bestDue || (due == bestDue && items[index].order < bestOrder) {
                best = index
                bestDue = due
                bestOrder = items[index].order
            }
        }
        return best
    }
}

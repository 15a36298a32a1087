#if Postgres
/// A channel hub's queue between the connection's event loop and the task that hands notifications
/// to the subscriptions: arrivals in order, whether a delivering task runs, and, while listening
/// resumes on a new connection, where the arrivals held behind a coming gap begin.
///
/// Guarded by the hub's lock. `append` and `release` say when a delivering task must be started
/// (none runs and something may be delivered); `take` hands that task all it may deliver at once.
struct HubInbox {
    /// What the connection hands over, in the order it arrived.
    enum Arrival: Sendable {
        case payload(String)
        case gap(NotificationGap)
    }

    private var arrivals: [Arrival] = []
    /// Where the arrivals held behind a coming gap begin (nil: none are held).
    private var heldFrom: Int?
    /// Whether a delivering task runs; it stops once `take` finds nothing for it.
    private var delivering = false

    /// How many arrivals may be delivered now (those before the held ones).
    private var deliverable: Int { heldFrom ?? arrivals.count }

    /// Queues `arrival`; returns whether the caller must start a delivering task.
    mutating func append(_ arrival: Arrival) -> Bool {
        arrivals.append(arrival)
        return startIfIdle()
    }

    /// Holds what arrives from now on until `release` (kept where it was if already holding).
    mutating func hold() {
        if heldFrom == nil { heldFrom = arrivals.count }
    }

    /// Puts `gap` (if any) ahead of the held arrivals and lets them be delivered; returns whether the
    /// caller must start a delivering task.
    mutating func release(putting gap: Arrival?) -> Bool {
        if let gap { arrivals.insert(gap, at: heldFrom ?? arrivals.count) }
        heldFrom = nil
        return startIfIdle()
    }

    /// Moves every deliverable arrival into `batch` (which must be empty); when there is none, marks
    /// the delivering task finished and returns false.
    mutating func take(into batch: inout [Arrival]) -> Bool {
        let count = deliverable
        guard count > 0 else {
            delivering = false
            return false
        }
        if count == arrivals.count {
            swap(&batch, &arrivals)
        } else {
            batch.append(contentsOf: arrivals[..<count])
            arrivals.removeFirst(count)
            heldFrom = 0
        }
        return true
    }

    private mutating func startIfIdle() -> Bool {
        guard !delivering, deliverable > 0 else { return false }
        delivering = true
        return true
    }
}
#endif

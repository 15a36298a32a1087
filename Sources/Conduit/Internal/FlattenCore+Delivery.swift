/// `FlattenCore`'s delivery: the buffered values and a pending completion sent downstream by the thread that
/// delivers, with the lock released while the downstream runs.
extension FlattenCore {
    /// Sends waiting values while there is demand, then the completion if it is due (called with
    /// the lock held by the thread delivering, outside any delivery; returns with it released).
    /// FlatMap asks a child for one more value for each of its waiting values sent (while the
    /// demand is limited); SwitchToLatest asks the newest child for what the downstream answered.
    @inlinable
    func drainAndUnlock() {
        while true {
            if done {
                deliverer = 0
                let completion = pending
                pending = nil
                var downstream: Downstream?
                swap(&downstream, &self.downstream)
                let lettingGo = feedsSinkSerially
                unlockReopened()
                if let completion {
                    downstream?.receive(completion: completion)
                }
                if lettingGo { letGo(downstream) }
                return
            }
            if demand > 0, let downstream, let next = buffer.popFirst() {
                let (id, slot, value) = next
                demand -= 1
                let child: Subscription?
                if switching || demand != .unlimited, counts(id), holds(slot, id) {
                    child = slots[slot].subscription
                } else {
                    child = nil
                }
                nesting += 1
                let serially = feedsSinkSerially
                unlockReopened()
                let more = deliver(value, to: downstream, serially: serially)
                if let child {
                    if !switching {
                        child.request(.max(1))
                    } else if more > 0 {
                        child.request(more)
                    }
                }
                lockClosed()
                nesting -= 1
                if !done {
                    demand += more
                }
                continue
            }
            if finishedNormally {
                done = true
                transform = nil
                pending = .finished
                continue
            }
            deliverer = 0
            unlockReopened()
            return
        }
    }
}

/// `FlattenCore` as the subscription its downstream holds: demand asked for, and cancellation.
extension FlattenCore {
    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lockClosed()
        guard !done else {
            unlockReopened()
            return
        }
        let wasUnlimited = demand == .unlimited
        demand += newDemand
        var unlimitedChildren: [Subscription] = []
        var newest: Subscription?
        if switching {
            newest = newestSubscription
        } else if !wasUnlimited, demand == .unlimited {
            unlimitedChildren = childSubscriptions()
        }
        let drains = deliverer == 0 && !buffer.isEmpty
        if drains {
            deliverer = ReentrantLock.currentThread
        }
        unlockReopened()
        newest?.request(newDemand)
        for child in unlimitedChildren {
            child.request(.unlimited)
        }
        if drains {
            lockClosed()
            drainAndUnlock()
        }
    }

    @inlinable
    func cancel() {
        lockClosed()
        guard !done else {
            unlockReopened()
            return
        }
        done = true
        var taken: Downstream?
        if deliverer == 0 {
            swap(&taken, &downstream)
        }
        let lettingGo = feedsSinkSerially
        transform = nil
        pending = nil
        buffer.removeAll()
        let children = takeChildren()
        let upstream = self.upstream
        self.upstream = nil
        upstreamPhase = .ended
        unlockReopened()
        if lettingGo { letGo(taken) }
        for child in children {
            child.cancel()
        }
        upstream?.subscription.cancel()
    }
}

/// `FlattenCore` as the subscriber of its upstream: the upstream's subscription, each value that becomes a
/// child publisher, and the upstream's completion.
extension FlattenCore {
    @inlinable
    func receive(subscription: Subscription) {
        lock.lock(owner: self)
        guard !done, upstreamPhase == .awaitingSubscription else {
            lock.unlock(owner: self)
            subscription.cancel()
            return
        }
        upstream = FlattenUpstream(subscription)
        upstreamPhase = .subscribed
        lock.unlock(owner: self)
        subscription.request(maxPublishers ?? .unlimited)
    }

    @inlinable
    func receive(_ input: Outer) -> Subscribers.Demand {
        lock.lock(owner: self)
        guard !done, upstreamPhase == .subscribed, let transform else {
            lock.unlock(owner: self)
            return .none
        }
        lock.unlock(owner: self)
        let child = transform(input)
        if childIsJust, !InstrumentationHook.isActive {
            justArrived(unsafeBitCast(child, to: Just<Output>.self).output)
            return .none
        }
        lock.lock(owner: self)
        guard !done else {
            lock.unlock(owner: self)
            return .none
        }
        let id = nextChild
        nextChild += 1
        guard switching else {
            // No optional existential to destroy on this path (its value witnesses cost ~60
            // instructions per child even when it is nil).
            let slot = addChild(id)
            lock.unlock(owner: self)
            child.subscribe(FlattenChild(core: self, id: id, slot: slot))
            return .none
        }
        var replaced: Subscription?
        if holds(newestSlot, id - 1) {
            replaced = removeChild(at: newestSlot)
        }
        buffer.removeAll()
        let slot = addChild(id)
        newestSlot = slot
        lock.unlock(owner: self)
        replaced?.cancel()
        child.subscribe(FlattenChild(core: self, id: id, slot: slot))
        return .none
    }

    /// FlatMap's `Just` child, taken without subscribing it: its value is received and it finishes,
    /// as if it had subscribed, sent its value and finished (it has no number and no slot, so
    /// nothing asks it for more), in two lock round trips instead of four.
    @inlinable
    func justArrived(_ value: Output) {
        lockClosed()
        guard !done else {
            unlockReopened()
            return
        }
        let me = ReentrantLock.currentThread
        guard demand > 0, buffer.isEmpty, deliverer == 0 || (deliverer == me && nesting < Self.maxNesting),
            let downstream
        else {
            buffer.append((-1, -1, value))
            // Combine asks for another publisher each time a child says it finished.
            let upstream = maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
            unlockReopened()
            upstream?.subscription.request(.max(1))
            return
        }
        let outermost = deliverer == 0
        deliverer = me
        let serially = feedsSinkSerially
        demand -= 1
        nesting += 1
        unlockReopened()
        let more = deliver(value, to: downstream, serially: serially)
        lockClosed()
        nesting -= 1
        if done {
            if outermost {
                drainAndUnlock()
            } else {
                unlockReopened()
            }
            return
        }
        demand += more
        if outermost {
            guard buffer.isEmpty, !finishedNormally else {
                // Values arrived meanwhile, or everything ended: they go out first, then the child
                // finishes, as two steps.
                drainAndUnlock()
                childFinished(-1, slot: -1)
                return
            }
            deliverer = 0
        } else if finishedNormally {
            let end = endLocked(.finished)
            unlockReopened()
            send(.finished, to: end)
            return
        }
        // Combine asks for another publisher each time a child says it finished.
        let upstream = maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
        unlockReopened()
        upstream?.subscription.request(.max(1))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lockClosed()
        guard !done, upstreamPhase != .ended else {
            unlockReopened()
            return
        }
        upstreamPhase = .ended
        upstream = nil
        switch completion {
        case .finished:
            guard finishedNormally else {
                unlockReopened()
                return
            }
            let end = endLocked(.finished)
            unlockReopened()
            send(.finished, to: end)
        case .failure:
            let children = takeChildren()
            let end = endLocked(completion)
            unlockReopened()
            for child in children {
                child.cancel()
            }
            send(completion, to: end)
        }
    }
}

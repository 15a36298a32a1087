import Synchronization

/// `FlattenCore`'s children's events: a child's subscription, its values (delivered or buffered), and its
/// completion.
extension FlattenCore {
    @inlinable
    func childReceived(_ subscription: Subscription, from id: Int, slot: Int) {
        lock.lock(owner: self)
        guard !done, holds(slot, id) else {
            // A SwitchToLatest child that has finished is left alone, as Combine does.
            let ignore = !done && switching && id == nextChild - 1
            lock.unlock(owner: self)
            if !ignore {
                subscription.cancel()
            }
            return
        }
        guard !slots[slot].isSubscribed else {
            lock.unlock(owner: self)
            subscription.cancel()
            return
        }
        slots[slot].hold(subscription)
        let ask: Subscribers.Demand = switching ? demand : (demand == .unlimited ? .unlimited : .max(1))
        lock.unlock(owner: self)
        if ask > 0 {
            subscription.request(ask)
        }
    }

    @inlinable
    func childReceived(_ value: Output, from id: Int, slot: Int) -> Subscribers.Demand {
        let me = ReentrantLock.currentThread
        if delivery.compareExchange(
            expected: FlattenDelivery.open, desired: me | FlattenDelivery.open, ordering: .acquiring
        ).exchanged {
            return deliverOpenly(value, me: me)
        }
        lockClosed()
        guard !done, counts(id) else {
            unlockReopened()
            return .none
        }
        guard demand > 0, buffer.isEmpty, deliverer == 0 || (deliverer == me && nesting < Self.maxNesting),
            downstream != nil
        else {
            // A SwitchToLatest value nobody asked for is an API violation, as in Combine (dropped
            // under a violation handler).
            if !switching || demand > 0 {
                buffer.append((id, slot, value))
            } else if downstream != nil {
                unlockReopened()
                APIViolation.report(.valueWithoutDemand)
                return .none
            }
            unlockReopened()
            return .none
        }
        let outermost = deliverer == 0
        deliverer = me
        let unlimited = demand == .unlimited
        let serially = feedsSinkSerially
        demand -= 1
        nesting += 1
        unlockReopened()
        let more = deliverToDownstream(value, serially: serially)
        lockClosed()
        nesting -= 1
        let answer: Subscribers.Demand
        if done {
            answer = .none
        } else {
            demand += more
            answer = switching ? (counts(id) ? more : .none) : (unlimited ? .none : .max(1))
        }
        if outermost {
            if done || !buffer.isEmpty || finishedNormally {
                drainAndUnlock()
                return answer
            }
            // Nothing waits and nothing ends: what `drainAndUnlock` would find, without the call.
            deliverer = 0
        }
        unlockReopened()
        return answer
    }

    /// A child's value delivered without the lock: this thread took `delivery` open, so FlatMap's
    /// demand is unlimited, nothing waits and nothing has ended, and it is the deliverer until it
    /// puts `delivery` back. If a thread holding the lock closed it meanwhile (a value left waiting,
    /// a cancel, an end), the delivery settles under the lock as the locked path does.
    @inlinable
    func deliverOpenly(_ value: Output, me: UInt) -> Subscribers.Demand {
        nesting += 1
        let more = deliverToDownstream(value, serially: feedsSinkSerially)
        nesting -= 1
        if delivery.compareExchange(
            expected: me | FlattenDelivery.open, desired: FlattenDelivery.open, ordering: .releasing
        ).exchanged {
            return .none
        }
        lockClosed()
        if !done {
            demand += more
        }
        if done || !buffer.isEmpty || finishedNormally {
            drainAndUnlock()
            return .none
        }
        deliverer = 0
        unlockReopened()
        return .none
    }

    /// Hands `value` to `downstream` (a reference the caller holds) while this thread is the
    /// deliverer; a sink fed serially takes it uncounted.
    @inlinable @inline(__always)
    func deliver(_ value: Output, to downstream: Downstream, serially: Bool) -> Subscribers.Demand {
        guard serially, Downstream.self == Subscribers.Sink<Output, Failure>.self else {
            return downstream.receive(value)
        }
        _identityCast(downstream, to: Subscribers.Sink<Output, Failure>.self).receiveSerially(value)
        return .none
    }

    /// Hands `value` to the downstream, which must be set, while this thread is the deliverer. A
    /// sink is borrowed in place, not copied (a retain and a release per value): while a delivery
    /// is under way, nothing lets the downstream go but the outermost delivery, once it is over.
    /// `serially`: `feedsSinkSerially`, read holding the lock (the value goes uncounted).
    @inlinable @inline(__always)
    func deliverToDownstream(_ value: Output, serially: Bool) -> Subscribers.Demand {
        guard Downstream.self == Subscribers.Sink<Output, Failure>.self else {
            return downstream.unsafelyUnwrapped.receive(value)
        }
        let address = withUnsafeMutablePointer(to: &downstream) {
            UnsafeRawPointer($0).load(as: UnsafeRawPointer.self)
        }
        return Unmanaged<Subscribers.Sink<Output, Failure>>.fromOpaque(address)._withUnsafeGuaranteedRef {
            guard serially else { return $0.receive(value) }
            $0.receiveSerially(value)
            return .none
        }
    }

    @inlinable
    func childFinished(_ id: Int, slot: Int) {
        lockClosed()
        guard !done, counts(id) else {
            unlockReopened()
            return
        }
        if switching, holds(slot, id), !slots[slot].isSubscribed {
            return completedBeforeSubscription()
        }
        if holds(slot, id) {
            _ = removeChild(at: slot)
        }
        // Combine asks for another publisher each time a child says it finished.
        let upstream = !switching && maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
        guard finishedNormally else {
            unlockReopened()
            upstream?.subscription.request(.max(1))
            return
        }
        let end = endLocked(.finished)
        unlockReopened()
        send(.finished, to: end)
    }

    @inlinable
    func childFailed(_ id: Int, slot: Int, _ completion: Subscribers.Completion<Failure>) {
        lockClosed()
        guard !done, counts(id) else {
            unlockReopened()
            return
        }
        if switching, holds(slot, id), !slots[slot].isSubscribed {
            return completedBeforeSubscription()
        }
        if holds(slot, id) {
            _ = removeChild(at: slot)
        }
        let children = takeChildren()
        // FlatMap lets go of its upstream without cancelling it; SwitchToLatest cancels it (Combine).
        let upstream = self.upstream
        self.upstream = nil
        upstreamPhase = .ended
        let end = endLocked(completion)
        unlockReopened()
        for child in children {
            child.cancel()
        }
        if switching {
            upstream?.subscription.cancel()
        }
        send(completion, to: end)
    }

    /// A SwitchToLatest child completed before its subscription: an API violation, as in Combine
    /// (ignored under a violation handler). Called holding the lock; releases it.
    @usableFromInline
    func completedBeforeSubscription() {
        unlockReopened()
        APIViolation.report(.completionBeforeSubscription)
    }
}

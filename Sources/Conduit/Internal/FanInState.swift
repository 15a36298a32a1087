/// What a `FanInCore` delegates to the operator family it serves: how lanes are told apart, where
/// their values wait, which output is due, when the whole has finished and what each upstream is
/// asked for. `CombiningState` serves zip and combineLatest, `MergeState` merge, flatMap and
/// switchToLatest.
///
/// Every member is called with the core's lock held; none may call out.
@usableFromInline
internal protocol FanInState {
    associatedtype Output
    /// Tells one lane from another (an index, or a slot and a generation when slots are reused).
    associatedtype Lane

    /// Whether events from `lane` still count (it has not finished and was not replaced).
    func isLive(_ lane: Lane) -> Bool

    /// Keeps the subscription of a live `lane` that has none yet and returns what to ask it for at
    /// once, given the downstream's outstanding `demand`; nil if it must be cancelled instead.
    mutating func attach(_ subscription: Subscription, to lane: Lane, demand: Subscribers.Demand) -> Subscribers.Demand?

    /// A live lane finished normally.
    mutating func finish(_ lane: Lane)

    /// Forgets a lane's subscription without cancelling it (the lane failed).
    mutating func detach(_ lane: Lane)

    /// Called right after a lane's `put` stored a value: when `idle` (no delivery under way,
    /// demand outstanding) the output to deliver at once, if one is due; otherwise nil, and the
    /// value waits in the state.
    mutating func outputAfterPut(idle: Bool) -> Output?

    /// The output that is due, if any, taken from what the lanes sent.
    mutating func nextOutput() -> Output?

    /// Whether the whole has finished normally: no lane can send more and nothing is left to deliver.
    var isFinished: Bool { get }

    /// The downstream asked for `amount` more (`demand` is now outstanding): the requests to make
    /// at once, or nil for none.
    mutating func requested(_ amount: Subscribers.Demand, demand: Subscribers.Demand) -> [(Subscription,
        Subscribers.Demand)]?

    /// A delivery returned `amount` (> 0) more demand.
    mutating func deliveryAsked(_ amount: Subscribers.Demand)

    /// The requests to make once the delivery loop stopped, with `demand` outstanding, or nil for
    /// none (the common case: it is asked after every delivery, so it should answer nil cheaply).
    mutating func requestsAfterDelivery(demand: Subscribers.Demand) -> [(Subscription, Subscribers.Demand)]?

    /// Whether an output the lanes completed goes out even when the downstream's demand is used up,
    /// once until the next request: Combine's zip counts demand one below zero.
    static var deliversOneBeyondDemand: Bool { get }

    /// An output made by a value of `lane` is being delivered from inside that lane's upstream
    /// call: until `takeAnswer`, demand passed on to the lane is kept to be returned to it as the
    /// answer to that value instead of being requested (zip, as Combine does).
    mutating func answering(_ lane: Lane)

    /// Ends `answering`; returns the demand to answer the lane's upstream with.
    mutating func takeAnswer() -> Subscribers.Demand

    /// Forgets every lane and every waiting value; returns the subscriptions to cancel.
    mutating func releaseAll() -> [Subscription]
}

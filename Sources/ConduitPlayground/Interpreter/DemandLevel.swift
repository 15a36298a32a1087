import Conduit

/// A subscription's demand at one moment: what was requested so far, what was delivered, and so
/// what is still outstanding (the values the publisher may send now). Requests are credits and
/// deliveries debits; `subs`, `inspect`, traces and the demand lane of `marbles --demand` show it.
public struct DemandLevel: Equatable, Sendable {
    /// Everything requested so far; `.unlimited` once any request was unlimited.
    public var requested: Subscribers.Demand
    /// How many values were delivered so far.
    public var delivered: Int

    /// Creates a level.
    ///
    /// - Parameters:
    ///   - requested: Everything requested so far.
    ///   - delivered: How many values were delivered so far.
    public init(requested: Subscribers.Demand = .none, delivered: Int = 0) {
        self.requested = requested
        self.delivered = delivered
    }

    /// Requested minus delivered: `nil` when unlimited.
    public var outstanding: Int? {
        guard let max = requested.max else { return nil }
        return Swift.max(0, max - delivered)
    }

    /// `requested 3  delivered 2  outstanding 1`, or `requested unlimited  delivered 2`.
    var summary: String {
        guard let max = requested.max else { return "requested unlimited  delivered \(delivered)" }
        return "requested \(max)  delivered \(delivered)  outstanding \(outstanding ?? 0)"
    }

    /// The outstanding demand as the demand lane writes it: a number, or `∞`.
    var shortText: String {
        outstanding.map(String.init) ?? "∞"
    }
}

/// One benchmark case as one engine implements it: an identifier shared by both engines' case
/// lists and a closure that takes one sample, in the unit of the row the identifier names.
public struct Case: Sendable {
    /// The row this case fills (see `Row` in the harness).
    public let id: String
    /// Takes one sample: sets up, measures and tears down, then returns the figure.
    public let sample: @Sendable () -> Double
    /// At most this many samples after the warm-up (for slow cases), or nil for the harness's count.
    public let runs: Int?

    public init(_ id: String, runs: Int? = nil, sample: @escaping @Sendable () -> Double) {
        self.id = id
        self.runs = runs
        self.sample = sample
    }
}

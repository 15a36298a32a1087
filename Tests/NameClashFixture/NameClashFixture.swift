/// A test-support library of the kind a Combine user may already have, declaring names Combine does
/// not have; a file importing it and `Conduit` must find each name unambiguously
/// (`ConduitNameTests.NameClashTests`).

/// A test library's own virtual clock.
public final class VirtualTimeScheduler {
    public private(set) var now = 0

    public init() {}

    public func advance(by ticks: Int) {
        now += ticks
    }
}

/// A test library's own two-way binding.
public struct Binding<Value> {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }
}

/// A test library's own instrumentation switch.
public enum Instrumentation {
    public static let name = "fixture"
}

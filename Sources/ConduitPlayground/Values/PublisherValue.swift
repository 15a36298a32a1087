import Conduit

/// A publisher held as a playground value, so that a closure can return one
/// (`.flatMap { Just($0).delay(for: 1s) }`) and `flatMap`, `switchToLatest` and `catch` subscribe
/// to it through the engine. Two publisher values are equal only if they are the same one.
public final class PublisherValue: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The engine publisher (immutable once made, so sharing it across threads is safe).
    let pipe: Pipe
    /// How it was written, for printing: `Just(2)`, `search("swift")`.
    public let description: String

    init(_ pipe: Pipe, description: String) {
        self.pipe = pipe
        self.description = description
    }

    public static func == (lhs: PublisherValue, rhs: PublisherValue) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

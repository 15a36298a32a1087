import Synchronization

/// A unique identifier for identifying publisher streams.
///
/// Identifiers made with `init()` come from a process-wide counter, so they are unique and stable
/// for the life of the process; `init(_:)` derives one from an object's identity.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let rawValue: UInt64

    /// Creates a unique identifier.
    public init() {
        rawValue = identifierCounter.add(1, ordering: .relaxed).newValue
    }

    /// Creates an identifier from an object's identity: its address, as in Combine (a hash of the
    /// identity could make two live objects share an identifier).
    ///
    /// - Parameter obj: The object whose identity the identifier stands for.
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    public var description: String {
        "0x" + String(rawValue, radix: 16)
    }
}

private let identifierCounter = Atomic<UInt64>(0)

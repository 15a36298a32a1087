/// A value that one subscription's closures keep between values, touched only from its upstream's
/// events, which arrive one at a time (the publisher contract).
///
/// A box whose accesses skip Swift's run-time exclusivity check: a captured `var` pays that check
/// (about 75 instructions) on every access, several times a value.
@usableFromInline
internal final class SerialState<Value>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

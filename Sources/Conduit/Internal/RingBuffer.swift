/// A typed first-in first-out queue over a circular buffer, for the fan-in operators' hot paths
/// (zip's per-lane values, merge's waiting values): no boxing, and no shifting when it drains.
///
/// `@usableFromInline` with `@inlinable` members so a client's pipeline specialises it.
@usableFromInline
internal struct RingBuffer<Element> {
    @usableFromInline var storage: ContiguousArray<Element?> = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable
    init() {}

    /// Whether nothing is waiting.
    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Adds an element at the back.
    @inlinable
    mutating func append(_ element: Element) {
        if count == storage.count {
            grow()
        }
        var index = head &+ count
        if index >= storage.count {
            index -= storage.count
        }
        storage[index] = element
        count &+= 1
    }

    /// Removes and returns the oldest element.
    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head &+= 1
        if head == storage.count {
            head = 0
        }
        count &-= 1
        return element
    }

    /// Removes everything and frees the storage.
    @inlinable
    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }

    @usableFromInline
    mutating func grow() {
        var grown = ContiguousArray<Element?>()
        grown.reserveCapacity(Swift.max(4, storage.count * 2))
        for offset in 0..<count {
            grown.append(storage[(head + offset) % storage.count])
        }
        grown.append(contentsOf: repeatElement(nil, count: grown.capacity - count))
        storage = grown
        head = 0
    }
}

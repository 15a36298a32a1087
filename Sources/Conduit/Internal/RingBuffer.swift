/// A typed first-in first-out queue over a circular buffer, for the fan-in operators' hot paths
/// (zip's per-lane values, merge's waiting values): no boxing, and no shifting when it drains.
///
/// The oldest element lives inline, outside the circular storage, so a queue that holds at most
/// one element at a time (zip's lanes in step, merge under contention) never touches the array.
/// `@usableFromInline` with `@inlinable` members so a client's pipeline specialises it.
@usableFromInline
internal struct RingBuffer<Element> {
    /// The oldest element; `nil` only when the queue is empty.
    @usableFromInline var front: Element?
    /// The elements after `front`, from `head`, circularly.
    @usableFromInline var storage: ContiguousArray<Element?> = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable
    init() {}

    /// Whether nothing is waiting.
    @inlinable
    var isEmpty: Bool { front == nil }

    /// Adds an element at the back.
    @inlinable
    mutating func append(_ element: Element) {
        if front == nil {
            front = element
            return
        }
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
        guard let first = front else { return nil }
        front = count > 0 ? takeFromStorage() : nil
        return first
    }

    /// Removes and returns the oldest element of the circular storage, which is not empty.
    @inlinable
    mutating func takeFromStorage() -> Element? {
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
        front = nil
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

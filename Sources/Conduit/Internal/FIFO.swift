/// A first-in first-out queue with amortised O(1) `append` and `popFirst`, for operators that
/// hold values until demand arrives (merge, zip, buffer).
@usableFromInline
internal struct FIFO<Element> {
    @usableFromInline
    var storage: [Element?] = []
    @usableFromInline
    var head = 0

    /// Creates an empty queue.
    @inlinable
    init() {}

    /// The number of elements waiting.
    @inlinable
    var count: Int { storage.count - head }

    /// Whether nothing is waiting.
    @inlinable
    var isEmpty: Bool { head == storage.count }

    /// The oldest element, if any, without removing it.
    @inlinable
    var first: Element? { isEmpty ? nil : storage[head] }

    /// The elements, oldest first (for reflection).
    @inlinable
    var elements: [Element] { storage[head...].compactMap { $0 } }

    /// Adds an element at the back.
    @inlinable
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element.
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes and returns the newest element.
    @inlinable
    mutating func popLast() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage.removeLast()
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }

    /// Removes everything.
    @inlinable
    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

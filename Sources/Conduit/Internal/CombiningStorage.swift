/// The typed per-lane values of `zip` and `combineLatest` (one conforming struct per rule and
/// arity), so `CombiningState` keeps each upstream's values in their own type: no `Any`, no arrays.
///
/// Every member is called with the `FanInCore`'s lock held.
@usableFromInline
internal protocol CombiningStorage {
    associatedtype Output
    init()
    /// Finish as soon as one finished lane has nothing left (zip), rather than once every lane has
    /// finished (combineLatest).
    static var finishesWithFirstExhaustedLane: Bool { get }
    /// Whether an output is due.
    var hasOutput: Bool { get }
    /// The output that is due, if any, taking the values it uses (zip) or copying them (combineLatest).
    mutating func nextOutput() -> Output?
    /// Whether lane `index` holds nothing to combine.
    func isEmpty(lane index: Int) -> Bool
    /// Forgets every value.
    mutating func removeAll()
}

/// Zip of two: the values of each lane not paired yet.
@usableFromInline
internal struct ZipStorage2<A, B>: CombiningStorage {
    @usableFromInline var a = RingBuffer<A>()
    @usableFromInline var b = RingBuffer<B>()
    @inlinable init() {}
    @inlinable static var finishesWithFirstExhaustedLane: Bool { true }
    @inlinable var hasOutput: Bool { !a.isEmpty && !b.isEmpty }
    @inlinable mutating func nextOutput() -> (A, B)? {
        guard hasOutput else { return nil }
        return (a.popFirst()!, b.popFirst()!)
    }
    @inlinable func isEmpty(lane index: Int) -> Bool { index == 0 ? a.isEmpty : b.isEmpty }
    @inlinable mutating func removeAll() { a.removeAll(); b.removeAll() }
}

/// Zip of three: the values of each lane not paired yet.
@usableFromInline
internal struct ZipStorage3<A, B, C>: CombiningStorage {
    @usableFromInline var a = RingBuffer<A>()
    @usableFromInline var b = RingBuffer<B>()
    @usableFromInline var c = RingBuffer<C>()
    @inlinable init() {}
    @inlinable static var finishesWithFirstExhaustedLane: Bool { true }
    @inlinable var hasOutput: Bool { !a.isEmpty && !b.isEmpty && !c.isEmpty }
    @inlinable mutating func nextOutput() -> (A, B, C)? {
        guard hasOutput else { return nil }
        return (a.popFirst()!, b.popFirst()!, c.popFirst()!)
    }
    @inlinable func isEmpty(lane index: Int) -> Bool {
        switch index {
        case 0: a.isEmpty
        case 1: b.isEmpty
        default: c.isEmpty
        }
    }
    @inlinable mutating func removeAll() { a.removeAll(); b.removeAll(); c.removeAll() }
}

/// Zip of four: the values of each lane not paired yet.
@usableFromInline
internal struct ZipStorage4<A, B, C, D>: CombiningStorage {
    @usableFromInline var a = RingBuffer<A>()
    @usableFromInline var b = RingBuffer<B>()
    @usableFromInline var c = RingBuffer<C>()
    @usableFromInline var d = RingBuffer<D>()
    @inlinable init() {}
    @inlinable static var finishesWithFirstExhaustedLane: Bool { true }
    @inlinable var hasOutput: Bool { !a.isEmpty && !b.isEmpty && !c.isEmpty && !d.isEmpty }
    @inlinable mutating func nextOutput() -> (A, B, C, D)? {
        guard hasOutput else { return nil }
        return (a.popFirst()!, b.popFirst()!, c.popFirst()!, d.popFirst()!)
    }
    @inlinable func isEmpty(lane index: Int) -> Bool {
        switch index {
        case 0: a.isEmpty
        case 1: b.isEmpty
        case 2: c.isEmpty
        default: d.isEmpty
        }
    }
    @inlinable mutating func removeAll() { a.removeAll(); b.removeAll(); c.removeAll(); d.removeAll() }
}

/// CombineLatest of two: the latest value of each lane, and whether one arrived since the last output.
@usableFromInline
internal struct LatestStorage2<A, B>: CombiningStorage {
    @usableFromInline var a: A?
    @usableFromInline var b: B?
    @usableFromInline var changed = false
    @inlinable init() {}
    @inlinable static var finishesWithFirstExhaustedLane: Bool { false }
    @inlinable var hasOutput: Bool { changed && a != nil && b != nil }
    @inlinable mutating func nextOutput() -> (A, B)? {
        guard changed, let a, let b else { return nil }
        changed = false
        return (a, b)
    }
    @inlinable func isEmpty(lane index: Int) -> Bool { index == 0 ? a == nil : b == nil }
    @inlinable mutating func removeAll() { a = nil; b = nil; changed = false }
}

/// CombineLatest of three: the latest value of each lane, and whether one arrived since the last output.
@usableFromInline
internal struct LatestStorage3<A, B, C>: CombiningStorage {
    @usableFromInline var a: A?
    @usableFromInline var b: B?
    @usableFromInline var c: C?
    @usableFromInline var changed = false
    @inlinable init() {}
    @inlinable static var finishesWithFirstExhaustedLane: Bool { false }
    @inlinable var hasOutput: Bool { changed && a != nil && b != nil && c != nil }
    @inlinable mutating func nextOutput() -> (A, B, C)? {
        guard changed, let a, let b, let c else { return nil }
        changed = false
        return (a, b, c)
    }
    @inlinable func isEmpty(lane index: Int) -> Bool {
        switch index {
        case 0: a == nil
        case 1: b == nil
        default: c == nil
        }
    }
    @inlinable mutating func removeAll() { a = nil; b = nil; c = nil; changed = false }
}

/// CombineLatest of four: the latest value of each lane, and whether one arrived since the last output.
@usableFromInline
internal struct LatestStorage4<A, B, C, D>: CombiningStorage {
    @usableFromInline var a: A?
    @usableFromInline var b: B?
    @usableFromInline var c: C?
    @usableFromInline var d: D?
    @usableFromInline var changed = false
    @inlinable init() {}
    @inlinable static var finishesWithFirstExhaustedLane: Bool { false }
    @inlinable var hasOutput: Bool { changed && a != nil && b != nil && c != nil && d != nil }
    @inlinable mutating func nextOutput() -> (A, B, C, D)? {
        guard changed, let a, let b, let c, let d else { return nil }
        changed = false
        return (a, b, c, d)
    }
    @inlinable func isEmpty(lane index: Int) -> Bool {
        switch index {
        case 0: a == nil
        case 1: b == nil
        case 2: c == nil
        default: d == nil
        }
    }
    @inlinable mutating func removeAll() { a = nil; b = nil; c = nil; d = nil; changed = false }
}

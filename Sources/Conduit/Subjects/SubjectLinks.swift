/// A subject's subscribers (their conduits), in the order they came. The only one is kept inline
/// instead of in an array: a subject with a single subscriber (flatMap's inner subjects, most
/// `@Published` properties) allocates no array for it, and a send finds it in the hub itself.
///
/// `one` is set only while `many` is empty, and `many` never holds exactly one link (it moves to
/// `one`), so a single subscriber is always `one`.
@usableFromInline
internal struct SubjectLinks {
    /// The only subscriber, if there is exactly one.
    @usableFromInline var one: SubjectLink?
    /// The subscribers while there are two or more; empty otherwise (it may keep its capacity).
    @usableFromInline var many: [SubjectLink] = []

    @inlinable
    init() {}

    /// How many subscribers there are.
    @inlinable
    var count: Int { one == nil ? many.count : 1 }

    /// Every subscriber, as an array (made for the occasion when there is one).
    @inlinable
    var all: [SubjectLink] {
        if let one { return [one] }
        return many
    }

    /// Adds `link` after the others.
    @inlinable
    mutating func append(_ link: SubjectLink) {
        if let first = one {
            one = nil
            many.append(first)
            many.append(link)
        } else if many.isEmpty {
            one = link
        } else {
            many.append(link)
        }
    }

    /// Forgets every subscriber, keeping `many`'s capacity.
    @inlinable
    mutating func removeAll() {
        one = nil
        many.removeAll(keepingCapacity: true)
    }

    /// Moves the last link left in `many` to `one`, after links were removed from `many`.
    @inlinable
    mutating func settle() {
        guard many.count == 1 else { return }
        one = many[0]
        many.removeAll(keepingCapacity: true)
    }
}

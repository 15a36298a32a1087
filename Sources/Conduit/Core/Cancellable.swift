/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
    /// Cancel the activity; frees any allocated resources and stops side effects.
    func cancel()
}

extension Cancellable {
    /// Stores this cancellable instance in the specified collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Stores this cancellable instance in the specified set.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}

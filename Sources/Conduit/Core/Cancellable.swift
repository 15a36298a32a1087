/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
    /// Cancel the activity; frees any allocated resources and stops side effects.
    func cancel()
}

extension Cancellable {
    /// Stores this cancellable instance in the specified collection.
    ///
    /// ```swift
    /// var cancellables: [AnyCancellable] = []
    /// [1, 2].publisher.sink { print($0) }.store(in: &cancellables)
    /// // Prints "1", "2"; the subscription lasts as long as `cancellables` holds it.
    /// ```
    ///
    /// - Parameter collection: The collection to add this cancellable to.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Stores this cancellable instance in the specified set.
    ///
    /// ```swift
    /// var cancellables = Set<AnyCancellable>()
    /// [1, 2].publisher.sink { print($0) }.store(in: &cancellables)
    /// // Prints "1", "2"; the subscription lasts as long as `cancellables` holds it.
    /// ```
    ///
    /// - Parameter set: The set to add this cancellable to.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}

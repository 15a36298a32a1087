/// A type-erasing cancellable object that executes a provided closure when cancelled, and
/// cancels automatically when it is deinitialised.
///
/// Keep it (usually in a `Set<AnyCancellable>`) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = Lock()
    private var cancelAction: (() -> Void)?

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Initializes the cancellable object with the given cancellable, which it cancels when cancelled.
    public init<C: Cancellable>(_ canceller: C) {
        cancelAction = canceller.cancel
    }

    deinit {
        cancelAction?()
    }

    /// Cancels the activity once; later calls do nothing.
    public func cancel() {
        lock.lock()
        let action = cancelAction
        cancelAction = nil
        lock.unlock()
        action?()
    }

    /// Stores this type-erasing cancellable instance in the specified collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Stores this type-erasing cancellable instance in the specified set.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

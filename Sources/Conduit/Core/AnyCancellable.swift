import Synchronization

/// A type-erasing cancellable object that executes a provided closure when cancelled, and
/// cancels automatically when it is deinitialised.
///
/// Keep it (usually in a `Set<AnyCancellable>`) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    /// What cancelling does: a closure, or a cancellable object kept as is (no closure context to
    /// allocate, which matters with many live subscriptions).
    @usableFromInline
    internal enum Action: @unchecked Sendable {
        case closure(() -> Void)
        case object(any AnyObject & Cancellable)

        func run() {
            switch self {
            case .closure(let cancel): cancel()
            case .object(let canceller): canceller.cancel()
            }
        }
    }

    /// The pending action, `nil` once cancelled; the lock lives inline (no separate allocation).
    private let action: Mutex<Action?>

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        action = Mutex(.closure(cancel))
    }

    /// Initializes the cancellable object with the given cancellable, which it cancels when cancelled.
    public init<C: Cancellable>(_ canceller: C) {
        action = Mutex(.closure(canceller.cancel))
    }

    /// Wraps a cancellable object without a closure around it.
    @usableFromInline
    internal init(object canceller: some AnyObject & Cancellable) {
        action = Mutex(.object(canceller))
    }

    deinit {
        cancel()
    }

    /// Cancels the activity once; later calls do nothing.
    public func cancel() {
        let pending = action.withLock { action in
            let pending = action
            action = nil
            return pending
        }
        pending?.run()
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

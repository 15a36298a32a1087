import Synchronization

/// A type-erasing cancellable object that executes a provided closure when cancelled, and
/// cancels automatically when it is deinitialised.
///
/// Keep it (usually in a `Set<AnyCancellable>`) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    /// Set by the first `cancel()`: only the thread that sets it touches `target` afterwards. An
    /// atomic exchange rather than a `Mutex`, whose contended path the thread sanitizer cannot
    /// see (it reported the race-free concurrent `cancel()` calls as races).
    private let cancelled = Atomic<Bool>(false)
    /// What cancelling does, `nil` once cancelled: a cancellable object (a closure is kept in a
    /// `ClosureCanceller`). One class-constrained reference keeps the whole object at 40 bytes,
    /// which matters with many live subscriptions. Written only in `init` and by the thread that
    /// wins `cancelled`.
    private var target: (any AnyObject & Cancellable)?

    /// Initializes the cancellable object with the given cancel-time closure.
    ///
    /// - Parameter cancel: The closure to run once, on the first `cancel()` or when the last copy is freed.
    public init(_ cancel: @escaping () -> Void) {
        target = ClosureCanceller(cancel)
    }

    /// Initializes the cancellable object with the given cancellable, which it cancels when cancelled.
    ///
    /// - Parameter canceller: The cancellable to cancel.
    public init<C: Cancellable>(_ canceller: C) {
        if let object = canceller as? any AnyObject & Cancellable {
            target = object
        } else {
            target = ClosureCanceller(canceller.cancel)
        }
    }

    /// Wraps a cancellable object without a closure around it.
    @usableFromInline
    internal init(object canceller: some AnyObject & Cancellable) {
        target = canceller
    }

    deinit {
        // No other thread can hold it now, and a `cancel()` made on one happened before (the last
        // release orders it): `target` is nil if it was cancelled, with no atomic exchange needed.
        target?.cancel()
    }

    /// Cancels the activity once; later calls do nothing.
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let pending = target
        target = nil
        pending?.cancel()
    }

    /// Stores this type-erasing cancellable instance in the specified collection.
    ///
    /// ```swift
    /// var cancellables: [AnyCancellable] = []
    /// [1, 2].publisher.sink { print($0) }.store(in: &cancellables)
    /// // Prints "1", "2"; the subscription lasts as long as `cancellables` holds it.
    /// ```
    ///
    /// - Parameter collection: The collection to add this cancellable to.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Stores this type-erasing cancellable instance in the specified set.
    ///
    /// ```swift
    /// var cancellables = Set<AnyCancellable>()
    /// [1, 2].publisher.sink { print($0) }.store(in: &cancellables)
    /// // Prints "1", "2"; the subscription lasts as long as `cancellables` holds it.
    /// ```
    ///
    /// - Parameter set: The set to add this cancellable to.
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

/// The cancellable behind `AnyCancellable { ... }`: runs the closure when cancelled.
private final class ClosureCanceller: Cancellable, @unchecked Sendable {
    let cancelBody: () -> Void

    init(_ cancel: @escaping () -> Void) {
        cancelBody = cancel
    }

    func cancel() {
        cancelBody()
    }
}

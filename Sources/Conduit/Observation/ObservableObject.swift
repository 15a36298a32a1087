import Foundation

/// A type of object with a publisher that emits before the object has changed.
///
/// A class with `@Published` properties gets `objectWillChange` for free: every change of such a
/// property is announced before it happens, also for properties of subclasses. The same publisher
/// instance is returned on every access.
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object has changed.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The synthesised publisher that `@Published` properties of this object announce changes on.
    public var objectWillChange: ObservableObjectPublisher {
        ObjectWillChangeRegistry.shared.publisher(for: self)
    }
}

/// Keeps the synthesised `objectWillChange` publisher of each live object, so that every access
/// returns the same one and `@Published` setters can find it. Entries hold the object weakly and
/// are dropped once it is gone.
@usableFromInline
internal final class ObjectWillChangeRegistry: @unchecked Sendable {
    @usableFromInline static let shared = ObjectWillChangeRegistry()

    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private let lock = Lock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var insertionsSincePrune = 0

    /// The object's publisher, made on first use.
    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.withLock {
            let key = ObjectIdentifier(object)
            if let entry = entries[key], entry.object === object {
                return entry.publisher
            }
            let publisher = ObservableObjectPublisher()
            entries[key] = Entry(object: object, publisher: publisher)
            insertionsSincePrune += 1
            if insertionsSincePrune > 1024 {
                entries = entries.filter { $0.value.object != nil }
                insertionsSincePrune = 0
            }
            return publisher
        }
    }

    /// The object's publisher if anyone has asked for it (nobody can be listening otherwise).
    @usableFromInline
    func existingPublisher(for object: AnyObject) -> ObservableObjectPublisher? {
        lock.withLock {
            guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
            return entry.publisher
        }
    }
}

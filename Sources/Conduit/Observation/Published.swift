import Foundation

/// A type that publishes a property marked with an attribute.
///
/// `$property` is a publisher that sends the current value to each new subscriber and then every
/// new value, in the property's `willSet`: a subscriber reading the property sees the old value.
/// In an `ObservableObject`, a change also fires `objectWillChange` first.
@propertyWrapper
public struct Published<Value> {
    @usableFromInline let storage: Storage

    /// Creates the published instance with an initial wrapped value.
    ///
    /// - Parameter wrappedValue: The property's first value.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// Creates the published instance with an initial value.
    ///
    /// - Parameter initialValue: The property's first value.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// The property's publisher (`$property`); assigning to it with `assign(to:)` drives the property.
    public var projectedValue: Publisher {
        get { Publisher(storage) }
        set {}
    }

    /// Reads and writes the property of a class instance, announcing each change first.
    /// Specialised in the caller (`@inlinable`): the value goes to the subject with no generic
    /// metadata looked up at run time.
    @inlinable
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            ObjectWillChangeRegistry.shared.existingPublisher(for: object)?.send()
            object[keyPath: storageKeyPath].storage.set(newValue)
        }
    }

    /// The property's publisher (`$property`) reached through its object: it remembers the object,
    /// so that values `assign(to: &$property)` writes announce the change on `objectWillChange`.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        projected wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Publisher {
        get {
            let storage = object[keyPath: storageKeyPath].storage
            storage.owner = object
            return Publisher(storage)
        }
        set {}
    }

    /// A publisher for properties marked with the `@Published` attribute.
    public struct Publisher: Conduit.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        fileprivate let storage: Storage

        fileprivate init(_ storage: Storage) {
            self.storage = storage
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subject.receive(subscriber: subscriber)
        }
    }

    /// The value and its subject, shared by the property and every `$property` handed out.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline let lock = Lock()
        @usableFromInline var current: Value
        /// Sends in `willSet`: its value becomes the new one before the property's does.
        @usableFromInline let subject: CurrentValueSubject<Value, Never>
        /// Keeps the subscription made by `assign(to: &$property)` alive with the property.
        var assignment: AnyCancellable?
        private weak var ownerObject: AnyObject?

        /// The object whose property this is, once `$property` was reached through it.
        var owner: AnyObject? {
            get { lock.withLock { ownerObject } }
            set { lock.withLock { ownerObject = newValue } }
        }

        init(_ value: Value) {
            current = value
            subject = CurrentValueSubject(value, name: "PublishedSubject")
        }

        @inlinable
        var value: Value { lock.withLock { current } }

        @inlinable
        func set(_ newValue: Value) {
            subject.send(newValue)
            lock.withLock { current = newValue }
        }

        /// A value from `assign(to:)`: announced on the owner's `objectWillChange` like a set.
        func assign(_ newValue: Value) {
            if let owner {
                ObjectWillChangeRegistry.shared.existingPublisher(for: owner)?.send()
            }
            set(newValue)
        }
    }
}

extension Publisher where Failure == Never {
    /// Republishes elements received from a publisher, by assigning them to a property marked as a
    /// publisher. The subscription lives as long as the property.
    ///
    /// ```swift
    /// final class Model: ObservableObject { @Published var total = 0 }
    /// let model = Model()
    /// [1, 2, 3].publisher.scan(0, +).assign(to: &model.$total)
    /// print(model.total)
    /// // Prints "6".
    /// ```
    ///
    /// - Parameter published: The `@Published` property's publisher (`&object.$property`) to write each element
    ///   through.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        storage.assignment = sink { [weak storage] value in storage?.assign(value) }
    }
}

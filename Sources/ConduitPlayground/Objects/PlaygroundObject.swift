import Conduit
import Foundation

/// An observable object of the playground (`class Player: ObservableObject { @Published var ... }`):
/// its `@Published` properties are the engine's `Published` storage, written through
/// `Published`'s own enclosing-instance subscript, so `objectWillChange` (the engine's
/// synthesised `ObservableObjectPublisher`) fires before each new value is stored, and
/// `$property` sends the current value to each new subscriber. Plain properties announce nothing.
public final class PlaygroundObject: ObservableObject, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// One property as declared: its name and whether it is `@Published`.
    struct Property {
        let name: String
        let isPublished: Bool
    }

    /// The name the session knows the object by (`player`).
    let name: String
    /// The class it was made from (`Player`), if it came from a `class` declaration.
    let typeName: String?
    let properties: [Property]
    /// The `@Published` storage, one per published property, in declaration order. Only the
    /// engine's `Published` subscripts read and write it.
    var published: [Published<Value>]
    /// Where each published property's storage is in `published`, by property name.
    private let publishedIndex: [String: Int]
    /// The plain properties' values, guarded by `lock`.
    private var plain: [String: Value]
    private let lock = NSLock()
    /// What runs around a write of a property with `willSet` or `didSet`, by property name; set
    /// once, when the object is made.
    var observers: [String: InstalledObservers] = [:]
    /// Its computed properties' getters and setters, by name; set once, when the object is made.
    var computed: [String: InstalledComputedProperty] = [:]
    /// Its class's methods, by name, and the closures its closure properties hold (which a
    /// write replaces); set when the object is made.
    var methods: [String: InstalledMethod] {
        get { lock.withLock { installedMethods } }
        set { lock.withLock { installedMethods = newValue } }
    }
    private var installedMethods: [String: InstalledMethod] = [:]
    /// The properties that hold closures (`var onDeleteButtonTapped: () -> Void = {}`).
    var closureProperties: Set<String> = []
    /// The optional closure properties that hold none now (`var onChange: ((Int) -> Void)?`, or set to nil):
    /// they read as nil, as Swift's do (`model.onChange == nil`).
    var emptyClosureProperties: Set<String> = []
    /// The closure properties declared optional (`var onDone: (() -> Void)?`): Swift calls them only as
    /// `onDone?()`, so a read of one without arguments is the closure, not its call.
    var optionalClosureProperties: Set<String> = []
    /// Told when a write is dropped because it fed itself (see `FeedbackGuard`).
    var onFeedback: (@Sendable (String) -> Void)?
    /// Told of each new value of a `@Published` property just before it is stored (and announced),
    /// so the session records it as a send on the object's lanes (`player`, `player.$song`).
    var willPublish: (@Sendable (_ property: String, _ value: Value) -> Void)?
    /// Runs when the object is freed: an `AnyCancellable` cancels its subscription then, as Swift's does.
    var onFree: (@Sendable () -> Void)?
    /// Where the session that made the object keeps the subscriptions to its publishers (set once,
    /// when it is made), so that it can end them when it lets go of everything.
    var held: HeldSubscriptions?
    /// Stands in for the wrapped property in `Published`'s subscript, which only uses its key path.
    var wrappedPlaceholder: Value {
        get { .null }
        set {}
    }
    /// Stands in for the projected property (`$property`) in `Published`'s subscript.
    var projectedPlaceholder: Published<Value>.Publisher {
        get { published[0].projectedValue }
        set {}
    }

    /// The types its properties are declared with where a value is converted to them (`var balance:
    /// Double`, whose `balance = 100` holds 100.0, as Swift types the literal), by property name.
    private let declaredTypes: [String: ValueType]
    /// The cases a bare `.idle` given to a property declared an enumeration stands for (`var s: State`,
    /// whose `box.s = .idle` holds `State.idle`), by property name.
    private let impliedCases: [String: ImpliedCases]

    /// Makes the object with its properties' first values, in order; `declaredTypes` are the types
    /// written for them (`Double`), which each value they are given is converted to.
    init(
        name: String, typeName: String?, properties: [(name: String, isPublished: Bool, value: Value)],
        declaredTypes: [String: ValueType] = [:], impliedCases: [String: ImpliedCases] = [:]
    ) {
        self.name = name
        self.typeName = typeName
        self.properties = properties.map { Property(name: $0.name, isPublished: $0.isPublished) }
        self.declaredTypes = declaredTypes.filter { $0.value.holdsDouble }
        self.impliedCases = impliedCases
        var published: [Published<Value>] = []
        var index: [String: Int] = [:]
        var plain: [String: Value] = [:]
        for property in properties {
            var value = property.value.converted(to: self.declaredTypes[property.name])
            value = impliedCases[property.name]?.resolve(value) ?? value
            if property.isPublished {
                index[property.name] = published.count
                published.append(Published(wrappedValue: value))
            } else {
                plain[property.name] = value
            }
        }
        self.published = published
        self.publishedIndex = index
        self.plain = plain
    }

    deinit { onFree?() }

    public var description: String { typeName.map { "\($0)(\(name))" } ?? name }

    public static func == (lhs: PlaygroundObject, rhs: PlaygroundObject) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// The names of its properties, in declaration order.
    var propertyNames: [String] { properties.map(\.name) }

    /// Lets go of everything the object holds (its values, methods, observers and computed
    /// properties), for a session that ends or resets: a cycle through the object ends with it,
    /// such as seed 002's child model whose closure, given in the parent's `bind()`, keeps the parent
    /// that keeps the child (the playground's `[weak self]` holds strongly).
    func letGo() {
        observers = [:]
        computed = [:]
        lock.withLock {
            installedMethods = [:]
            plain = plain.mapValues { _ in .null }
        }
        published = published.map { _ in Published(wrappedValue: .null) }
    }

    func has(_ property: String) -> Bool {
        properties.contains { $0.name == property }
    }

    func isPublished(_ property: String) -> Bool {
        publishedIndex[property] != nil
    }

    /// A property's value; nil if it has no such property.
    func value(of property: String) -> Value? {
        if let getter = computed[property] { return getter.get(self) }
        if let index = publishedIndex[property] {
            return Published<Value>[
                _enclosingInstance: self, wrapped: \.wrappedPlaceholder, storage: \.published[index]]
        }
        return lock.withLock { plain[property] }
    }

    /// Sets a property: a published one through `Published` (announcing the change on
    /// `objectWillChange` first, then sending it on `$property`), a plain one silently; its
    /// `willSet` runs before, its `didSet` after. Returns false if there is no such property.
    @discardableResult
    func set(_ property: String, to value: Value) -> Bool {
        // `balance = balance * 2`, `fontSize = 14`: as the property is declared (14.0 for a `Double`).
        var value = declaredTypes.isEmpty ? value : value.converted(to: declaredTypes[property])
        value = impliedCases[property]?.resolve(value) ?? value
        if closureProperties.contains(property) { return holdClosure(value, in: property) }
        if let accessors = computed[property] {
            guard let setter = accessors.set else { return false }
            setter(self, value)
            return true
        }
        guard let observer = observers[property] else { return store(property, value) }
        let old = self.value(of: property) ?? .null
        observer.willSet?(self, value)
        let stored = store(property, value)
        observer.didSet?(self, old)
        return stored
    }

    /// `onChange = handler`, `onChange = nil` for a closure property: the closure value it is given (or,
    /// for nil, one that does nothing) is what calls of it run. False for any other value.
    func holdClosure(_ value: Value, in property: String) -> Bool {
        switch value {
        case .closure(let closure):
            methods[property] = InstalledMethod(parameterCount: closure.parameterCount) { _, arguments in
                try closure.call(arguments, written: property)
            }
            emptyClosureProperties.remove(property)
        case .null:
            emptyClosureProperties.insert(property)
            let count = methods[property]?.parameterCount ?? 0
            methods[property] = InstalledMethod(parameterCount: count) { _, _ in .void }
        default:
            return false
        }
        return true
    }

    /// A closure property read (`model.onChange`): nil where it holds none, the closure where it takes
    /// arguments or is optional, else what calling it gives (`model.onTap()` reads as the member).
    func closurePropertyValue(_ name: String) throws -> Value {
        if emptyClosureProperties.contains(name) { return .null }
        if let method = methods[name], method.parameterCount > 0 || optionalClosureProperties.contains(name) {
            return .closure(ClosureValue(parameterCount: method.parameterCount) { arguments in
                try self.call(name, arguments)
            })
        }
        return try call(name, [])
    }

    /// `object.NAME(ARGUMENTS)`: one of its methods, or `set` (a method's `self.NAME = VALUE`).
    func call(_ name: String, _ arguments: [Value]) throws -> Value {
        if name == "set", arguments.count == 2, case .string(let property) = arguments[0] {
            guard set(property, to: arguments[1]) else {
                let hint = Suggestion.closest(to: property, in: propertyNames).map { "; did you mean `\($0)`?" } ?? ""
                throw PlaygroundError("\(self.name) has no property `\(property)`\(hint)")
            }
            return .void
        }
        guard let method = methods[name] else {
            guard ObjectClass.isSuperMethod(name), let dot = name.lastIndex(of: ".") else { throw noMethod(name) }
            let (superclass, member) = (name[..<dot], name[name.index(after: dot)...])
            // `super.init()` for a superclass that is not the session's (`NSObject`), or declares no `init`.
            if member == "init", arguments.isEmpty { return .void }
            throw PlaygroundError(
                "`super.\(member)(...)`: \(superclass) has no method `\(member)` here (a superclass's methods are run "
                    + "when it is a class declared in this session)")
        }
        let arguments = method.defaults.completing(arguments, count: method.parameterCount)
        guard arguments.count == method.parameterCount else {
            throw PlaygroundError(
                "\(self.name).\(name) takes \(method.parameterCount) argument\(method.parameterCount == 1 ? "" : "s"), "
                    + "not \(arguments.count)")
        }
        return try method.run(self, arguments)
    }

    /// What calling a method it does not have says: the closest it has, or those it has.
    func noMethod(_ name: String) -> PlaygroundError {
        let known = methods.keys.sorted()
        let hint = Suggestion.closest(to: name, in: known).map { "; did you mean `\($0)`?" }
            ?? (known.isEmpty ? "" : "; it has \(known.map { "`\($0)(...)`" }.joined(separator: ", "))")
        return PlaygroundError("\(self.name) has no method `\(name)`\(hint)")
    }

    private func store(_ property: String, _ value: Value) -> Bool {
        if let index = publishedIndex[property] {
            let ran = FeedbackGuard.run {
                willPublish?(property, value)
                Published<Value>[_enclosingInstance: self, wrapped: \.wrappedPlaceholder, storage: \.published[index]] =
                    value
            }
            if !ran {
                onFeedback?(
                    "setting \(name).\(property) to \(value) feeds itself (a loop of \(FeedbackGuard.limit) changes): "
                        + "the value is dropped; cancel one of the sinks that write it"
                )
            }
            return true
        }
        return lock.withLock {
            guard plain[property] != nil else { return false }
            plain[property] = value
            return true
        }
    }

    /// `publisher`, one of the object's own, with its subscriptions kept by the session (`held`).
    func holding(_ publisher: Pipe) -> Pipe {
        held?.hold(publisher) ?? publisher
    }

    /// `$property`: the engine's publisher of a published property, reached through the object so
    /// that values `assign(to: &object.$property)` writes are announced on `objectWillChange`.
    func projected(_ property: String) -> Published<Value>.Publisher? {
        guard let index = publishedIndex[property] else { return nil }
        return Published<Value>[
            _enclosingInstance: self, projected: \.projectedPlaceholder, storage: \.published[index]]
    }

    /// A property by name, as a key path can reach it (`Subscribers.Assign` writes through it);
    /// reading a missing one gives nil, writing one does nothing.
    subscript(property name: String) -> Value {
        get { value(of: name) ?? .null }
        set { set(name, to: newValue) }
    }

    /// Every property and its value, for `inspect` and JSON.
    func snapshot() -> [Value.Field] {
        properties.map { Value.Field($0.name, value(of: $0.name) ?? .null) }
    }
}

extension PlaygroundObject {
    /// Whether `other` is reachable through this object's properties (nested objects).
    func contains(_ other: PlaygroundObject) -> Bool {
        var pending = [self]
        var seen = Set<ObjectIdentifier>()
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            for field in object.snapshot() {
                for child in field.value.objectsInside {
                    if child === other { return true }
                    pending.append(child)
                }
            }
        }
        return false
    }
}

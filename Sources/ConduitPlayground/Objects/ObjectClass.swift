/// A class declared in the playground (`class Player: ObservableObject { @Published var song = "" }`):
/// the properties each instance made with `let player = Player()` starts with. A `struct` is one too,
/// whose values are records (`Song(name: "x")`).
struct ObjectClass {
    let name: String
    var properties: [PropertyDeclaration]
    /// Declared with `struct`: its value is a record of its fields, not an object.
    var isValueType = false
    var methods: [MethodDeclaration] = []
    /// The session's protocols it conforms to (`class VC: PickerDelegate`, and its superclass's).
    var conformances: [String] = []
    /// The members it has from a protocol's extension rather than its own declaration: a later
    /// default of that name replaces them, and a declaration of its own overrides them.
    var defaulted: Set<String> = []

    /// Its `init(...) { ... }`, run on each new instance after the properties take their first values.
    var initialiser: MethodDeclaration? { methods.first { $0.name.display == "init" } }

    /// This class as a subclass of `superclass` (`class Dog: Animal`): the superclass's properties and
    /// methods first, those it declares again (`override func speak()`) replaced by its own, and the
    /// superclass's `init` when it declares none, as Swift's inheritance gives them.
    func inheriting(from superclass: ObjectClass?) -> ObjectClass {
        guard let superclass else { return self }
        let ownProperties = Set(properties.map(\.name.display))
        let ownMethods = Set(methods.map(\.name.display))
        var subclass = ObjectClass(
            name: name,
            properties: superclass.properties.filter { !ownProperties.contains($0.name.display) } + properties)
        subclass.methods = superclass.methods.filter { !ownMethods.contains($0.name.display) } + methods
        subclass.conformances = superclass.conformances + conformances.filter { !superclass.conformances.contains($0) }
        subclass.defaulted = superclass.defaulted.subtracting(ownMethods.union(ownProperties))
        // `super.speak()` in the subclass runs the superclass's own `speak`, and `super.init(...)` its
        // `init`: each is kept under the superclass's name, which no override replaces.
        for method in superclass.methods where !ObjectClass.isSuperMethod(method.name.display) {
            var kept = method
            kept.name = Token(
                kind: .identifier(ObjectClass.superMethodName(method.name.display, of: superclass.name)),
                offset: method.name.offset, length: method.name.length)
            subclass.methods.append(kept)
        }
        return subclass
    }

    /// This type with the defaults `declaration` (a protocol it conforms to) gives that it does not
    /// declare itself: a struct's computed property as the method that reads it, a class's as its
    /// property. A default it had from before is replaced by the protocol's newer one.
    func adopting(defaultsOf declaration: ProtocolDeclaration) -> ObjectClass {
        let own = Set(methods.map(\.name.display) + properties.map(\.name.display)).subtracting(defaulted)
        let getters = isValueType ? declaration.defaultProperties.compactMap(\.getterMethod) : []
        let addedMethods = (getters + declaration.defaultMethods).filter { !own.contains($0.name.display) }
        let addedProperties = isValueType
            ? [] : declaration.defaultProperties.filter { !$0.isStatic && !own.contains($0.name.display) }
        let added = Set(addedMethods.map(\.name.display) + addedProperties.map(\.name.display))
        var adopter = self
        adopter.methods = methods.filter { !added.contains($0.name.display) } + addedMethods
        adopter.properties = properties.filter { !added.contains($0.name.display) } + addedProperties
        adopter.defaulted.formUnion(added)
        return adopter
    }

    /// The name the superclass `superclass`'s method `method` is kept under in its subclasses.
    static func superMethodName(_ method: String, of superclass: String) -> String {
        "\(superclass).\(method)"
    }

    /// Whether `name` is a superclass's method kept for `super` (listed nowhere, called only by `super`).
    static func isSuperMethod(_ name: String) -> Bool {
        name.contains(".")
    }
}

/// One property of an `object` or `class` declaration: its name, whether it is `@Published`, and
/// its first value (nil if it has none, as a Swift optional starts).
struct PropertyDeclaration {
    let name: Token
    let isPublished: Bool
    let value: Expression?
    /// The type written after `:` (`Song?`), which `types` shows.
    var declaredType: String?
    /// The subject it holds, made for each instance (`let objectWillChange = PassthroughSubject<Void, Never>()`).
    var subject: PropertySubject?
    /// Its `willSet` and `didSet`, if it has them.
    var observers = PropertyObservers()
    /// Whether it is the type's own (`static let tapped = ...`), which `TYPE.NAME` and `Self.NAME` read.
    var isStatic = false
    /// Its getter and setter, if it is computed.
    var computed: ComputedProperty?
    /// The closure it starts with, if it holds one (`var onDeleteButtonTapped: () -> Void = {}`).
    var closure: Closure?

    /// A computed property of a struct as the method that reads it from the value (`point.doubled`);
    /// nil for a stored property.
    var getterMethod: MethodDeclaration? {
        computed.map { accessors in
            var getter = MethodDeclaration(name: name, parameters: [], body: accessors.getter)
            getter.readsAsProperty = true
            return getter
        }
    }

    /// Whether it holds a closure, which the object calls as a method (`self.onDeleteButtonTapped()`).
    var holdsClosure: Bool { declaredType.map(Parser.isFunctionType) == true || closure != nil }

    /// How the `class` line lists it: `@Published query`, `songs (willSet)`, `objectWillChange (PassthroughSubject)`.
    var summary: String {
        let access = computed.map { $0.setter == nil ? "get" : "get, set" }
        let notes = [subject?.typeName, observers.isEmpty ? nil : observers.summary, access,
            holdsClosure ? "a closure" : nil].compactMap { $0 }
        return (isPublished ? "@Published " : "") + name.display
            + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
    }
}

import Conduit

/// A two-way binding to an object's property, as SwiftUI's `$player.volume` gives one
/// (`let volume = $player.volume`): the engine's `Binding`, whose getter reads the property and
/// whose setter writes it through the object, so a `@Published` property announces the change.
final class BindingEntry {
    let binding: Binding<Value>
    let object: PlaygroundObject
    let property: String

    init(object: PlaygroundObject, property: String) {
        self.object = object
        self.property = property
        binding = Binding(get: { object.value(of: property) ?? .null }, set: { object.set(property, to: $0) })
    }

    /// How `subs` and `inspect` describe it: `Binding → player.volume = 5`.
    var summary: String {
        "Binding → \(object.name).\(property) = \(binding.wrappedValue)"
    }
}

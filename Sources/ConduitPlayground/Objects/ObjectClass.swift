/// A class declared in the playground (`class Player: ObservableObject { @Published var song = "" }`):
/// the properties each instance made with `let player = Player()` starts with.
struct ObjectClass {
    let name: String
    let properties: [PropertyDeclaration]
}

/// One property of an `object` or `class` declaration: its name, whether it is `@Published`, and
/// its first value (nil if it has none, as a Swift optional starts).
struct PropertyDeclaration {
    let name: Token
    let isPublished: Bool
    let value: Expression?
    /// The type written after `:` (`Song?`), which `types` shows.
    var declaredType: String?
}

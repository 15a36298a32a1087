/// A `var` declared in a closure's or a function's body (`var total = 0`): a place of its own,
/// made each time the body runs, so that the body's blocks, its loops' turns and the closures
/// written in it all read and set the one variable, as Swift's do.
///
/// The place is an object with a single plain property: it travels among the body's values
/// (`Expression.newVariable`) and in the scopes of closures that capture it, and no one sees it,
/// because every use of the name reads the value inside (`Expression.variable`).
enum LocalVariable {
    /// The property that holds the variable's value.
    private static let property = "value"

    /// A new variable holding `value`.
    static func make(_ value: Value) -> Value {
        .object(PlaygroundObject(name: "#variable", typeName: nil, properties: [(property, false, value)]))
    }

    /// The value `variable` holds now.
    static func read(_ variable: Value) throws -> Value {
        guard case .object(let place) = variable, let value = place.value(of: property) else {
            throw PlaygroundError("a variable of the body was read where it has no place (an internal error)")
        }
        return value
    }

    /// Gives `variable` its new value, of the type it holds (`var total: Double = 0; total = 3` holds 3.0,
    /// as Swift's variable keeps its type).
    static func write(_ value: Value, to variable: Value) throws {
        guard case .object(let place) = variable, place.set(property, to: kept(value, in: place)) else {
            throw PlaygroundError("a variable of the body was set where it has no place (an internal error)")
        }
    }

    /// `value` as the variable `place` keeps it: only an integer may need the type it holds, which
    /// costs a read.
    private static func kept(_ value: Value, in place: PlaygroundObject) -> Value {
        guard case .int = value else { return value }
        return value.converted(toTypeOf: place.value(of: property) ?? .null)
    }
}

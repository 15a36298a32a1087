/// Swift's own types that an `extension` may add to (`extension String { func shout() -> String { ... } }`,
/// `extension Notification.Name { static let userLoggedIn = ... }`): which they are, which of them a
/// value or a checked type is, and the members each has already, which an extension's methods name
/// without `self.` (`uppercased() + "!"`).
enum SwiftTypeExtensions {
    /// The types an extension may name, as Swift writes them.
    static let extensible = ["String", "Int", "Double", "Bool", "Array", notificationName]
    /// Foundation's type of notification names, whose extension declares static names.
    static let notificationName = "Notification.Name"

    /// The type among `extensible` whose values `value` is, if any.
    static func typeName(of value: Value) -> String? {
        switch value {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .array: "Array"
        default: nil
        }
    }

    /// The type among `extensible` that the checker's `type` is, if any.
    static func typeName(of type: ValueType) -> String? {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .array: "Array"
        default: nil
        }
    }

    /// The members Swift gives the type `name` itself (nil if it is none of `extensible`).
    static func builtinMembers(of name: String) -> Set<String>? {
        switch name {
        case "String": SwiftMembers.members(of: .string)
        case "Int": SwiftMembers.members(of: .int)
        case "Double": SwiftMembers.members(of: .double)
        case "Bool": SwiftMembers.members(of: .bool)
        case "Array": CollectionMethods.names.union(["count", "isEmpty", "first", "last", "indices", "description"])
        case notificationName: ["rawValue"]
        default: nil
        }
    }
}

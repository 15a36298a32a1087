/// Swift's `inout` parameters of a function (`func double(_ value: inout Int) { value *= 2 }`) and
/// the `&n` a call passes them: the body holds the parameter as a variable of its own, and when the
/// function returns, the caller's variable takes its last value, as Swift's copy-in copy-out does.
extension Parser {
    /// What `&NAME` in a call's arguments reads as: this function of the variable's expression.
    static let inoutArgument = "#inout"

    /// The positions of the parameters whose written type is `inout TYPE`.
    static func inoutSlots(of types: [String?]) -> Set<Int> {
        Set(types.enumerated().compactMap { index, type in type?.hasPrefix("inout ") == true ? index : nil })
    }

    /// `TYPE` of `inout TYPE`; any other type as written.
    static func withoutInout(_ type: String) -> String {
        type.hasPrefix("inout ") ? String(type.dropFirst("inout ".count)) : type
    }
}

/// Swift's `inout` parameters of a function (`func double(_ value: inout Int) { value *= 2 }`) and
/// the `&n` a call passes them: the body holds the parameter as a variable of its own, and when the
/// function returns, the caller's variable takes its last value, as Swift's copy-in copy-out does.
extension Parser {
    /// What `&NAME` in a call's arguments reads as: this function of the variable's expression.
    static let inoutArgument = "#inout"
}

/// `reduce(into: INITIAL) { $0[$1, default: 0] += 1 }`: Swift's closure whose first parameter is
/// `inout`. Here it is read as a closure whose first argument is copied into a `var` of the body
/// (a `LocalVariable`), which `$0` (or the first parameter's name) reads and sets; the closure then
/// gives that variable's value, which `reduce` hands to the next element, as Swift's accumulates it.
extension Parser {
    /// The body of `reduce(into:)`'s closure, its accumulator kept at `firstLocal`.
    mutating func accumulatorBody(firstLocal slot: Int) throws -> Expression {
        if let name = parameters.first(where: { $0.value == 0 })?.key {
            parameters[name] = slot
        } else {
            accumulatorSlot = slot
        }
        let wasVariable = variables.contains(slot)
        variables.insert(slot)
        defer { if !wasVariable { variables.remove(slot) } }
        let steps = try statementsBody(nextLocal: slot + 1)
        return .local(
            slot: slot, value: .newVariable(.argument(0)),
            body: .local(slot: slot + 1, value: steps, body: .variable(.argument(slot))))
    }
}

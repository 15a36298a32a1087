/// The values a function's or method's parameters take when a call leaves them out
/// (`func greet(name: String = "you")`, `mutating func increment(by amount: Int = 1)`), and its
/// variadic parameter (`_ xs: Int...`), whose arguments a call gives one by one.
struct DefaultArguments: Sendable {
    /// Each parameter's default, nil for one that has none.
    let values: [Value?]
    /// The position of the variadic parameter, if there is one.
    var variadicSlot: Int?

    static let none = DefaultArguments(values: [])

    /// `arguments` with the variadic parameter's gathered, then the defaults of the parameters after
    /// them added, when every one left out has a default; `arguments` as they are otherwise (the
    /// count is then checked as usual).
    func completing(_ given: [Value], count: Int) -> [Value] {
        let arguments = gathering(given, count: count)
        guard arguments.count < count, values.count == count else { return arguments }
        let missing = values[arguments.count..<count]
        guard missing.allSatisfy({ $0 != nil }) else { return arguments }
        return arguments + missing.compactMap { $0 }
    }

    /// `given` with the arguments of the variadic parameter gathered into one array (`sum(1, 2, 3)` of
    /// `func sum(_ xs: Int...)` gives `[1, 2, 3]`, `sum()` gives `[]`), for a call of a function of
    /// `count` parameters. A call's labels are not kept, so the parameters after a variadic one take the
    /// last arguments, one each.
    func gathering(_ given: [Value], count: Int) -> [Value] {
        guard let slot = variadicSlot, slot <= given.count else { return given }
        let gathered = max(0, min(given.count - slot, given.count - (count - 1)))
        var arguments = given
        arguments.replaceSubrange(slot..<slot + gathered, with: [.array(Array(given[slot..<slot + gathered]))])
        return arguments
    }
}

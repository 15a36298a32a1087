/// The values a function's or method's parameters take when a call leaves them out
/// (`func greet(name: String = "you")`, `mutating func increment(by amount: Int = 1)`).
struct DefaultArguments: Sendable {
    /// Each parameter's default, nil for one that has none.
    let values: [Value?]

    static let none = DefaultArguments(values: [])

    /// `arguments` with the defaults of the parameters after them added, when every one left out
    /// has a default; `arguments` as they are otherwise (the count is then checked as usual).
    func completing(_ arguments: [Value], count: Int) -> [Value] {
        guard arguments.count < count, values.count == count else { return arguments }
        let missing = values[arguments.count..<count]
        guard missing.allSatisfy({ $0 != nil }) else { return arguments }
        return arguments + missing.compactMap { $0 }
    }
}

/// An infix operator of closures and values, as the parser read it: matched as an enumeration
/// when a closure runs, not compared as text for every value. Prints as written (`+`, `==`).
enum BinaryOperator: String, CaseIterable, CustomStringConvertible {
    case coalesce = "??", or = "||", and = "&&"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case plus = "+", minus = "-", times = "*", divide = "/", remainder = "%"

    var description: String { rawValue }
}

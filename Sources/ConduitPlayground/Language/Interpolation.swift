/// Where a string's `\(expression)` starts and ends in the text of a string token: two
/// private-use characters around the expression's source, which the parser reads.
enum Interpolation {
    static let start: Character = "\u{E000}"
    static let end: Character = "\u{E001}"
}

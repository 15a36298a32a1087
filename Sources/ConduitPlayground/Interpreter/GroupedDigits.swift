/// The playground's way of writing counts.
extension Int {
    /// The number with its thousands grouped by commas, as the playground's messages write counts:
    /// `14,937`. The same in every locale, so that output and tests do not depend on it.
    public var groupedDigits: String {
        let digits = String(magnitude)
        var result = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

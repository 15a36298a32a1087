/// Swift's ranges as playground values: `1...3` (a `ClosedRange<Int>`), `0..<3` (a `Range<Int>`) and
/// their decimal kin (`0.0..<1.0`). A range is a record of kind `.range` holding its two bounds and
/// prints as Swift prints it. A range of whole numbers is a collection of them whose elements are
/// made only when something goes through them (`for`, `map`, `Array(r)`, `.publisher`): `count`,
/// `contains` and `Int.random(in:)` read the bounds alone, so `1...1_000_000_000` costs two numbers.
extension Value {
    /// The most elements a range gives to what goes through them one by one (a publisher of
    /// `1...1_000_000` is the largest; more would take the memory of an array of them).
    static let largestRange = 1_000_000

    /// `lower...upper` (`closed`) or `lower..<upper`. Whole numbers make a range of them; a decimal
    /// bound makes both decimals, as Swift's literals would. A lower bound above the upper one is
    /// Swift's precondition failure, said as an error.
    static func range(_ lower: Value, _ upper: Value, closed: Bool) throws -> Value {
        let written = "\(lower)\(closed ? "..." : "..<")\(upper)"
        var bounds = (lower, upper)
        if case .int(let low) = lower, case .int(let high) = upper {
            guard low <= high else {
                throw PlaygroundError("the range \(written) ends before it starts: write the lower bound first")
            }
        } else {
            guard let low = lower.numeric, let high = upper.numeric, !low.isNaN, !high.isNaN else {
                throw PlaygroundError(
                    "a range's bounds are numbers, not \(lower.kindName) \(lower) and \(upper.kindName) \(upper)")
            }
            guard low <= high else {
                throw PlaygroundError("the range \(written) ends before it starts: write the lower bound first")
            }
            bounds = (.double(low), .double(high))
        }
        return .record(RecordFields([Field("lowerBound", bounds.0), Field("upperBound", bounds.1)],
            kind: .range(closed: closed)))
    }

    /// A range's bounds and whether it is closed (`...`); nil for any other value.
    var rangeBounds: (lower: Value, upper: Value, closed: Bool)? {
        guard case .record(let fields) = self, case .range(let closed) = fields.kind, fields.count == 2 else {
            return nil
        }
        return (fields[0].value, fields[1].value, closed)
    }

    /// The first whole number of a range of them and how many it holds; nil for a decimal range or
    /// another value. A count past `Int.max` (`Int.min...Int.max`) is Swift's overflow, said as an error.
    func integerRange() throws -> (start: Int, count: Int)? {
        guard let (lower, upper, closed) = rangeBounds, case .int(let low) = lower, case .int(let high) = upper else {
            return nil
        }
        var (count, overflow) = high.subtractingReportingOverflow(low)
        if closed, !overflow { (count, overflow) = count.addingReportingOverflow(1) }
        guard !overflow else { throw PlaygroundError("the range \(self) holds more numbers than an Int counts") }
        return (low, count)
    }

    /// The elements of a range of whole numbers, for what goes through them one by one; nil for any
    /// other value. A decimal range is no sequence in Swift, and is refused as one.
    func rangeElements() throws -> [Value]? {
        guard rangeBounds != nil else { return nil }
        guard let (start, count) = try integerRange() else {
            throw PlaygroundError("the range \(self) of decimals is not a sequence: only a range of whole numbers "
                + "(`0..<3`) is gone through; `stride(from: 0.0, to: 1.0, by: 0.25)` steps through decimals")
        }
        guard count <= Value.largestRange else {
            throw PlaygroundError(
                "the range \(self) holds more than \(Value.largestRange) numbers, too many for the playground")
        }
        return (0..<count).map { .int(start + $0) }
    }

    /// `r.contains(x)`, `r ~= x` in a `switch`: whether `x` lies within the bounds, read from them
    /// alone; nil when this is no range.
    func rangeContains(_ element: Value) -> Bool? {
        guard let (lower, upper, closed) = rangeBounds else { return nil }
        guard let above = element.compare(to: lower), let below = element.compare(to: upper) else { return false }
        return above != .orderedAscending && (closed ? below != .orderedDescending : below == .orderedAscending)
    }

    /// A range's property (`count`, `isEmpty`, `first`, `last`, `lowerBound`, `upperBound`,
    /// `publisher`); nil when this is no range. A name ranges do not have is an error.
    func rangeMember(_ name: String) throws -> Value? {
        guard let (lower, upper, closed) = rangeBounds else { return nil }
        let whole = try integerRange()
        switch (name, whole) {
        case ("lowerBound", _): return lower
        case ("upperBound", _): return upper
        case ("isEmpty", _): return .bool(!closed && lower == upper)
        case ("count", let (_, count)?): return .int(count)
        case ("first", let (start, count)?): return count > 0 ? .int(start) : .null
        case ("last", let (start, count)?): return count > 0 ? .int(start + count - 1) : .null
        case ("publisher", _):
            let items = try rangeElements() ?? []
            return .publisher(PublisherValue(sequence: items, of: .range, description: "(\(self)).publisher"))
        default:
            throw PlaygroundError("range \(self) has no member `\(name)`")
        }
    }
}

/// A bound on how deeply values nest. Printing, comparing and freeing a value recurse once per
/// level, so a closure that wraps its accumulator (`reduce(0) { [$0] }`) over a long script would
/// overflow the stack; the closure fails instead, past `maximumNesting` levels.
extension Value {
    static let maximumNesting = 500

    /// `value`, a new array or record, if it nests at most `maximumNesting` levels.
    static func nested(_ value: Value) throws -> Value {
        if value.nestsDeeper(than: maximumNesting) {
            throw PlaygroundError("this value would nest more than \(maximumNesting) levels of arrays and records")
        }
        return value
    }

    /// Whether some path through arrays and records is longer than `limit` levels; looks no
    /// deeper than that, and walks without recursion.
    func nestsDeeper(than limit: Int) -> Bool {
        var pending: [(value: Value, depth: Int)] = [(self, 1)]
        while let (value, depth) = pending.popLast() {
            let children: [Value]
            switch value {
            case .array(let items): children = items
            case .record(let fields): children = fields.map(\.value)
            default: continue
            }
            if depth > limit { return true }
            for child in children {
                switch child {
                case .array, .record: pending.append((child, depth + 1))
                default: break
                }
            }
        }
        return false
    }
}

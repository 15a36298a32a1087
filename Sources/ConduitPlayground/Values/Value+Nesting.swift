/// A bound on how deeply values nest. Printing, comparing and freeing a value recurse once per
/// level, so a closure that wraps its accumulator (`reduce(0) { [$0] }`) over a long script would
/// overflow the stack; the closure fails instead, past `maximumNesting` levels.
extension Value {
    static let maximumNesting = 500
    /// The most arrays, records and elements a value may hold in all: an array that holds itself
    /// again and again (`xs.append(xs)`, `x = [x, x]`) shares its storage, so it grows twice as large
    /// each time while taking little memory, until printing it would take for ever.
    static let maximumElements = 2_000_000

    /// `value`, a new array or record, if it nests at most `maximumNesting` levels and holds at
    /// most `maximumElements` values.
    static func nested(_ value: Value) throws -> Value {
        var visited = 0
        if value.nestsDeeper(than: maximumNesting, visited: &visited) {
            if visited > maximumElements {
                throw PlaygroundError("this value would hold more than 2,000,000 arrays, records and elements in "
                    + "all (an array that holds itself again and again doubles each time)")
            }
            throw PlaygroundError("this value would nest more than \(maximumNesting) levels of arrays and records")
        }
        return value
    }

    /// Whether some path through arrays and records is longer than `limit` levels, or more than
    /// `maximumElements` values were counted in `visited`; looks no deeper than that, and walks
    /// without recursion.
    func nestsDeeper(than limit: Int, visited: inout Int) -> Bool {
        var pending: [(value: Value, depth: Int)] = [(self, 1)]
        while let (value, depth) = pending.popLast() {
            let children: [Value]
            switch value {
            case .array(let items): children = items
            case .record(let fields): children = fields.map(\.value)
            default: continue
            }
            if depth > limit { return true }
            visited += children.count
            if visited > Value.maximumElements { return true }
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

extension Value {
    /// The objects in this value: itself if it is one, or those in its arrays and records.
    var objectsInside: [PlaygroundObject] {
        var found: [PlaygroundObject] = []
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .object(let object): found.append(object)
            case .array(let items): pending += items
            case .record(let fields): pending += fields.map(\.value)
            default: break
            }
        }
        return found
    }
}

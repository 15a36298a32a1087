/// Swift's type checks of a loop in a body (`for x in xs where x > 0 { total += x }`): the
/// sequence and the conditions, then the body, where the loop's names have the element's type.
extension TypeChecker {
    func checkLoop(_ loop: BodyLoop, arguments: [ValueType], depth: Int) throws {
        let kept = (0..<loop.slot).map { $0 < arguments.count ? arguments[$0] : ValueType.value }
        var inBody = kept
        switch loop.kind {
        case .forIn(let sequence, let names, let filter, let match):
            try checkExpression(sequence, arguments: arguments, depth: depth)
            if let match {
                // `for case`: the pattern's names are of types the checker does not follow.
                for part in match.parts { try checkExpression(part, arguments: kept + [.value], depth: depth) }
                inBody += Array(repeating: ValueType.value, count: names)
            } else {
                inBody += loopNameTypes(of: type(of: sequence, arguments: arguments), count: names)
            }
            if let filter { try checkCondition(filter, arguments: inBody, depth: depth) }
        case .whileLoop(let condition), .repeatWhile(let condition):
            try checkCondition(condition, arguments: kept, depth: depth)
        case .deferred(let cleanup):
            try checkExpression(cleanup, arguments: kept, depth: depth)
        }
        try checkExpression(loop.body, arguments: inBody, depth: depth)
    }

    /// The types a loop's names take from the elements of a sequence of type `sequence`: an
    /// array's element, a range's bound, a dictionary's `(key, value)`, taken apart by a pattern
    /// of `count` names; unknown where the checker cannot tell.
    func loopNameTypes(of sequence: ValueType, count: Int) -> [ValueType] {
        let element: ValueType
        switch sequence {
        case .array(let item), .range(let item, _): element = item
        case .dictionary(let key, let value): element = .tuple([key, value], labels: ["key", "value"])
        default: element = .value
        }
        guard count > 1 else { return [element] }
        if case .tuple(let items, _) = element, items.count == count { return items }
        return Array(repeating: .value, count: count)
    }

    /// A loop's condition (or its `where` clause): Swift refuses one that is not a `Bool`.
    func checkCondition(_ condition: Expression, arguments: [ValueType], depth: Int) throws {
        try checkExpression(condition, arguments: arguments, depth: depth)
        let type = type(of: condition, arguments: arguments)
        if type.isKnownPlainType, type != .bool {
            throw TypeMismatch(message: TypeMismatch.notABoolean(type), near: nil)
        }
    }
}

/// One pattern as written: what it tests a subject for, and the names it binds.
struct CasePattern {
    enum Kind {
        /// `_`, or `let NAME`: anything.
        case any
        /// `.finished`, or `.failure(...)`: a completion of that kind.
        case completion(String)
        /// A value to compare with (`1`, `"a"`, `nil`).
        case equal(Expression)
        /// `.loaded`: an enumeration's case, whatever values it carries, or the text "loaded" (a case
        /// written without its type where the playground keeps its name).
        case caseName(String)
        /// `..<0`, `...9` or `10...`: a value the comparison with the bound holds for (`<`, `<=`, `>=`).
        case oneSided(BinaryOperator, Expression)
        /// `(0, _)`, `(let x, 0)`: a tuple whose elements match these, position by position.
        case tuple([CasePattern])
        /// `let x?`, `.some(PATTERN)`: an optional that holds a value the pattern matches.
        indirect case optionalSome(CasePattern)
        /// `is Int`: a value of that type.
        case isType(String)
        /// `.loaded(5)`, `.pair(let a, _)`, `APIError.invalid(let code)`: an enumeration's case (of that
        /// type, when one is written) whose values, by position, match these.
        case caseValues(type: String?, String, [CasePattern])
        /// `let e as APIError`: a value of that type, which the pattern matches as one.
        indirect case cast(CasePattern, String)
    }

    let kind: Kind
    /// `let NAME`, or `.failure(let NAME)` (the failure's message).
    let name: String?
    /// `.failure(let NAME as TYPE)`: the failure matches only as a value of that type.
    var cast: String?

    /// The test of `subject`, and the values its names bind, in the order they are written.
    func matching(_ subject: Expression) -> (test: Expression, bindings: [(name: String, value: Expression)]) {
        let test: Expression
        var value = subject
        switch kind {
        case .any: test = .literal(.bool(true))
        case .completion(let which):
            test = .call("#completion", [subject, .literal(.string(which))])
            value = .call("#failure", [subject])
            if let cast {
                value = .call("as?", [value, .literal(.string(cast))])
                let isOfType = Expression.binary(.notEqual, value, .literal(.null))
                return (.binary(.and, test, isOfType), name.map { [($0, value)] } ?? [])
            }
        case .equal(let other):
            // `case 1...5:` matches what the range contains, as Swift's `~=` does.
            if case .call("#range", _) = other {
                test = .call(".contains", [other, subject])
            } else {
                test = .binary(.equal, subject, other)
            }
        case .caseName(let name):
            let written: Expression = Expression.literal(Value.string(name))
            let equalsName: Expression = Expression.binary(BinaryOperator.equal, subject, written)
            let isCase: Expression = Expression.call("#isCase", [subject, written])
            let either: Expression = Expression.binary(BinaryOperator.or, equalsName, isCase)
            // `case .none:` of an optional: nil (or an enumeration's case named `none`).
            test = name == "none" ? .binary(.or, .binary(.equal, subject, .literal(.null)), isCase) : either
        case .oneSided(let comparison, let bound):
            // `case ..<0:`, `case 10...:`: what the one-sided range contains.
            test = .binary(comparison, subject, bound)
        case .cast(let inner, let type):
            // The names are read only from a value of the type (the test comes first): `as!` types them as it.
            let matched = inner.matching(.call("as!", [subject, .literal(.string(type))]))
            let isOfType = Expression.call("is", [subject, .literal(.string(type))])
            if case .literal(.bool(true)) = matched.test { return (isOfType, matched.bindings) }
            return (.binary(.and, isOfType, matched.test), matched.bindings)
        case .isType(let type):
            test = .call("is", [subject, .literal(.string(type))])
        case .caseValues(let type, let name, let elements):
            var isCase = Expression.call("#isCase", [subject, .literal(.string(name))])
            if let type { isCase = .binary(.and, .call("is", [subject, .literal(.string(type))]), isCase) }
            let values = elements.enumerated().map { index, element in
                element.matching(.call("#associated", [subject, .literal(.int(index))]))
            }
            // Each value is read only once the case is known to be this one (`&&` stops at the first false).
            let tests = values.map(\.test).filter { if case .literal(.bool(true)) = $0 { false } else { true } }
            return (tests.reduce(isCase) { .binary(.and, $0, $1) }, values.flatMap(\.bindings))
        case .tuple(let elements):
            return CasePattern.matching(elements, of: subject)
        case .optionalSome(let inner):
            // The playground's optional is its value, or nil: the inner pattern reads the value itself.
            let wrapped = inner.matching(subject)
            let present = Expression.binary(.notEqual, subject, .literal(.null))
            if case .literal(.bool(true)) = wrapped.test { return (present, wrapped.bindings) }
            return (.binary(.and, present, wrapped.test), wrapped.bindings)
        }
        return (test, name.map { [($0, value)] } ?? [])
    }

    /// `(0, let y)`: each element's test of the subject's element at its position, all of which must
    /// hold, and the names they bind, in order.
    private static func matching(
        _ elements: [CasePattern], of subject: Expression
    ) -> (test: Expression, bindings: [(name: String, value: Expression)]) {
        var test: Expression?
        var bindings: [(name: String, value: Expression)] = []
        for (index, element) in elements.enumerated() {
            let matched = element.matching(.index(subject, .literal(.int(index))))
            bindings += matched.bindings
            if case .literal(.bool(true)) = matched.test { continue }
            test = test.map { .binary(.and, $0, matched.test) } ?? matched.test
        }
        return (test ?? .literal(.bool(true)), bindings)
    }
}

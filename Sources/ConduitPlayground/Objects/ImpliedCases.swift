/// The cases a bare `.offline` stands for where a declared type says which enumeration it is: `let e:
/// LoadError = .offline`, `func f() -> LoadError { return .offline }`, `Result<Int, LoadError>.failure(
/// .offline)`. The playground reads `.offline` as the text "offline" until it knows the type (the text
/// equals the case, so comparisons work either way); here it becomes the case itself, so that it
/// prints, casts and is caught as Swift's does. Made when the type is declared, from the session's
/// enumerations then, and kept with what uses it.
struct ImpliedCases: Sendable {
    /// The enumeration's cases that carry no values, by name.
    private let cases: [String: Value]
    /// For Swift's `Result<Success, Failure>`: its Failure's cases, for a `.failure("offline")`.
    private let failureCases: [String: Value]

    /// The cases of the enumeration `type` names (also inside an optional or an array, or as `Result`'s
    /// Failure);
    /// nil when it names none of `enums`.
    init?(_ type: ValueType?, enums: [String: EnumDeclaration]) {
        guard var type else { return nil }
        // `E?`, `[E]`, `[String: E]`: the cases of `E` (an array's elements and a dictionary's values are
        // each resolved).
        unwrapping: while true {
            switch type {
            case .optional(let inner), .array(let inner), .dictionary(_, let inner): type = inner
            default: break unwrapping
            }
        }
        guard case .named(let written) = type else { return nil }
        func casesOf(_ name: String) -> [String: Value] {
            guard let declaration = enums[name], !declaration.isSwiftsResult else { return [:] }
            let plain = declaration.cases.filter { $0.associatedCount == 0 }
            var cases = Dictionary(plain.map { ($0.name.display, declaration.value(of: $0)) }) { first, _ in first }
            // Combine's `Subscribers.Demand.none` is `max(0)`.
            if name == EnumDeclaration.demandName { cases["none"] = Value(demand: .none) }
            return cases
        }
        cases = casesOf(written)
        // `Result<Int, LoadError>`: its Failure's cases, as Swift's tree of the type names them (only a
        // generic type's text holds a `<`, so no other type is parsed).
        let generic = written.contains("<") ? WrittenType(written).generic : nil
        let isResult = generic.map { $0.name == "Result" || $0.name == "Swift.Result" } ?? false
        failureCases = isResult ? generic?.arguments.last.map(casesOf) ?? [:] : [:]
        if cases.isEmpty && failureCases.isEmpty { return nil }
    }

    /// `value` with a case's name as the text ("offline") made the case, also as a `Result`'s failure.
    func resolve(_ value: Value) -> Value {
        if case .string(let name) = value, let found = cases[name] { return found }
        if case .array(let items) = value { return .array(items.map(resolve)) }
        if case .record(let fields) = value, fields.kind == .dictionary {
            return .record(RecordFields(fields.map { Value.Field($0.name, resolve($0.value), key: $0.key) },
                kind: .dictionary))
        }
        guard !failureCases.isEmpty, value.enumCaseName == "failure", case .record(var fields) = value,
            case .instance("Result") = fields.kind, fields.count == 2, case .string(let name) = fields[1].value,
            let found = failureCases[name]
        else { return value }
        fields[fields[1].name] = found
        return .record(fields)
    }
}

extension [ImpliedCases?] {
    /// `values` with each made the case a bare `.name` stands for where its position declares an
    /// enumeration (a function's parameters: `f(.b)` of `func f(_ e: E)` gets `E.b`); the rest as they are.
    func resolve(_ values: [Value]) -> [Value] {
        guard contains(where: { $0 != nil }) else { return values }
        return values.enumerated().map { index, value in
            index < count ? self[index]?.resolve(value) ?? value : value
        }
    }
}

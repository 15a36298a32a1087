import Conduit

/// What Swift gives every error and every `Result`, on the playground's values: `result.get()`
/// (the success, or its failure thrown), `error.localizedDescription` (Swift's sentence for an
/// error that does not describe itself), and a type's own `description` where it declares one.
extension Value {
    /// `result.get()` of Swift's `Result`: the success's value, or the failure thrown as Swift code's
    /// error (which `do`/`catch` and `try?` catch); nil when the value is no `Result`.
    func resultGet() throws -> Value? {
        guard case .record(let fields) = self, case .instance("Result") = fields.kind, let name = enumCaseName
        else { return nil }
        let payload = associatedValues.first ?? .void
        if name == "success" { return payload }
        var error = PlaygroundError(payload.enumCaseName != nil ? payload.nestedDescription : Functions.text(payload))
        error.isThrown = true
        if payload.isRecord { error.thrownValue = payload }
        return try { throw error }()
    }
}

extension Value {
    /// `result.publisher`, Swift's `Result.Publisher`: its success once and a finish, or its failure;
    /// nil for a value that is no `Result`.
    var resultPublisher: Value? {
        guard case .record(let fields) = self, case .instance("Result") = fields.kind else { return nil }
        let outcome: Result<Value, PlaygroundError>
        do {
            outcome = .success(try resultGet() ?? .void)
        } catch {
            outcome = .failure(PlaygroundError.from(error))
        }
        // The value does not say its Failure type: taken as one that may fail.
        return .publisher(PublisherValue(eager: .result(outcome, failsNever: false),
            description: "\(self).publisher"))
    }

    /// `result.map { ... }`, `mapError`, `flatMap`, `flatMapError` of Swift's `Result`: the closure
    /// applied to the success (or the failure), the other case kept; nil for a value that is no
    /// `Result` or another method.
    func resultMapped(_ method: String, through transform: (Value) throws -> Value) throws -> Value? {
        guard case .record(let fields) = self, case .instance("Result") = fields.kind, let name = enumCaseName,
            ["map", "mapError", "flatMap", "flatMapError"].contains(method)
        else { return nil }
        let onSuccess = method == "map" || method == "flatMap"
        guard (name == "success") == onSuccess else { return self }
        let result = EnumDeclaration.result
        let payload = associatedValues.first ?? .void
        let transformed = try transform(payload)
        // `flatMap` gives a `Result` itself; `map` wraps what it gives in the same case.
        if method.hasPrefix("flatMap") { return transformed }
        guard let same = result.case(named: name) else { return self }
        return result.value(of: same, associated: [transformed])
    }
}

extension EnumDeclaration {
    /// `error.localizedDescription` as Swift on Linux gives it for an error that is not a
    /// `LocalizedError`: "The operation could not be completed. (LoadError error 1.)", the case's code
    /// (`errorCode(of:)`; a struct's is 1), less the module's name as the playground prints types; a
    /// playground failure's message as it is. Nil for a value that is no error (a number, an array).
    static func localizedDescription(of value: Value, enums: [String: EnumDeclaration]) -> String? {
        let type: String
        var code = 1
        switch value {
        case .string(let message): return message
        case .object(let object): type = object.typeName ?? object.name
        case .record(let fields):
            guard case .instance(let name) = fields.kind else { return nil }
            type = name
            if let caseName = value.enumCaseName, let number = enums[name]?.errorCode(of: caseName) { code = number }
        default: return nil
        }
        return "The operation could not be completed. (\(type) error \(code).)"
    }
}

extension Interpreter {
    /// `error.localizedDescription`: its `errorDescription` when its type declares one (a `LocalizedError`),
    /// else Swift's sentence (`EnumDeclaration.localizedDescription`); a value that is no error says so.
    func boundLocalizedDescription(of base: Expression) throws -> Expression {
        let target = try bind(base)
        let (table, enums) = (structMethods, self.enums)
        return .bound(BoundExpression { [weak table] values in
            let value = try target.evaluate(values)
            if let method = table?.method("errorDescription", for: value) {
                let described = try method.run(on: value, []).result
                if described != .null { return described }
            }
            guard let text = EnumDeclaration.localizedDescription(of: value, enums: enums) else {
                throw PlaygroundError("value of type '\(ValueType(of: value))' has no member 'localizedDescription': "
                    + "it is an error's (`catch { print(error.localizedDescription) }`)")
            }
            return .string(text)
        })
    }
}

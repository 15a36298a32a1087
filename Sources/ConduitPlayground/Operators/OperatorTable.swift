/// Every operator the playground knows, by name: the single place the parser, `help` and tab
/// completion look them up.
enum OperatorTable {
    static let all: [OperatorSpec] = TransformOperators.all + CombiningOperators.all + TimeOperators.all
        + ConnectingOperators.all + ErasingOperators.all + DebuggingOperators.all + CodingOperators.all

    private static let byName: [String: OperatorSpec] = Dictionary(all.map { ($0.name, $0) },
        uniquingKeysWith: { first, _ in first })

    /// Combine's `try` operators take throwing closures; in the playground every closure may fail,
    /// so `tryMap` is `map` (built on the engine's `tryMap`) and so on: each operator's declaration
    /// says whether it has one (`OperatorSpec.hasTryForm`).
    static let aliases: [String: String] = Dictionary(uniqueKeysWithValues: all.compactMap { spec in
        spec.tryName.map { ($0, spec.name) }
    })

    static func spec(named name: String) -> OperatorSpec? {
        byName[name] ?? aliases[name].flatMap { byName[$0] }
    }

    static var names: [String] { all.map(\.name).sorted() }

    /// Whether `argument` of `call` names a scheduler (`receive(on: clock)`, `subscribe(on:)`,
    /// `debounce(for:scheduler:)`, `measureInterval(using:)`), not a publisher the call reads: as
    /// the operator's declaration says, or, for a name that is not an operator, by Combine's usual
    /// labels.
    static func isScheduler(_ argument: Argument, of call: OperatorCall) -> Bool {
        guard let label = argument.label else { return false }
        guard let spec = spec(named: call.name) else { return label == "scheduler" || label == "using" }
        return spec.schedulerLabels.contains(label)
    }
}

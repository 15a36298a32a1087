/// Every operator the playground knows, by name: the single place the parser, `help` and tab
/// completion look them up.
enum OperatorTable {
    static let all: [OperatorSpec] = TransformOperators.all + CombiningOperators.all + TimeOperators.all

    private static let byName: [String: OperatorSpec] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static func spec(named name: String) -> OperatorSpec? {
        byName[name]
    }

    static var names: [String] { all.map(\.name).sorted() }
}

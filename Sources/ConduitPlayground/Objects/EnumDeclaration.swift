/// An enumeration declared in the playground (`enum Direction { case up, down }`,
/// `enum Suit: String { case hearts = "♥", spades }`, `enum Load { case loaded(Int) }`,
/// `enum NetworkError: Error { case offline }`).
///
/// A case's value is a record of the enumeration's type whose first field, `#case`, names the case
/// (a name no one can type), followed by `rawValue` when the enumeration has raw values and by its
/// associated values, each named `#` and its label (`#seconds`) or its position (`#0`). It prints as
/// Swift prints it (`up`, `timeout(seconds: 3)`; inside another value with its type's name,
/// `failure(LoadError.offline)`), equals `.up` written without its type, and `.rawValue` reads its
/// raw value.
struct EnumDeclaration {
    struct Case {
        let name: Token
        let rawValue: Value?
        /// The types of its associated values as written (`case circle(radius: Double)`: `Double`).
        let associatedTypes: [String]
        /// The labels of its associated values (`case timeout(seconds: Int)`: `seconds`), "" where none.
        var associatedLabels: [String] = []

        /// How many associated values it carries (`case loaded(Int)`: 1).
        var associatedCount: Int { associatedTypes.count }
    }

    let name: String
    let cases: [Case]
    /// Whether it declares raw values (`: String`, `: Int`).
    let hasRawValues: Bool
    /// Whether it is Swift's `Result`, which every session has, not one the session declared.
    var isSwiftsResult = false
    /// Whether Swift or Combine declares it (`Result`, `Subscribers.Demand`), not the session: a case
    /// written bare (`.failure`, `.max`) is the session's own enumeration's first.
    var isBuiltIn: Bool { isSwiftsResult || name == EnumDeclaration.demandName }
    /// Its methods and computed properties (as the methods that read them), run on a case's value.
    var methods: [MethodDeclaration] = []

    /// Swift's `Result`: `.success(VALUE)` or `.failure(ERROR)`, matched by `switch` as any
    /// enumeration's cases are. An enumeration declared with the same case names comes first when a
    /// case is written without its type (`.success`).
    static var result: EnumDeclaration {
        EnumDeclaration(
            name: "Result",
            cases: [
                Case(name: Token(kind: .identifier("success"), offset: 0, length: 7), rawValue: nil,
                    associatedTypes: ["Success"]),
                Case(name: Token(kind: .identifier("failure"), offset: 0, length: 7), rawValue: nil,
                    associatedTypes: ["Failure"]),
            ],
            hasRawValues: false, isSwiftsResult: true)
    }

    /// The field that names the case in a case's record.
    static let caseField = "#case"

    func `case`(named name: String) -> Case? {
        cases.first { $0.name.display == name }
    }

    /// The value of `case` with `associated` values.
    func value(of enumCase: Case, associated: [Value] = []) -> Value {
        var fields = [Value.Field(EnumDeclaration.caseField, .string(enumCase.name.display))]
        if hasRawValues, let raw = enumCase.rawValue { fields.append(.init("rawValue", raw)) }
        var named = Set<String>()
        for (index, value) in associated.enumerated() {
            // `.square(side: 2)`: an integer literal for a `Double` is a Double, as Swift reads it.
            let declared = index < enumCase.associatedTypes.count ? enumCase.associatedTypes[index] : nil
            let label = index < enumCase.associatedLabels.count ? enumCase.associatedLabels[index] : ""
            let field = label.isEmpty || !named.insert(label).inserted ? "#\(index)" : "#" + label
            fields.append(.init(field, value.converted(toWritten: declared)))
        }
        return .record(RecordFields(fields, kind: .instance(name)))
    }

    /// The code Swift gives a case of an `Error` enumeration (what `localizedDescription` shows): its
    /// position, counting the cases that carry values first, as Swift lays an enumeration out.
    func errorCode(of name: String) -> Int? {
        let ordered = cases.filter { $0.associatedCount > 0 } + cases.filter { $0.associatedCount == 0 }
        return ordered.firstIndex { $0.name.display == name }
    }

    /// `Suit(rawValue: "♥")`: the case with that raw value, or nil, as Swift's failable initialiser.
    func value(rawValue: Value) -> Value {
        guard let match = cases.first(where: { $0.rawValue.map { $0.looselyEquals(rawValue) } ?? false }) else {
            return .null
        }
        return value(of: match)
    }

    /// How the `enum` line lists it: `enum Suit: hearts = "♥", spades = "spades"`.
    var summary: String {
        "enum \(name): " + cases.map { enumCase in
            let count = enumCase.associatedCount
            return enumCase.name.display
                + (count > 0 ? "(\(count) value\(count == 1 ? "" : "s"))" : "")
                + (hasRawValues ? enumCase.rawValue.map { " = \($0)" } ?? "" : "")
        }.joined(separator: ", ")
    }
}

extension Value {
    /// The case an enumeration's value is (`up` for `Direction.up`), if it is one.
    var enumCaseName: String? {
        guard case .record(let fields) = self, fields.first?.name == EnumDeclaration.caseField,
            case .string(let name) = fields[0].value
        else { return nil }
        return name
    }

    /// The associated values of an enumeration's case, in order.
    var associatedValues: [Value] {
        guard case .record(let fields) = self, enumCaseName != nil else { return [] }
        return fields.filter { $0.name.hasPrefix("#") && $0.name != EnumDeclaration.caseField }.map(\.value)
    }

    /// An enumeration's case as Swift prints it: `up`, `timeout(seconds: 3)`, `loaded(Shape.circle)`
    /// (a value it carries as Swift prints one inside another).
    var enumCaseDescription: String? {
        guard let name = enumCaseName, case .record(let fields) = self else { return nil }
        let values = fields.filter { $0.name.hasPrefix("#") && $0.name != EnumDeclaration.caseField }.map { field in
            let label = field.name.dropFirst()
            return (label.allSatisfy(\.isNumber) ? "" : label + ": ") + field.value.nestedDescription
        }
        return values.isEmpty ? name : name + "(" + values.joined(separator: ", ") + ")"
    }

    /// The value as Swift prints it inside another (an optional's, an array's element, a case's value):
    /// an enumeration's case with its type's name (`Optional(LoadError.offline)`), as Swift's debug
    /// text less the module's name (`main.`); Swift's own `Result`, whose generic arguments a value
    /// does not carry, by its case alone (`[success(1)]`). Anything else as `description`.
    var nestedDescription: String {
        guard let enumCase = enumCaseDescription, case .record(let fields) = self,
            case .instance(let type) = fields.kind, type != "Result"
        else { return description }
        return type + "." + enumCase
    }
}

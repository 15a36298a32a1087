import Conduit

/// Combine's `Subscribers.Demand` as a playground value: an enumeration every session has, with the
/// cases `unlimited` and `max(Int)`, so that `.max(2)`, `.unlimited` and
/// `Subscribers.Demand.max(1)` read, compare and print as Swift's do (`max(2)`, `unlimited`). Its
/// `none` is `max(0)`, as in Combine.
extension EnumDeclaration {
    /// The type's name, as Swift writes it.
    static let demandName = "Subscribers.Demand"

    static var demand: EnumDeclaration {
        EnumDeclaration(
            name: demandName,
            cases: [
                Case(name: Token(kind: .identifier("unlimited"), offset: 0, length: 9), rawValue: nil,
                    associatedTypes: []),
                Case(name: Token(kind: .identifier("max"), offset: 0, length: 3), rawValue: nil,
                    associatedTypes: ["Int"]),
            ],
            hasRawValues: false)
    }
}

extension Value {
    /// `demand` as the playground's value of `Subscribers.Demand`.
    init(demand: Subscribers.Demand) {
        let declaration = EnumDeclaration.demand
        if let count = demand.max {
            self = declaration.value(of: declaration.cases[1], associated: [.int(count)])
        } else {
            self = declaration.value(of: declaration.cases[0])
        }
    }

    /// The engine's `Subscribers.Demand` this value is: `.max(n)`, `.unlimited`, and `.none` (read as
    /// nil or as its name where no type said which `none` it was); nil for anything else.
    var demand: Subscribers.Demand? {
        switch self {
        case .null: return Subscribers.Demand.none
        case .string("none"): return Subscribers.Demand.none
        case .string("unlimited"): return .unlimited
        default: break
        }
        guard case .record(let fields) = self, case .instance(EnumDeclaration.demandName) = fields.kind else {
            return nil
        }
        switch enumCaseName {
        case "unlimited": return .unlimited
        case "max":
            guard case .int(let count) = associatedValues.first, count >= 0 else { return nil }
            return .max(count)
        default: return nil
        }
    }
}

import Foundation

/// Foundation's `NumberFormatter` in the playground, as slides use it to write a number as an ordinal or
/// in words: `let formatter = NumberFormatter()`, `formatter.numberStyle = .ordinal`,
/// `formatter.string(for: n)` or `formatter.string(from: NSNumber(value: n))`. The object holds a real
/// Foundation formatter, which writes the text (`3rd`, `twenty-two`) exactly as a Swift program on this
/// machine does; the playground only carries the settings to it and the text back.
enum NumberFormatterObject {
    /// The type's name, as `NumberFormatter()` is written and as the object prints.
    static let typeName = "NumberFormatter"
    /// The type of `numberStyle`'s values, as Swift names it.
    static let styleTypeName = "NumberFormatter.Style"
    /// Its methods: `string(for:)` and `string(from:)` (the playground reads a call's arguments
    /// without their labels, and both give the number's text, or nil).
    static let methodNames: Set<String> = ["string"]
    /// The properties a program reads and sets; each is the Foundation formatter's own.
    private static let properties = ["numberStyle", "minimumFractionDigits", "maximumFractionDigits"]

    /// Foundation's styles by the name Swift gives each case (`.ordinal`).
    private static let styles: [(name: String, style: NumberFormatter.Style)] = [
        ("none", .none), ("decimal", .decimal), ("currency", .currency), ("percent", .percent),
        ("scientific", .scientific), ("spellOut", .spellOut), ("ordinal", .ordinal),
        ("currencyISOCode", .currencyISOCode), ("currencyPlural", .currencyPlural),
        ("currencyAccounting", .currencyAccounting),
    ]

    /// `NumberFormatter()`: a new formatter each time it runs. It takes no arguments, as Foundation's.
    static func initialiser(_ arguments: [Expression], at token: Token) throws -> Expression {
        guard arguments.isEmpty else {
            throw SyntaxError(
                "`NumberFormatter()` takes no arguments: make it, then set its style "
                    + "(`formatter.numberStyle = .ordinal`)",
                at: token)
        }
        return .bound(BoundExpression { _ in .object(make()) })
    }

    /// `NSNumber(value: n)`: the number itself, which `string(from:)` hands to Foundation as an
    /// `NSNumber`.
    static func number(_ arguments: [Expression], at token: Token) throws -> Expression {
        var given = arguments
        if given.count == 1, case .record(let fields) = given[0], fields.count == 1, fields[0].0 == "value" {
            given = [fields[0].1]
        }
        guard given.count == 1, let number = given.first else {
            throw SyntaxError("write `NSNumber(value: n)`, with one number", at: token)
        }
        return .bound(
            BoundExpression { values in
                let value = try number.evaluate(values)
                guard nsNumber(value) != nil else {
                    throw PlaygroundError("NSNumber(value:) takes a number, not \(value.kindName) \(value)")
                }
                return value
            })
    }

    /// A new formatter object, with Foundation's defaults (`.none`, as `NumberFormatter()` starts).
    static func make() -> PlaygroundObject {
        let formatter = LockedValue(NumberFormatter())
        // A setting Foundation cannot take (`.numberStyle = .roman`): said by the next `string(...)`,
        // as a property's setter cannot fail.
        let refused = LockedValue<String?>(nil)
        let object = PlaygroundObject(
            name: "formatter", typeName: typeName,
            properties: properties.map { (name: $0, isPublished: false, value: Value.null) })
        object.computed["numberStyle"] = InstalledComputedProperty(
            get: { _ in styleValue(formatter.withLock { $0.numberStyle }) },
            set: { _, value in
                let name = value.enumCaseName ?? { if case .string(let name) = value { name } else { nil } }()
                guard let style = styles.first(where: { $0.name == name })?.style else {
                    refused.withLock { $0 = styleRefusal(value) }
                    return
                }
                formatter.withLock { $0.numberStyle = style }
                refused.withLock { $0 = nil }
            })
        for digits in ["minimumFractionDigits", "maximumFractionDigits"] {
            let path: ReferenceWritableKeyPath<NumberFormatter, Int> =
                digits == "minimumFractionDigits" ? \.minimumFractionDigits : \.maximumFractionDigits
            object.computed[digits] = InstalledComputedProperty(
                get: { _ in .int(formatter.withLock { $0[keyPath: path] }) },
                set: { _, value in
                    guard case .int(let count) = value, count >= 0 else {
                        refused.withLock { $0 = "\(digits) is a count of digits, 0 or more, not \(value)" }
                        return
                    }
                    formatter.withLock { $0[keyPath: path] = count }
                })
        }
        object.methods["string"] = InstalledMethod(parameterCount: 1) { _, arguments in
            if let message = refused.withLock({ $0 }) { throw PlaygroundError(message) }
            // `string(for:)` gives nil for what is no number, as Foundation's does.
            guard let number = nsNumber(arguments[0]) else { return .null }
            return formatter.withLock { $0.string(from: number) }.map(Value.string) ?? .null
        }
        return object
    }

    /// `.ordinal` as a value: the case of `NumberFormatter.Style`, which prints as Swift prints it.
    private static func styleValue(_ style: NumberFormatter.Style) -> Value {
        let name = styles.first { $0.style == style }?.name ?? "none"
        let fields = [Value.Field(EnumDeclaration.caseField, .string(name))]
        return .record(RecordFields(fields, kind: .instance(styleTypeName)))
    }

    private static func styleRefusal(_ value: Value) -> String {
        let written = value.enumCaseName ?? { if case .string(let name) = value { name } else { nil } }()
        let known = styles.map { ".\($0.name)" }.joined(separator: ", ")
        guard let written else {
            return "numberStyle takes a \(styleTypeName) (\(known)), not \(value.kindName) \(value)"
        }
        let hint = Suggestion.closest(to: written, in: styles.map(\.name)).map { "; did you mean `.\($0)`?" } ?? ""
        return "type '\(styleTypeName)' has no member '\(written)'\(hint) (it has \(known))"
    }

    /// The value as Foundation's `NSNumber`, if it is a number.
    private static func nsNumber(_ value: Value) -> NSNumber? {
        switch value {
        case .int(let number): return NSNumber(value: number)
        case .double(let number): return NSNumber(value: number)
        case .bool(let flag): return NSNumber(value: flag)
        default: return nil
        }
    }
}

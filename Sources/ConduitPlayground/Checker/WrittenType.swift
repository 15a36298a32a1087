import Foundation
import SwiftSyntax

/// A type as the user wrote it (`[String: Int]`, `Result<[Int], Error>`, `(Int) -> String`), read by
/// Swift's parser: its parts (key and value, element, generic arguments, tuple elements) are where
/// Swift's tree puts them, so no bracket counting decides where one part ends.
struct WrittenType {
    /// Swift's tree of the type; nil where Swift reads no type in the text without an error.
    let syntax: TypeSyntax?

    /// Reads `text` as one type (text nested deeper than any real type is not read: no syntax).
    init(_ text: String) {
        syntax = WrittenType.parse(text)
    }

    /// The generic type's name and its arguments, each as written, where Swift reads a named type with
    /// generic arguments (`Result<Int, LoadError>` gives `Result` and `Int`, `LoadError`;
    /// `Publishers.Sequence<[Int], Never>` gives `Publishers.Sequence`); nil for any other type.
    var generic: (name: String, arguments: [String])? {
        if let named = syntax?.as(IdentifierTypeSyntax.self), let clause = named.genericArgumentClause {
            return (named.name.text, clause.arguments.map { $0.argument.trimmedDescription })
        }
        if let member = syntax?.as(MemberTypeSyntax.self), let clause = member.genericArgumentClause {
            let name = member.baseType.trimmedDescription + "." + member.name.text
            return (name, clause.arguments.map { $0.argument.trimmedDescription })
        }
        return nil
    }

    /// The generic arguments written between `<` and `>` (`Int, LoadError` gives `Int` and
    /// `LoadError`), each as written; nil where Swift reads no list of types there.
    static func arguments(between text: String) -> [String]? {
        guard let type = parse("T<\(text)>")?.as(IdentifierTypeSyntax.self),
            let clause = type.genericArgumentClause
        else { return nil }
        return clause.arguments.map { $0.argument.trimmedDescription }
    }

    /// The types read so far, by their text: parsing one takes a third of a millisecond in a debug
    /// build, and the same few are read again and again. Forgotten past `maximumKnown` texts.
    nonisolated(unsafe) private static var knownTypes: [String: ValueType] = [:]
    private static let knownLock = NSLock()
    private static let maximumKnown = 512

    /// The type read before from `text`, if it was.
    static func known(_ text: String) -> ValueType? {
        knownLock.withLock { knownTypes[text] }
    }

    /// Remembers `type` as what `text` reads as.
    static func remember(_ type: ValueType, for text: String) {
        // Only a type with no parts (`Int`, `String`, the ones a `send` reads): one with parts is a box of its own,
        // and boxes kept in a table for the process's life read as leaks to the fuzzers' leak checker, which does
        // not see the enumeration's tagged pointers to them.
        switch type {
        case .int, .double, .string, .bool, .void, .never, .value: break
        default: return
        }
        knownLock.withLock {
            if knownTypes.count >= maximumKnown { knownTypes.removeAll() }
            knownTypes[text] = type
        }
    }

    /// Swift's tree of `text` read as the type of `let _: TEXT`, by `StatementShape.parse` (which
    /// refuses text nested too deeply for the parser's look-ahead); nil where that has an error or
    /// the text holds more than a type.
    private static func parse(_ text: String) -> TypeSyntax? {
        // `<` is no bracket to `StatementShape.parse`: more of them than brackets may nest is no real type.
        let angles = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "<") ? 1 : 0) }
        guard angles <= StatementShape.maximumNesting,
            let tree = StatementShape.parse("let _: \(text)"), !tree.hasError, tree.statements.count == 1,
            let declaration = tree.statements.first?.item.as(VariableDeclSyntax.self),
            declaration.bindings.count == 1, let binding = declaration.bindings.first,
            binding.initializer == nil, binding.accessorBlock == nil
        else { return nil }
        return binding.typeAnnotation?.type
    }
}

extension ValueType {
    /// The playground's type for a type in Swift's tree: collections, optionals, tuples and the
    /// standard library's generic types by their parts; anything else by its name as written. Nil for
    /// a type nested more than `StatementShape.maximumNesting` deep (`Int???...`), which no real one is.
    init?(_ type: TypeSyntax, depth: Int = 0) {
        guard depth <= StatementShape.maximumNesting else { return nil }
        if let optional = type.as(OptionalTypeSyntax.self) {
            guard let wrapped = ValueType(optional.wrappedType, depth: depth + 1) else { return nil }
            self = .optional(wrapped)
        } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            guard let wrapped = ValueType(optional.wrappedType, depth: depth + 1) else { return nil }
            self = .optional(wrapped)
        } else if let array = type.as(ArrayTypeSyntax.self) {
            guard let element = ValueType(array.element, depth: depth + 1) else { return nil }
            self = .array(element)
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            guard let key = ValueType(dictionary.key, depth: depth + 1),
                let value = ValueType(dictionary.value, depth: depth + 1)
            else { return nil }
            self = .dictionary(key: key, value: value)
        } else if let tuple = type.as(TupleTypeSyntax.self) {
            guard let items = ValueType.all(tuple.elements.map(\.type), depth: depth + 1) else { return nil }
            let labels = tuple.elements.map { $0.firstName?.text ?? "" }
            switch items.count {
            case 0: self = .void
            case 1: self = items[0]
            default: self = .tuple(items, labels: labels.allSatisfy(\.isEmpty) ? [] : labels)
            }
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            guard let clause = identifier.genericArgumentClause else {
                self = ValueType(name: identifier.name.text, arguments: nil, written: identifier)
                return
            }
            var types: [TypeSyntax] = []
            for argument in clause.arguments {
                guard case .type(let type) = argument.argument else { return nil }
                types.append(type)
            }
            guard let arguments = ValueType.all(types, depth: depth + 1) else { return nil }
            self = ValueType(name: identifier.name.text, arguments: arguments, written: identifier)
        } else {
            self = .named(type.trimmedDescription)
        }
    }

    /// The playground's types for `types`; nil if one is nested too deeply.
    private static func all(_ types: [TypeSyntax], depth: Int) -> [ValueType]? {
        var items: [ValueType] = []
        for type in types {
            guard let item = ValueType(type, depth: depth) else { return nil }
            items.append(item)
        }
        return items
    }

    /// A named type: the numbers, `String`, `Bool`, `Void`, `Never`, and `Set`, `Array`, `Dictionary`,
    /// `Range` and `ClosedRange` by their generic arguments; any other by its name as written.
    private init(name: String, arguments: [ValueType]?, written: IdentifierTypeSyntax) {
        switch (name, arguments) {
        case ("Set", nil): self = .set(.value)
        case ("Set", let arguments?) where arguments.count == 1: self = .set(arguments[0])
        case ("Array", let arguments?) where arguments.count == 1: self = .array(arguments[0])
        case ("Range", let arguments?) where arguments.count == 1: self = .range(arguments[0], closed: false)
        case ("ClosedRange", let arguments?) where arguments.count == 1: self = .range(arguments[0], closed: true)
        case ("Dictionary", let arguments?) where arguments.count == 2:
            self = .dictionary(key: arguments[0], value: arguments[1])
        case ("Int", nil), ("Int8", nil), ("Int16", nil), ("Int32", nil), ("Int64", nil), ("UInt", nil),
            ("UInt8", nil), ("UInt16", nil), ("UInt32", nil), ("UInt64", nil):
            self = .int
        case ("Double", nil), ("Float", nil), ("CGFloat", nil), ("TimeInterval", nil): self = .double
        case ("String", nil): self = .string
        case ("Bool", nil): self = .bool
        case ("Void", nil): self = .void
        case ("Never", nil): self = .never
        default: self = .named(written.trimmedDescription)
        }
    }
}

extension Expression {
    /// Whether some part of it is a name, a named call or a pipeline the session must resolve.
    var needsBinding: Bool {
        switch self {
        case .name, .namedCall, .pipeline: return true
        // Swift's members of an error, and a promise's bare failure case, need the session's types.
        case .member(_, "localizedDescription"), .call(Parser.impliedFailureCase, _): return true
        // A declaration's `let x: Int = 5` drops where its value is written (the checker's) when bound.
        case .call("#typed", let parts) where parts.count == 4: return true
        default: return parts.contains { $0.needsBinding }
        }
    }

    /// The first name an expression starts from (`player` of `player.$currentSong`).
    var rootName: String? {
        switch self {
        case .name(let name, _): return name
        case .namedCall(let name, _, _):
            return name.split(separator: ".").first.map(String.init)
        case .member(let base, _), .optionalMember(let base, _), .index(let base, _): return base.rootName
        case .pipeline(let syntax):
            if case .expression(let source) = syntax.source { return source.rootName }
            if case .name(let token) = syntax.source { return token.identifier }
            return nil
        default: return nil
        }
    }

    /// How a source expression reads, for `subs`: `player.$currentSong`, `search(…)`.
    var writtenText: String {
        switch self {
        case .name(let name, _): return name
        case .argument(let index): return "$\(index)"
        case .namedCall(let name, let arguments, _): return "\(name)(\(arguments.isEmpty ? "" : "…"))"
        case .member(let base, let name): return base.writtenText + "." + name
        case .optionalMember(let base, let name): return base.writtenText + "?." + name
        case .literal(let value): return value.description
        case .pipeline(let syntax): return syntax.text
        default: return "…"
        }
    }
}

extension Expression {
    /// The Swift type of a literal as written (`3` is `Int`, `[1]` an array), for messages that
    /// refuse one where another type is expected.
    var literalTypeName: String {
        switch self {
        case .literal(let value): return ValueType(of: value).description
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .tuple: return "tuple"
        default: return "value"
        }
    }
}

extension Expression {
    /// Whether it is `NAME.value` (a CurrentValueSubject's value, when NAME is one) or a member or
    /// element of it (`NAME.value[0]`).
    var isSubjectValue: Bool {
        switch self {
        case .member(.name, "value"): return true
        case .member(let base, _), .index(let base, _): return base.isSubjectValue
        default: return false
        }
    }

    /// The type this expression writes before `.self` (`Post`, `[Post]`), as written; nil when it
    /// is no type's name.
    var typeWritten: String? {
        switch self {
        case .name(let name, _) where name.first?.isUppercase == true: return name
        case .array(let items) where items.count == 1: return items[0].typeWritten.map { "[\($0)]" }
        default: return nil
        }
    }
}

extension Argument {
    /// The type a `TYPE.self` argument names (`decode(Post.self, from:)`, `type: [Post].self`), as
    /// written, however it reached here: Swift's name read whole, a member `self` of a type's name, or
    /// the type as a value once the session has bound it; nil for any other argument.
    var typeWritten: String? {
        switch content {
        case .swiftName(let name): return name.hasSuffix(".self") ? String(name.dropLast(5)) : name
        case .expression(.member(let type, "self")): return type.typeWritten
        case .expression(.literal(let type)): return type.metatypeName
        default: return nil
        }
    }
}

/// Which of Combine's publishers of at most one value, known when the chain is made, a stage is:
/// `Just`, `Optional.Publisher` or `Result.Publisher` (and whether the last one fails Never). Each
/// declares operators of its own that Swift picks over Publisher's generic ones.
enum EagerKind: Equatable, Sendable {
    case just, optional
    case result(failsNever: Bool)

    /// The kind of a stage `types` shows as `publisher` with `failure`; nil for any other publisher.
    init?(publisher: String, failure: FailureType) {
        switch publisher {
        case "Just": self = .just
        case "Optional.Publisher": self = .optional
        case "Result.Publisher": self = .result(failsNever: failure == .never)
        default: return nil
        }
    }
}

/// One of the operators the engine (as Combine) declares on `Just`, `Optional.Publisher` and
/// `Result.Publisher` themselves: they work the outcome out at once, when the chain is made, and
/// give another such publisher (`Just(1).map { ... }` is a `Just<Int>`, `filter` an
/// `Optional.Publisher`, `tryMap` a `Result.Publisher`), an `Empty` or a `Publishers.Sequence`.
enum EagerOverload: Equatable, Sendable {
    case map, tryMap, filter, compactMap, setFailureType, mapError, replaceError, replaceEmpty, retry
    case count, collect, first, firstWhere, last, lastWhere, ignoreOutput, dropFirst, dropWhile
    case prefix, prefixWhile, outputAt, outputIn, allSatisfy, tryAllSatisfy, containsWhere, tryContainsWhere
    case contains, reduce, tryReduce, scan, tryScan, min, max, minBy, maxBy, tryMinBy, tryMaxBy
    case removeDuplicates, removeDuplicatesBy, tryRemoveDuplicatesBy, append, prepend

    /// The overload `call` picks on a stage of kind `kind` (the operator's declaration `spec`,
    /// `isTry` when the call is its `try` form), or nil when Combine's generic operator is taken.
    static func picked(by call: OperatorCall, spec: OperatorSpec, isTry: Bool, on kind: EagerKind) -> EagerOverload? {
        guard let overload = named(by: call, spec: spec, isTry: isTry) else { return nil }
        return overload.isDeclared(on: kind) ? overload : nil
    }

    /// The overload of this name and shape, whichever publisher declares it.
    private static func named(by call: OperatorCall, spec: OperatorSpec, isTry: Bool) -> EagerOverload? {
        let closure = call.trailingClosure != nil || call.arguments.contains {
            if case .closure = $0.content { return true }
            return false
        }
        let labels = call.arguments.map { $0.label ?? "" }
        let bare = call.arguments.isEmpty && !closure
        let plain = !isTry
        switch spec.name {
        case "map" where closure && !isKeyPath(call): return isTry ? .tryMap : .map
        case "filter" where plain && closure: return .filter
        case "compactMap" where plain && closure: return .compactMap
        case "setFailureType": return .setFailureType
        case "mapError" where closure: return .mapError
        case "replaceError" where labels == ["with"]: return .replaceError
        case "replaceEmpty" where labels == ["with"]: return .replaceEmpty
        case "retry" where labels == [""]: return .retry
        case "count" where bare: return .count
        case "collect" where bare: return .collect
        case "first" where plain: return closure ? .firstWhere : bare ? .first : nil
        case "last" where plain: return closure ? .lastWhere : bare ? .last : nil
        case "ignoreOutput" where bare: return .ignoreOutput
        case "dropFirst" where !closure && labels.allSatisfy(\.isEmpty) && labels.count <= 1: return .dropFirst
        case "drop" where plain && closure: return .dropWhile
        case "prefix" where plain && closure: return .prefixWhile
        case "prefix" where labels == [""]: return .prefix
        case "output" where labels == ["at"]: return .outputAt
        case "output" where labels == ["in"]: return .outputIn
        case "allSatisfy" where closure: return isTry ? .tryAllSatisfy : .allSatisfy
        case "contains" where closure: return isTry ? .tryContainsWhere : .containsWhere
        case "contains" where plain && labels == [""]: return .contains
        case "reduce" where closure: return isTry ? .tryReduce : .reduce
        case "scan" where closure: return isTry ? .tryScan : .scan
        case "min" where closure: return isTry ? .tryMinBy : .minBy
        case "max" where closure: return isTry ? .tryMaxBy : .maxBy
        case "min" where plain && bare: return .min
        case "max" where plain && bare: return .max
        case "removeDuplicates" where closure: return isTry ? .tryRemoveDuplicatesBy : .removeDuplicatesBy
        case "removeDuplicates" where plain && bare: return .removeDuplicates
        case "append" where givesValues(call): return .append
        case "prepend" where givesValues(call): return .prepend
        default: return nil
        }
    }

    /// Whether the engine declares this overload on publishers of `kind`.
    private func isDeclared(on kind: EagerKind) -> Bool {
        switch kind {
        case .just:
            return true
        case .optional:
            switch self {
            case .tryMap, .setFailureType, .mapError, .tryAllSatisfy, .tryContainsWhere, .tryReduce, .tryScan,
                .tryMinBy, .tryMaxBy, .tryRemoveDuplicatesBy, .append, .prepend:
                return false
            default: return true
            }
        case .result(let failsNever):
            switch self {
            case .filter, .compactMap, .firstWhere, .lastWhere, .dropFirst, .dropWhile, .prefix, .prefixWhile,
                .outputAt, .outputIn, .append, .prepend:
                return false
            case .setFailureType: return failsNever
            default: return true
            }
        }
    }

    /// `map(\.name)`: Swift takes Publisher's `map(_ keyPath:)`, not the closure form.
    private static func isKeyPath(_ call: OperatorCall) -> Bool {
        guard call.trailingClosure == nil, case .closure(let closure)? = call.arguments.first?.content else {
            return false
        }
        return closure.token.kind == .symbol("\\")
    }

    /// `append(3, 4)`, not `append(other)`: values to send, not another publisher.
    private static func givesValues(_ call: OperatorCall) -> Bool {
        !call.arguments.isEmpty && call.trailingClosure == nil && call.arguments.allSatisfy {
            if case .expression = $0.content, $0.label == nil { return true }
            return false
        }
    }
}

import Conduit

/// What a stage that is still a `Publishers.Sequence` is, as far as Combine's overloads care: the
/// kind of its `Elements` (an array, a range, a `stride`, or the lazy sequences `dropFirst`, `drop(while:)` and
/// `prefix` make) and whether its Failure is Never. Both decide which of `Publishers.Sequence`'s
/// own operators a call picks (`first()` needs a Collection that fails Never, `append` an array).
struct SequenceShape: Equatable, Sendable {
    /// The kind of the sequence the publisher holds.
    enum Elements: Equatable, Sendable {
        case array, range, stride, dropFirst, dropWhile, prefix
    }

    var elements: Elements
    var failsNever: Bool

    /// `[Int]` and ranges are random-access, bidirectional collections; a `StrideTo` and the lazy sequences are not.
    var isCollection: Bool { elements == .array || elements == .range }
    /// Only an array can have values added (`append(3)`, `prepend(0)`).
    var isRangeReplaceable: Bool { elements == .array }

    /// `[1, 2].publisher`.
    static let array = SequenceShape(elements: .array, failsNever: true)
}

/// One of the operators Combine declares on `Publishers.Sequence` itself: they run over the
/// elements at once, when the chain is made, and give another `Publishers.Sequence` (or a
/// `Result`, `Optional` or `Just` publisher of the outcome). Swift picks them over Publisher's
/// generic operators of the same name, so `[1, 2].publisher.map { ... }` runs its closure before
/// any subscriber comes.
enum SequenceOverload: Equatable, Sendable {
    case map, filter, compactMap, scan, reduce, tryReduce, collect, allSatisfy, tryAllSatisfy
    case containsWhere, tryContainsWhere, contains, ignoreOutput, removeDuplicates, removeDuplicatesBy
    case dropFirst, dropWhile, prefix, prefixWhile, setFailureType, replaceNil
    case min, max, minBy, maxBy, first, firstWhere, last, lastWhere, count, outputAt, outputIn
    case append, prepend

    /// What `append(...)` or `prepend(...)` is given, as Combine's overloads tell it apart.
    enum Appended: Equatable, Sendable {
        /// Values (`append(3, 4)`).
        case values
        /// A publisher: a `Publishers.Sequence` of that shape (`append([3].publisher)`), nil for any other
        /// (`append(Just(5))`, `append(subject)`).
        case publisher(SequenceShape?)
    }

    /// The overload `call` picks on a stage of shape `shape` (the operator's declaration `spec`,
    /// `isTry` when the call is its `try` form; `appended`, what an `append` or a `prepend` is given), or nil when
    /// Combine's generic operator is taken.
    static func picked(
        by call: OperatorCall, spec: OperatorSpec, isTry: Bool, on shape: SequenceShape, appended: Appended = .values
    ) -> SequenceOverload? {
        let closure = call.trailingClosure != nil || call.arguments.contains {
            if case .closure = $0.content { return true }
            return false
        }
        let labels = call.arguments.map { $0.label ?? "" }
        let plain = !isTry
        let never = shape.failsNever
        switch spec.name {
        case "map" where plain && closure && !isKeyPath(call): return .map
        case "filter" where plain && closure: return .filter
        case "compactMap" where plain && closure: return .compactMap
        case "scan" where plain && closure: return .scan
        case "reduce" where closure: return isTry ? .tryReduce : .reduce
        case "collect" where call.arguments.isEmpty && !closure: return .collect
        case "allSatisfy" where closure: return isTry ? .tryAllSatisfy : .allSatisfy
        case "contains" where closure: return isTry ? .tryContainsWhere : .containsWhere
        case "contains" where plain && labels == [""]: return .contains
        case "ignoreOutput": return .ignoreOutput
        case "removeDuplicates" where plain: return closure ? .removeDuplicatesBy : .removeDuplicates
        case "dropFirst" where labels.allSatisfy(\.isEmpty): return .dropFirst
        case "drop" where plain && closure: return .dropWhile
        case "prefix" where plain && closure: return .prefixWhile
        case "prefix" where labels == [""]: return .prefix
        case "setFailureType": return .setFailureType
        case "replaceNil": return .replaceNil
        case "min" where plain && never: return closure ? .minBy : .min
        case "max" where plain && never: return closure ? .maxBy : .max
        case "first" where plain && never && closure: return .firstWhere
        case "first" where never && !closure && shape.isCollection: return .first
        case "last" where plain && never && shape.isCollection: return closure ? .lastWhere : .last
        case "count" where shape.isCollection: return .count
        case "output" where never && shape.isCollection && labels == ["at"]: return .outputAt
        case "output" where never && shape.isCollection && labels == ["in"] && isHalfOpen(call): return .outputIn
        case "append" where shape.isRangeReplaceable && takesIn(appended, call, on: shape): return .append
        case "prepend" where shape.isRangeReplaceable && takesIn(appended, call, on: shape): return .prepend
        default: return nil
        }
    }

    /// The shape of the stage it makes, when that is a `Publishers.Sequence` again.
    func shape(after upstream: SequenceShape) -> SequenceShape? {
        switch self {
        case .map, .filter, .compactMap, .scan, .removeDuplicates, .removeDuplicatesBy, .prefixWhile, .replaceNil,
            .outputIn:
            return SequenceShape(elements: .array, failsNever: upstream.failsNever)
        case .dropFirst: return SequenceShape(elements: .dropFirst, failsNever: upstream.failsNever)
        case .dropWhile: return SequenceShape(elements: .dropWhile, failsNever: upstream.failsNever)
        case .prefix: return SequenceShape(elements: .prefix, failsNever: upstream.failsNever)
        case .setFailureType: return SequenceShape(elements: upstream.elements, failsNever: false)
        case .append, .prepend: return upstream
        default: return nil
        }
    }

    /// `map(\.name)`: Swift takes Publisher's `map(_ keyPath:)`, not the sequence's closure form.
    static func isKeyPath(_ call: OperatorCall) -> Bool {
        guard call.trailingClosure == nil, case .closure(let closure)? = call.arguments.first?.content else {
            return false
        }
        return closure.token.kind == .symbol("\\")
    }

    /// `output(in: 1..<3)`: the sequence's overload takes a `Range` of indices; `1...3` is not one.
    private static func isHalfOpen(_ call: OperatorCall) -> Bool {
        switch call.arguments.first?.content {
        case .range(_, let upper, let closed)?: return upper != nil && !closed
        case .expression(.call("#range", let bounds))?:
            if bounds.count == 3, case .literal(.bool(false)) = bounds[2] { return true }
            return false
        default: return false
        }
    }

    /// Whether the sequence's own `append` or `prepend` takes what it is given: values (`append(3, 4)`), or a
    /// `Publishers.Sequence` of an array failing as the stage does (`append([3, 4].publisher)`); any other publisher
    /// (`append(Just(5))`) takes Publisher's, which makes a `Publishers.Concatenate`.
    private static func takesIn(_ appended: Appended, _ call: OperatorCall, on shape: SequenceShape) -> Bool {
        switch appended {
        case .values: return givesValues(call)
        case .publisher(let other?): return other.elements == .array && other.failsNever == shape.failsNever
        case .publisher(nil): return false
        }
    }

    /// `append(3, 4)`, not `append(other)`: the values an array can take in.
    private static func givesValues(_ call: OperatorCall) -> Bool {
        !call.arguments.isEmpty && call.arguments.allSatisfy {
            if case .expression = $0.content, $0.label == nil { return true }
            return false
        }
    }
}

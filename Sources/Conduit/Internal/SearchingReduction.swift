/// Which value a picking reduction keeps: the first its test accepts (`first(where:)`, which stops
/// there) or the last (`last(where:)`, which reads to the end).
@usableFromInline
internal enum Pick {
    case first
    case last
}

/// The reductions that search the values with a test, shared by `contains`, `allSatisfy`, `first`
/// and `last` (and their `where:` and `try` forms), each of which is one of them.
extension Publisher {
    /// Reduces to a yes-or-no answer (`contains`, `allSatisfy`): each value's `test` is the answer so
    /// far, and the first answer that is `decisive` ends the stream with it; with none, the answer is
    /// `!decisive`.
    @inlinable
    internal func answerInto<S: Subscriber>(
        _ subscriber: S, name: String, decisive: Bool, test: @escaping (Output) -> Bool
    ) where S.Input == Bool, S.Failure == Failure {
        let answer = Self.answer(for: S.self, decisive: decisive, test: test)
        reduceInto(subscriber, name: name, accumulate: answer.accumulate, result: answer.result)
    }

    /// Like `answerInto`, for the `try` operators: an error `test` throws fails the stream.
    @inlinable
    internal func tryAnswerInto<S: Subscriber>(
        _ subscriber: S, name: String, decisive: Bool, test: @escaping (Output) throws -> Bool
    ) where S.Input == Bool, S.Failure == Error {
        let answer = Self.answer(for: S.self, decisive: decisive, test: test)
        tryReduceInto(subscriber, name: name, accumulate: answer.accumulate, result: answer.result)
    }

    /// Reduces to one of the values `test` accepts (`first`, `last` and their `where:` forms): the
    /// first, which ends the stream, or the last, sent when the upstream finishes.
    @inlinable
    internal func pickInto<S: Subscriber>(
        _ subscriber: S, name: String, _ pick: Pick, test: @escaping (Output) -> Bool
    ) where S.Input == Output, S.Failure == Failure {
        let picking = Self.picking(for: S.self, pick, test: test)
        reduceInto(subscriber, name: name, accumulate: picking.accumulate, result: picking.result)
    }

    /// Like `pickInto`, for the `try` operators: an error `test` throws fails the stream.
    @inlinable
    internal func tryPickInto<S: Subscriber>(
        _ subscriber: S, name: String, _ pick: Pick, test: @escaping (Output) throws -> Bool
    ) where S.Input == Output, S.Failure == Error {
        let picking = Self.picking(for: S.self, pick, test: test)
        tryReduceInto(subscriber, name: name, accumulate: picking.accumulate, result: picking.result)
    }

    /// The steps and the result of `answerInto`, around the answer so far.
    @inlinable
    static func answer<S: Subscriber>(
        for _: S.Type, decisive: Bool, test: @escaping (Output) throws -> Bool
    ) -> (accumulate: (Output) throws -> ReducingSubscriber<Output, Failure, S>.Control, result: () -> Bool?) {
        let answer = SerialState(!decisive)
        return ({ value in
            answer.value = try test(value)
            return answer.value == decisive ? .done : .more
        }, { answer.value })
    }

    /// The steps and the result of `pickInto`, around the value picked so far.
    @inlinable
    static func picking<S: Subscriber>(
        for _: S.Type, _ pick: Pick, test: @escaping (Output) throws -> Bool
    ) -> (accumulate: (Output) throws -> ReducingSubscriber<Output, Failure, S>.Control, result: () -> Output?) {
        let picked = SerialState<Output?>(nil)
        return ({ value in
            guard try test(value) else { return .more }
            picked.value = value
            return pick == .first ? .done : .more
        }, { picked.value })
    }
}

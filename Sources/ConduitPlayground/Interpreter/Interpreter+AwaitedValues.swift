import Conduit
import Foundation

/// `let n = await loadNumber().value` in a `Task`: the task subscribes to the publisher and goes on
/// when its first value arrives (a `Future` fulfilled later, by `asyncAfter` or a timer), as Swift's
/// task is suspended there; at once if the value is there already.
extension Interpreter {
    /// Runs the task's statement `awaited`, then the rest of the task when the value arrives; nil if
    /// what it awaits is not a publisher (the statement then runs as any other, and says what is wrong).
    func runAwait(
        _ awaited: AwaitedValue, rest: ArraySlice<StatementReader.Piece>, declared: [String], file: String?,
        line: Int
    ) -> Bool? {
        guard let arrival = subscribeAwaited(awaited) else { return nil }
        let goOn: (Result<Value, PlaygroundError>) -> Bool = { [weak self] outcome in
            self?.resume(after: awaited, outcome, rest: rest, declared: declared, file: file, line: line) ?? false
        }
        let later = UncheckedArrival(goOn)
        let scheduler = scheduler
        if let outcome = arrival.outcome(orWhenArrived: { outcome in
            scheduler.runOnMainQueue { _ = later.run(outcome) }
        }) {
            return goOn(outcome)
        }
        return true
    }

    /// The first value (or failure) of the publisher `awaited` names, subscribed to now.
    private func subscribeAwaited(_ awaited: AwaitedValue) -> AwaitArrival? {
        guard var parser = try? Parser(awaited.publisherText), let expression = try? parser.valueExpression(),
            (try? parser.expectEnd()) != nil, let bound = try? bind(expression),
            case .publisher(let publisher)? = try? bound.evaluate([])
        else { return nil }
        let arrival = AwaitArrival()
        arrival.subscription = publisher.pipe.first().sink(
            receiveCompletion: { completion in
                switch completion {
                case .failure(let error): arrival.arrive(.failure(error))
                case .finished: arrival.arrive(.failure(PlaygroundError("the publisher finished without a value")))
                }
            },
            receiveValue: { arrival.arrive(.success($0)) })
        return arrival
    }

    /// The awaited value arrived: it is declared, and the task goes on; a failure ends the task.
    private func resume(
        after awaited: AwaitedValue, _ outcome: Result<Value, PlaygroundError>,
        rest: ArraySlice<StatementReader.Piece>, declared: [String], file: String?, line: Int
    ) -> Bool {
        switch outcome {
        case .success(let value):
            let name = Token(kind: .identifier(awaited.name), offset: awaited.nameOffset, length: awaited.name.count)
            do {
                try defineValue(name, value, isConstant: awaited.isConstant)
            } catch {
                emit(OutputRecord(kind: .error, text: "error: \(Interpreter.message(of: error))"))
                return resumeTask([][...], declared: declared, file: file, line: line) && false
            }
            return resumeTask(rest, declared: declared + [awaited.name], file: file, line: line)
        case .failure(let error):
            // Swift says nothing (the task keeps the error as its result): a note, not a failed line.
            info("note: `\(awaited.publisherText).value` threw \(error.message): the task ends there (Swift keeps "
                + "the error as the task's result; `do { ... } catch { ... }` in the task handles it)")
            return resumeTask([][...], declared: declared, file: file, line: line) && false
        }
    }
}

/// What the publisher a task awaits sent first (its value or its failure), and what to tell when it
/// arrives if the task is waiting for it. Keeps its subscription until then.
final class AwaitArrival: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived: Result<Value, PlaygroundError>?
    private var onArrival: ((Result<Value, PlaygroundError>) -> Void)?
    var subscription: AnyCancellable?

    /// The first outcome is kept (and told, if the task waits); later ones are not.
    func arrive(_ outcome: Result<Value, PlaygroundError>) {
        let waiting: ((Result<Value, PlaygroundError>) -> Void)? = lock.withLock {
            guard arrived == nil else { return nil }
            arrived = outcome
            defer { onArrival = nil }
            return onArrival
        }
        waiting?(outcome)
    }

    /// The outcome if it has arrived; otherwise nil, and `handler` is told it when it does.
    func outcome(orWhenArrived handler: @escaping (Result<Value, PlaygroundError>) -> Void)
        -> Result<Value, PlaygroundError>?
    {
        lock.withLock {
            if let arrived { return arrived }
            onArrival = handler
            return nil
        }
    }
}

/// The rest of a task, handed to the main queue with the value it awaited.
private struct UncheckedArrival: @unchecked Sendable {
    let run: (Result<Value, PlaygroundError>) -> Bool
    init(_ run: @escaping (Result<Value, PlaygroundError>) -> Bool) { self.run = run }
}

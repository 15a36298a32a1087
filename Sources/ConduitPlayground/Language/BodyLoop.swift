/// A `for`, `while` or `repeat`-`while` loop written in a closure's or a function's body
/// (`for x in xs { total += x }`). It runs for its effect: a turn passes what it computed to the
/// next by setting the body's `var`s (`LocalVariable`), and `break`, `continue` and `return`
/// leave a turn as `LoopSignal`s. A `defer` is kept here too, as the one turn of the rest of the body
/// followed by its block, however the rest ends.
struct BodyLoop {
    enum Kind {
        /// `for NAME in SEQUENCE where FILTER`: a turn per element (taken apart into `names` values
        /// by a tuple pattern such as `(i, x)`), for the elements the filter holds for; with `for case`,
        /// for the elements the match fits, its names taken from them.
        case forIn(sequence: Expression, names: Int, filter: Expression?, match: LoopMatch?)
        /// `while CONDITION`: tested before each turn.
        case whileLoop(condition: Expression)
        /// `repeat { } while CONDITION`: tested after each turn, so the body runs at least once.
        case repeatWhile(condition: Expression)
        /// `defer { CLEANUP }`: the body (the statements after it) once, and then the cleanup, even when
        /// the body returns early or throws; its value is the body's.
        case deferred(cleanup: Expression)
    }

    let kind: Kind
    /// Where the loop's names go: the body runs with the values before `slot`, then the names.
    let slot: Int
    let body: Expression

    /// The most turns a `while` or `repeat` loop takes: a condition that never turns false ends
    /// with a message rather than hanging the session.
    static let maximumTurns = 1_000_000

    /// The expressions it is made of, for the questions asked of every part of an expression.
    var parts: [Expression] {
        switch kind {
        case .forIn(let sequence, _, let filter, let match):
            return [sequence] + (match?.parts ?? []) + (filter.map { [$0] } ?? []) + [body]
        case .whileLoop(let condition), .repeatWhile(let condition): return [condition, body]
        case .deferred(let cleanup): return [body, cleanup]
        }
    }

    /// The loop with each of its parts changed by `transform` (the session binds names this way).
    func map(_ transform: (Expression) throws -> Expression) rethrows -> BodyLoop {
        let changed: Kind
        switch kind {
        case .forIn(let sequence, let names, let filter, let match):
            changed = .forIn(
                sequence: try transform(sequence), names: names, filter: try filter.map(transform),
                match: try match?.map(transform))
        case .whileLoop(let condition): changed = .whileLoop(condition: try transform(condition))
        case .repeatWhile(let condition): changed = .repeatWhile(condition: try transform(condition))
        case .deferred(let cleanup): changed = .deferred(cleanup: try transform(cleanup))
        }
        return BodyLoop(kind: changed, slot: slot, body: try transform(body))
    }

    /// Runs the loop with the body's values; gives `Void` (a `defer`: the value of the body).
    func run(_ arguments: [Value]) throws -> Value {
        let kept = Array(arguments.prefix(slot))
        switch kind {
        case .deferred(let cleanup):
            let result: Value
            do {
                result = try body.evaluate(kept)
            } catch {
                _ = try cleanup.evaluate(kept)
                throw error
            }
            _ = try cleanup.evaluate(kept)
            return result
        case .forIn(let sequence, let names, let filter, let match):
            var turns = 0
            for element in try BodyLoop.elements(of: try sequence.evaluate(arguments)) {
                let named: [Value]
                if let match {
                    // `for case`: an element the pattern does not fit is skipped.
                    guard let bound = try match.values(kept + [element]) else { continue }
                    named = bound
                } else {
                    named = try BodyLoop.names(of: element, count: names)
                }
                let values = kept + named
                if let filter, try !BodyLoop.holds(try filter.evaluate(values)) { continue }
                guard try turn(values, &turns) else { break }
            }
        case .whileLoop(let condition):
            var turns = 0
            while try BodyLoop.holds(try condition.evaluate(kept)) {
                try BodyLoop.limit(turns, of: "while")
                guard try turn(kept, &turns) else { break }
            }
        case .repeatWhile(let condition):
            var turns = 0
            repeat {
                try BodyLoop.limit(turns, of: "repeat")
                guard try turn(kept, &turns) else { break }
            } while try BodyLoop.holds(try condition.evaluate(kept))
        }
        return .void
    }

    /// Runs the body once; false when it ran `break`.
    private func turn(_ values: [Value], _ turns: inout Int) throws -> Bool {
        turns += 1
        if turns % 256 == 0, EvaluationBudget.currentStepIsStopped {
            throw PlaygroundError("interrupted (Ctrl-C): the loop stopped after \(turns) turns")
        }
        do {
            _ = try body.evaluate(values)
            return true
        } catch LoopSignal.continueLoop {
            return true
        } catch LoopSignal.breakLoop {
            return false
        }
    }

    private static func limit(_ turns: Int, of keyword: String) throws {
        guard turns < maximumTurns else {
            throw PlaygroundError("this `\(keyword)` loop ran \(maximumTurns) times and its condition still holds: "
                + "it stopped there; change what the condition reads inside the loop")
        }
    }

    private static func holds(_ test: Value) throws -> Bool {
        guard case .bool(let flag) = test else { throw Expression.notACondition(test) }
        return flag
    }

    /// The values a loop's names take from one element: the element itself, or a tuple's items.
    private static func names(of element: Value, count: Int) throws -> [Value] {
        guard count > 1 else { return [element] }
        guard let items = element.destructured, items.count == count else {
            throw PlaygroundError("the loop's pattern takes \(count) values apart, but \(element) is not a tuple of "
                + "\(count)")
        }
        return items
    }

    /// What `for` goes over in a value: an array's elements, a range's numbers, a string's
    /// characters, a dictionary's `(key, value)` pairs.
    static func elements(of sequence: Value) throws -> [Value] {
        if let numbers = try sequence.rangeElements() { return numbers }
        if let elements = sequence.setElements { return elements }
        switch sequence {
        case .array(let items): return items
        case .string(let text): return text.map { .string(String($0)) }
        case .record(let fields) where fields.kind != .tuple:
            return fields.map { .tuple([$0.keyValue, $0.value], labels: ["key", "value"]) }
        case .null: throw PlaygroundError("the loop goes over nil; unwrap the optional first (`?? []`)")
        default:
            throw PlaygroundError("\(sequence.kindName) \(sequence) is not a sequence to loop over; `for` goes over "
                + "arrays, strings, dictionaries and ranges such as `0..<3`")
        }
    }
}

/// How `break`, `continue` and a `return` inside a loop leave the turn they are in: the loop
/// around catches the first two, the body around the loop (`Expression.returning`) the third.
enum LoopSignal: Error {
    case breakLoop
    case continueLoop
    case returned(Value)
}

import Foundation

/// Foundation's `Date` and `RunLoop.main.run(until:)`, on the session's clock.
///
/// `Date()` is the wall-clock moment the session's time started plus the session's time: on the
/// virtual clock (the default) it moves only as the clock does (`tick 2s`, a `RunLoop.main.run(until:)`),
/// so `Date().timeIntervalSince(start)` agrees with what `debounce` and timers saw, and a script
/// measures the same durations every run; on the real clock (`clock real`) it moves as the real one.
/// Printed, a date is Swift's (`2026-11-29 12:00:00 +0000`): its day and time are the real ones.
extension Interpreter {
    /// The date now, on the session's clock.
    func currentDate() -> Value {
        .date(secondsSince1970: scheduler.startDate + Double(scheduler.now.nanoseconds) / 1e9)
    }

    /// `Date()`, `Date(timeIntervalSince1970:)`, `Date(timeIntervalSinceNow:)`,
    /// `RunLoop.main.run(until:)` and the standard library's `type(of:)`, bound; nil for any other
    /// call, or when the session declares its own `Date` or `type`.
    func boundFoundationCall(_ name: String, _ arguments: [Expression], at token: Token) throws -> Expression? {
        if name == Parser.runLoopRun, arguments.count == 1 { return try boundRunLoopRun(until: arguments[0]) }
        if name == "type", entries[name] == nil { return try boundTypeOf(arguments, at: token) }
        guard name == Value.dateType, entries[name] == nil, classes[name] == nil else { return nil }
        let usage = "write `Date()` (now), `Date(timeIntervalSinceNow: SECONDS)` or "
            + "`Date(timeIntervalSince1970: SECONDS)`"
        if arguments.isEmpty {
            return .bound(BoundExpression { [weak self] _ in
                guard let self else { throw PlaygroundError("the session is gone") }
                return self.currentDate()
            })
        }
        guard arguments.count == 1, case .record(let labelled) = arguments[0], labelled.count == 1,
            ["timeIntervalSince1970", "timeIntervalSinceNow"].contains(labelled[0].0)
        else { throw SyntaxError(usage, at: token) }
        let sinceNow = labelled[0].0 == "timeIntervalSinceNow"
        let seconds = try bind(labelled[0].1)
        return .bound(BoundExpression { [weak self] values in
            guard let self else { throw PlaygroundError("the session is gone") }
            let written = try seconds.evaluate(values)
            guard let interval = written.numeric else {
                throw PlaygroundError("`Date(\(labelled[0].0):)` takes seconds, not \(written.kindName) \(written)")
            }
            let base = sinceNow ? self.currentDate().dateSeconds ?? 0 : 0
            return .date(secondsSince1970: base + interval)
        })
    }

    /// `Date.now`: the date now, as `Date()`; nil for another member or a session's own `Date`.
    func boundDateMember(_ name: String) -> Expression? {
        guard name == "now", entries[Value.dateType] == nil, classes[Value.dateType] == nil else { return nil }
        return .bound(BoundExpression { [weak self] _ in
            guard let self else { throw PlaygroundError("the session is gone") }
            return self.currentDate()
        })
    }

    /// `RunLoop.main.run(until: date)`: the session's clock runs until `date`, as `tick` runs it
    /// (timers fire, delayed and queued work runs, on the real clock it waits); a date already
    /// past runs nothing. Inside work the clock is running it is refused: the clock is already
    /// turning there.
    private func boundRunLoopRun(until date: Expression) throws -> Expression {
        let until = try bind(date)
        return .bound(BoundExpression { [weak self] values in
            guard let self else { throw PlaygroundError("the session is gone") }
            let target = try until.evaluate(values)
            guard let seconds = target.dateSeconds else {
                throw PlaygroundError("`RunLoop.main.run(until:)` takes a Date (`Date().addingTimeInterval(1)`), "
                    + "not \(target.kindName) \(target)")
            }
            guard !self.scheduler.isTicking else {
                throw PlaygroundError("`RunLoop.main.run(until:)` inside work the clock is running: "
                    + "the run loop is already turning here")
            }
            let now = self.currentDate().dateSeconds ?? seconds
            let nanoseconds = (seconds - now) * 1e9
            guard nanoseconds >= 1, nanoseconds < 1e15 else { return .void }
            try self.tick(Int64(nanoseconds.rounded()))
            return .void
        })
    }

    /// `type(of: x)`: the type Swift gives `x` (as the checker types it, else as its value is), a value
    /// that prints as Swift prints a metatype (`Int`, `[String]`).
    private func boundTypeOf(_ arguments: [Expression], at token: Token) throws -> Expression {
        // The parser keeps no label of a call in small letters: `type(of: x)` comes as its one argument.
        guard arguments.count == 1 else { throw SyntaxError("write `type(of: VALUE)`", at: token) }
        // The value's own type, not the one it is held as (`type(of: shape)` of a `Shape` is `Circle`),
        // as Swift prints it (`Array<Int>`).
        if let name = publisherTypeName(of: arguments[0]) { return .literal(Value.metatype(name)) }
        let value = try bind(arguments[0])
        return .bound(BoundExpression { values in Value.metatype(try value.evaluate(values).dynamicTypeName) })
    }
}

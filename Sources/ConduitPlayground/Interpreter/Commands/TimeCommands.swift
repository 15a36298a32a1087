import Foundation

/// The commands of time: `tick` moves the virtual clock, `clock` switches between virtual and
/// real time (`MarbleCommands` draw what happened when).
enum TimeCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "clock", usage: "clock real|virtual|reset",
            summary: "switches time operators between the virtual clock and real time; `clock reset` starts "
                + "time again at 0 (refused while timers or delays are waiting)",
            example: "clock real", arguments: [.word(["real", "virtual", "reset"])]
        ) { parser, word in
            let mode = try parser.oneOf(["real", "virtual", "reset"], "`clock` takes `real`, `virtual` or `reset`")
            return Statement(word.display) { session in
                if mode == "reset" {
                    try session.restartClock()
                    return
                }
                session.setRealTime(mode == "real")
                session.info("clock: \(mode == "real" ? "real time" : "virtual time")")
            }
        },
        CommandSpec(
            "tick", usage: "tick DURATION",
            summary: "moves the virtual clock forward (100ms, 1.5s, 2min), running what falls due on the way; "
                + "on the real clock (`clock real`) it waits that long, as a script's pause",
            example: "tick 300ms", arguments: [.literal]
        ) { parser, word in
            guard case .duration(let nanoseconds) = parser.current.kind else {
                throw SyntaxError("`tick` needs a duration such as `100ms` or `1s`", at: parser.current)
            }
            parser.advance()
            return Statement(word.display) { session in try session.tick(nanoseconds) }
        },
    ]
}

extension Interpreter {
    /// `clock reset`: time starts again at 0, and what `marbles` drew is forgotten. Refused while
    /// work is scheduled on the virtual clock: it would never come due.
    func restartClock() throws {
        let waiting = scheduler.virtual.pendingActionCount
        guard waiting == 0 || scheduler.isRealTime else {
            throw SyntaxError(
                "\(waiting) scheduled action\(waiting == 1 ? " is" : "s are") waiting on the clock (a timer, a delay); "
                    + "cancel the sinks that wait for them, or `reset` everything",
                offset: 0, length: 5
            )
        }
        scheduler.restart()
        recorder.restart()
        info("time is \(PlaygroundClock.format(nanoseconds: 0))")
    }

    /// At the end of the input (a script, `-e`, standard input): what is dropped because it still
    /// waits on the real clock, said so that no output goes missing unannounced; nil if nothing.
    /// Work handed to global queues waits on no clock: it is let run first.
    ///
    /// - Returns: A line saying what is dropped, or `nil`.
    func realTimeWorkLeft() -> String? {
        scheduler.finishGlobalWork(within: 10)
        guard scheduler.isRealTime else { return nil }
        let (actions, timers) = scheduler.realTimeWaiting
        var parts: [String] = []
        if actions > 0 {
            parts.append("\(actions) scheduled action\(actions == 1 ? "" : "s") (a delay, a debounce...)")
        }
        if timers > 0 { parts.append("\(timers) timer\(timers == 1 ? "" : "s")") }
        guard !parts.isEmpty else { return nil }
        return "the input ended with \(parts.joined(separator: " and ")) still waiting on the real clock, "
            + "dropped now; `tick 1s` before the end waits for what is due"
    }

    /// `tick DURATION` on the real clock: waits that long (what falls due runs on its own queue
    /// meanwhile), in slices so that Ctrl-C ends the wait.
    private func wait(_ nanoseconds: Int64) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(nanoseconds, 0))
        while !scheduler.budget.interruptRequested {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            // The session is let go of meanwhile, so that what falls due runs (as a run loop turns).
            scheduler.owner.releasing { _ = usleep(useconds_t(min(deadline - now, 10_000_000) / 1_000)) }
        }
        let stamp = PlaygroundClock.format(nanoseconds: Int64(scheduler.now.nanoseconds))
        info(scheduler.budget.interruptRequested ? "wait stopped at \(stamp)" : "time is \(stamp)")
    }

    /// `tick DURATION`: runs what falls due on the virtual clock up to `nanoseconds` from now, at
    /// most `actionsPerTick` actions.
    func tick(_ nanoseconds: Int64) throws {
        // Waiting turns the run loop: what a script's statements queued on the main queue runs first.
        runMainQueue()
        guard !scheduler.isRealTime else {
            wait(nanoseconds)
            return
        }
        let start = scheduler.now.nanoseconds
        let target = scheduler.now.advanced(by: .nanoseconds(Int(nanoseconds)))
        if scheduler.budget.isStopped {
            return
        }
        // While time passes the main queue turns at each moment: what an action queues on it runs at
        // that moment, after the action (MainQueue.swift).
        scheduler.isTicking = true
        defer { scheduler.isTicking = false }
        // One action at a time, each with its own budget, so Ctrl-C stops a long tick between two.
        var actions = 0
        var reached = false
        while actions < Interpreter.actionsPerTick, !scheduler.budget.isStopped {
            scheduler.budget.restartCount()
            if scheduler.virtual.advance(to: target, limit: 1) {
                reached = true
                break
            }
            actions += 1
        }
        if scheduler.now.nanoseconds != start {
            recorder.record(.clockMoved(from: start, to: scheduler.now.nanoseconds))
        }
        if scheduler.budget.isStopped {
            info("tick stopped at \(PlaygroundClock.format(nanoseconds: Int64(scheduler.now.nanoseconds)))")
        } else if reached {
            info("time is \(PlaygroundClock.format(nanoseconds: Int64(scheduler.now.nanoseconds)))")
        } else {
            let now = scheduler.now.nanoseconds
            let rest = PlaygroundClock.format(nanoseconds: Int64(target.nanoseconds - now))
            info(
                "tick stopped at \(PlaygroundClock.format(nanoseconds: Int64(now))) after "
                    + "\(Interpreter.actionsPerTick) scheduled actions (a very fast timer?); `tick \(rest)` goes on"
            )
        }
    }
}

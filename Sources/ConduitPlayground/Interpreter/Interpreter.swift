import Conduit
import ConduitInstrumentation
import Foundation

/// The interpreter behind a `Session`: the names a person has made (subjects, pipelines, sinks)
/// mapped to real engine objects, and the running of checked statements against them.
///
/// `evaluate(_:)` returns what a line printed; output that arrives later (real time) goes to
/// `asynchronousOutput`. Nothing here prints. A line that fails changes nothing. Only `Session`
/// (and the statements it runs) reach it.
final class Interpreter: @unchecked Sendable {
    /// Receives output produced outside `evaluate` (timers in real time), from any thread. Set from
    /// one thread while timers read it on another, so it is kept under a lock (and called outside it).
    var asynchronousOutput: (@Sendable (OutputRecord) -> Void)? {
        get { asynchronousOutputSlot.withLock { $0 } }
        set { asynchronousOutputSlot.withLock { $0 = newValue } }
    }
    private let asynchronousOutputSlot = LockedValue<(@Sendable (OutputRecord) -> Void)?>(nil)

    /// Sees each record of a line as it is emitted, on the thread that emits it, before `evaluate`
    /// returns them all: the terminal shows a long line's output while it runs, so that a flood of
    /// values can be watched, and stopped part way with Ctrl-C. Nil: output is only returned.
    var streamedOutput: (@Sendable (OutputRecord) -> Void)? {
        get { streamedOutputSlot.withLock { $0 } }
        set { streamedOutputSlot.withLock { $0 = newValue } }
    }
    private let streamedOutputSlot = LockedValue<(@Sendable (OutputRecord) -> Void)?>(nil)

    /// The width output is fitted to (`help`, `subs`, the source line under an error): the
    /// terminal's, or 80 when there is none. Set between lines, from the thread that evaluates.
    var outputWidth = 80

    /// True after `quit` or `exit`.
    var isFinished = false

    enum Entry {
        case subject(SubjectEntry)
        case pipeline(PipelineEntry)
        case sink(PlaygroundSink)
        case object(PlaygroundObject)
        case function(UserFunction)
        case binding(BindingEntry)
        /// A plain value: `let x = 5`, `var names = ["a"]`, `let daily = Standup(title: "Daily")`.
        case value(NamedValue)

        var kindName: String {
            switch self {
            case .subject: return "subject"
            case .pipeline: return "pipeline"
            case .sink: return "sink"
            case .object: return "object"
            case .function: return "function"
            case .binding: return "binding"
            case .value(let named): return named.isConstant ? "constant" : "variable"
            }
        }
    }

    /// Every name, what it stands for, and what it read when it was made.
    var names = NameRegistry()
    /// What each name stands for.
    var entries: [String: Entry] { names.entries }
    /// The connectable publishers of the pipelines and sinks that have any, by name (`connect`).
    var connections: [String: Connection] = [:]
    /// The names `let connection = shared.connect()` gave to connections, with the pipeline each connects.
    var connectionNames: [String: String] = [:]
    /// Names in the order they were made, for `subs`.
    var order: [String] { names.order }
    let outputLock = NSLock()
    var collected: [OutputRecord]?
    /// Every event of the session, in order: what `marbles`, `trace` and the live page draw.
    let recorder: EventRecorder
    /// The statement run last, which a line starting with `.` continues.
    var lastStatement: LastStatement?
    /// The scripts being loaded, outermost first, as absolute paths.
    var loading: [String] = []
    /// The most operators a value may pass through, from a source to a sink.
    static let maximumChainLength = 100
    /// The most scheduled actions one `tick` (or one statement) runs: a timer of `1ns` cannot hold
    /// the session for ever, and `tick` again goes on.
    static let actionsPerTick = 100_000
    /// The clock of every time operator: virtual unless `clock real`.
    let scheduler = SessionScheduler()
    /// The line `print(..., terminator: "")` left open.
    let printedText = PrintedText()
    /// The session's own notification center (`NotificationCenter.default` in what people type), so
    /// that sessions do not hear each other's notifications.
    let notificationCenter = NotificationCenter()
    /// The classes declared with `class NAME: ObservableObject { ... }`, by name.
    var classes: [String: ObjectClass] = [:]
    /// The types whose declaration failed, with the line it started on: a later use says so.
    var failedDeclarations = FailedDeclarations()
    /// The static properties' values (`Settings.shared`) read so far, by `TYPE.NAME`, and those being made.
    var staticValues: [String: Value] = [:]
    var staticsBeingMade: Set<String> = []
    /// The names of objects made by `var NAME: CLASS? = CLASS()`, which `NAME = nil` lets go of (`deinit`).
    var optionalObjectVariables: Set<String> = []
    /// The protocols declared with `protocol`, by name.
    var protocols: [String: ProtocolDeclaration] = [:]
    /// Swift's types extended in the session (`extension String { ... }`), by name: their added members.
    var extendedSwiftTypes: [String: ObjectClass] = [:]
    /// The enumerations declared with `enum`, by name, and Swift's `Result`.
    var enums: [String: EnumDeclaration] = ["Result": .result, EnumDeclaration.demandName: .demand]
    /// `UserDefaults.standard`, in memory.
    let userDefaults = UserDefaultsStore()
    /// How many sinks were made without a name (`player.$song.sink { ... }`), for the next one's.
    var anonymousSinks = 0
    /// How many statements have run, and the chains in methods whose AnyCancellable was let go of in
    /// the statement that made it, already noted (`noteWhenDropped`): each is noted once.
    var statementsRun = 0
    var notedDrops: Set<String> = []
    /// The `for await` loop the statement being run started, and the tasks waiting in loops, by loop.
    var startedLoop: String?
    var waitingTasks: [String: () -> Void] = [:]
    /// The subscriptions to the session's subjects and objects, to end when it lets go of them.
    let held = HeldSubscriptions()
    /// The demand of every subscription to a subject, and the values dropped for lack of it.
    let subjectLedgers: SubjectLedgers
    /// The sinks hidden for predict-then-reveal, and the room's predictions.
    let predictions = PredictionBoard()
    /// The lanes the live page's presenter view shows (`lanes a,b`); empty for every lane.
    let presentedLanes = LockedValue<[String]>([])
    /// The sink or pipeline being built, which the publishers its closures make belong to.
    var building: String?
    /// The types of the arguments of the closure being bound, where the checker knows them:
    /// `.sink { print($0) }` on optional values prints `Optional(...)`, as Swift's does.
    var closureArgumentTypes: [ValueType] = []
    /// The methods of the structs declared, which calls on their values run.
    let structMethods = StructMethodTable()
    /// The function whose body is being resolved: a call of its name inside is a call of itself.
    var declaringFunction: (name: String, parameterCount: Int, call: SelfCall)?
    /// Where the learner is in the guided `tour`.
    var tourProgress = TourProgress()
    /// The connections to servers whose channels other processes share (`let room = Postgres(URL)`).
    let rooms = SessionRooms()

    /// Creates an empty session: no names, the virtual clock at 0.
    init() {
        APIViolationReports.installOnce()
        recorder = EventRecorder(clock: { [scheduler] in scheduler.now.nanoseconds })
        subjectLedgers = SubjectLedgers(held: held, recorder: recorder)
        scheduler.onStop { [weak self] report in self?.reportStop(report) }
        // Listening only while some sink is traced: untraced deliveries build no events.
        Instrumentation.install(recorder, listening: false)
        recorder.onTrace = { [weak self] event in
            guard let record = TerminalLine.record(for: event) else { return }
            self?.emit(record)
        }
    }

    deinit {
        for case .sink(let sink) in entries.values {
            sink.cancel()
        }
        for case .object(let object) in entries.values { object.letGo() }
        letGoOfStaticValues()
        for connection in connections.values { connection.disconnect() }
        endHeldSubscriptions()
        rooms.closeAll()
        Instrumentation.remove(recorder)
        // What waits on the virtual clock (a `delay`'s value, a `Future`'s result) holds its
        // operator, which holds the scheduler: dropping the clock's queue breaks that cycle, which
        // would otherwise keep the pipelines alive after the session.
        scheduler.restart()
    }

    // MARK: Evaluation

    /// Runs the commands in `source` (one line, several separated by `;`, or a statement spread
    /// over lines) and returns what they printed. `file` and `line` locate errors in scripts.
    ///
    /// - Parameters:
    ///   - source: The commands.
    ///   - file: The script they come from; `nil` for the prompt.
    ///   - line: The line they start on, from 1.
    /// - Returns: What they printed, in order.
    func evaluate(_ source: String, file: String? = nil, line: Int = 1) -> [OutputRecord] {
        var reader = StatementReader(mode: .lookahead)
        let pieces = reader.read(lines: source) + reader.finish()
        return scheduler.owner.run { collecting {
            for piece in pieces {
                guard !isFinished else { break }
                if !runAndSettle(piece, file: file, line: line + piece.line) { break }
            }
            runMainQueue()
            finishPrintedLine()
        } }
    }

    /// Runs one statement handed out by a `StatementReader`, and returns what it printed. `line`
    /// is the line (from 1) of `file` it starts on.
    ///
    /// - Parameters:
    ///   - piece: The statement.
    ///   - file: The script it comes from; `nil` for the prompt.
    ///   - line: The line it starts on, from 1.
    ///   - turnsRunLoop: Whether the run loop turns after it at the prompt (the main queue's work
    ///     runs); false for a statement of a pasted block but its last, as a program's top-level code
    ///     runs before its run loop turns.
    /// - Returns: What it printed, in order.
    func evaluate(
        _ piece: StatementReader.Piece, file: String? = nil, line: Int = 1, turnsRunLoop: Bool = true
    ) -> [OutputRecord] {
        scheduler.owner.run {
            collecting {
                guard !isFinished else { return }
                _ = runAndSettle(piece, file: file, line: line, turnsRunLoop: turnsRunLoop)
            }
        }
    }

    /// Whether `source` leaves a bracket or brace open, so that the prompt waits for more lines.
    ///
    /// - Parameter source: The lines typed so far.
    /// - Returns: `true` if the prompt should wait for more.
    func needsContinuation(_ source: String) -> Bool {
        var reader = StatementReader(mode: .interactive)
        _ = reader.read(lines: source)
        return reader.isWaiting
    }

    /// Candidates for the word that ends at `cursor` in `line` (Tab), from the names as they are
    /// now: read on the session's own thread, so a real-time action cannot change them meanwhile.
    ///
    /// - Parameters:
    ///   - line: The line being typed.
    ///   - cursor: Where the cursor is, in characters from 0.
    /// - Returns: The candidates, in the order to show them.
    func completions(for line: String, cursor: Int) -> [String] {
        let completer = scheduler.owner.run {
            Completer(registry: names, connectable: Set(connections.keys), lanes: laneGroups().flatMap { $0 })
        }
        return completer.completions(for: line, cursor: cursor)
    }

    /// Runs `body`, returning the output emitted meanwhile.
    func collecting(_ body: () -> Void) -> [OutputRecord] {
        outputLock.withLock { collected = [] }
        body()
        return outputLock.withLock {
            defer { collected = nil }
            return collected ?? []
        }
    }

    /// Runs a statement, then what falls due at this moment of virtual time; false if it failed.
    /// The statement and what falls due are one step of the budget: a runaway loop (or Ctrl-C)
    /// stops it, with a message.
    private func runAndSettle(
        _ piece: StatementReader.Piece, file: String?, line: Int, turnsRunLoop: Bool = true
    ) -> Bool {
        guard !classes.isEmpty else { return settle(piece, file: file, line: line, turnsRunLoop: turnsRunLoop) }
        return OptionalFields.$byType.withValue(optionalFieldsByType) {
            settle(piece, file: file, line: line, turnsRunLoop: turnsRunLoop)
        }
    }

    private func settle(_ piece: StatementReader.Piece, file: String?, line: Int, turnsRunLoop: Bool) -> Bool {
        let printedBefore = outputLock.withLock { collected?.count ?? 0 }
        var succeeded = true
        reportViolationsBetweenStatements()
        let stopped = scheduler.budget.step {
            succeeded = run(piece, file: file, line: line)
            if !scheduler.isRealTime {
                scheduler.virtual.advance(to: scheduler.virtual.now, limit: Interpreter.actionsPerTick)
            }
            // At the prompt the run loop turns after each answer. A script is a Swift program's
            // top-level code: the main queue's work waits until the script waits (`tick`,
            // `RunLoop.main.run(until:)`), looks (`#>`) or ends (`endOfScriptTurn`).
            if file == nil, turnsRunLoop, !piece.isFollowedOnItsLine { runMainQueue() }
        }
        // A script's `print(..., terminator: "")` goes on with its next statement's, as in a Swift
        // program; at the prompt each answer ends its line.
        if file == nil { finishPrintedLine() }
        for violation in APIViolationReports.take() {
            report(
                APIViolationDiagnostic(violation: violation, statement: piece.text), in: piece.text, file: file,
                line: line, column: piece.column
            )
        }
        if let stopped {
            reportStop(stopped)
            return false
        }
        if succeeded, tourProgress.isOn {
            // The guided tour checks what the line did, and what it printed.
            checkTourStep(printed: outputLock.withLock { Array((collected ?? []).dropFirst(printedBefore)) })
        }
        return succeeded
    }

    /// Reports the API violations that happened since the last statement (on real time, a
    /// scheduled action's), which no statement caused.
    func reportViolationsBetweenStatements() {
        for violation in APIViolationReports.take() {
            emit(OutputRecord(kind: .error, text: "error: " + APIViolationReports.message(for: violation)))
        }
    }

    /// Says how to learn that the person pressed Ctrl-C: asked while a line runs, at each value
    /// delivered and between scheduled actions, from any thread (nil: never).
    ///
    /// - Parameter check: A closure that returns `true` once Ctrl-C was pressed; `nil` for none.
    func setInterruptCheck(_ check: (@Sendable () -> Bool)?) {
        scheduler.budget.setInterruptCheck(check)
    }

    /// Reports a step the budget stopped (a runaway loop, or Ctrl-C).
    func reportStop(_ report: EvaluationBudget.Report) {
        let text = EvaluationBudget.message(for: report) { [entries] name in
            if case .sink(let sink)? = entries[name], let target = sink.writesInto {
                return "`\(name)` (assigning into `\(target)`)"
            }
            return "`\(name)`"
        }
        emit(report.stop == .interrupted ? OutputRecord(kind: .info, text: text) : OutputRecord(kind: .error,
            text: "error: " + text))
    }

    /// The session at a glance (tree, lanes by pipeline, clock) for the live page; call it where
    /// `evaluate` is called.
    ///
    /// - Returns: The subscription tree, the names that draw a lane and the time now.
    func overview() -> SessionOverview {
        scheduler.owner.run { currentOverview() }
    }

    private func currentOverview() -> SessionOverview {
        SessionOverview(subscriptions: subscriptionTree(), laneGroups: laneGroups(), now: scheduler.now.nanoseconds)
    }

    /// The events recorded after number `sequence`, oldest first: what the session did, typed.
    ///
    /// - Parameter sequence: The number of the last event already seen; 0 for all.
    /// - Returns: The events after it, oldest first.
    func events(after sequence: Int = 0) -> [SessionEvent] { recorder.events(after: sequence) }

    /// Switches time operators between the virtual clock and real time.
    ///
    /// - Parameter on: `true` for real time, `false` for the virtual clock.
    func setRealTime(_ on: Bool) {
        scheduler.setRealTime(on)
    }

    /// ` @400ms` once virtual or real time has moved, so output says when it happened.
    var stamp: String {
        let now = scheduler.now.nanoseconds
        return now > 0 ? "   @\(PlaygroundClock.format(nanoseconds: Int64(now)))" : ""
    }

    /// Hands `record` to whoever reads the output. A record with no event of its own (information,
    /// a diagram, an error not at a place) is recorded as printed text, and carries that event.
    func emit(_ record: OutputRecord) {
        // What the playground says starts a line of its own, after the program's open one.
        if record.kind != .value, let rest = printedText.takeRest() { emit(OutputRecord(kind: .value, text: rest)) }
        let record = recorder.withEvent(record)
        let handled: Bool = outputLock.withLock {
            guard collected != nil else { return false }
            collected?.append(record)
            return true
        }
        if handled {
            streamedOutput?(record)
        } else {
            asynchronousOutput?(record)
        }
    }

    func info(_ text: String) {
        emit(OutputRecord(kind: .info, text: text))
    }

    /// Runs one statement as a whole: it takes effect entirely or not at all. A piece that
    /// continues the statement run before it replaces that statement (its name keeps its place);
    /// if the continued statement fails, the one before stays as it was. Reports and returns false
    /// if it fails.
    func run(_ piece: StatementReader.Piece, file: String?, line: Int) -> Bool {
        statementsRun += 1
        if piece.unclosed == nil, !piece.continuesPrevious, let task = TaskBlock(piece.text) {
            return run(task, file: file, line: line)
        }
        var text = piece.text
        var line = line
        var column = piece.column
        var continuations = piece.continuations
        var replacing: String?
        if piece.continuesPrevious {
            guard let last = lastStatement else {
                let error = StatementDiagnostic.nothingToContinue
                report(error, in: text, file: file, line: line, column: column)
                lastStatement = LastStatement(
                    text: text, line: line, column: column, file: file, pipelineName: nil, succeeded: false
                )
                return false
            }
            // Joined with as many line feeds as there are lines between, so that lines in
            // messages stay right.
            let gap = last.file == file ? max(1, line - last.endLine) : 1
            let prefix = last.text + String(repeating: "\n", count: gap)
                + String(repeating: " ", count: last.file == file ? piece.column : 0)
            let shift = prefix.count
            continuations = [shift] + continuations.map { $0 + shift }
            text = prefix + text
            line = last.line
            column = last.column
            if last.succeeded, !last.endsInUnnamedPipeline { replacing = last.pipelineName ?? "" }
        }
        var parsedPipelineName: String?
        do {
            if let unclosed = piece.unclosed {
                let shift = text.count - piece.text.count
                throw StatementDiagnostic.unclosed(unclosed, offset: unclosed.offset + shift)
            }
            if !piece.continuesPrevious, StatementReader.startsWithElse(text) { throw StatementDiagnostic.elseAfterRun }
            // Swift's parser reads what is Swift first: its syntax errors in swiftc's words, and
            // the constructs Linux cannot run, each one message at its place.
            let isDeclared = { [self] (name: String) in
                classes[name] != nil || enums[name] != nil || entries[name] != nil || protocols[name] != nil
            }
            if let error = SwiftSyntaxCheck.diagnose(text, isDeclared: isDeclared) { throw error }
            // `var empty: [Int] = []` made before: `empty` reads it, not the `empty` source.
            // Looked up from the smaller side: every statement passes here (a replayed `send` line too), and
            // a session names a few things where the words are a hundred.
            let variableWords = entries.count < Parser.wordsThatMayName.count
                ? Set(entries.keys.lazy.filter(Parser.wordsThatMayName.contains))
                : Parser.wordsThatMayName.filter { entries[$0] != nil }
            let parsed: Statement
            do {
                parsed = try Parser.parse(text, variableWords: variableWords)
            } catch let error as SyntaxError where continuations.contains(error.offset) {
                throw notContinuable(text, at: error.offset)
            } catch let error as SyntaxError where SwiftSyntaxCheck.isSwift(text) {
                throw SwiftDiagnosis.inSwiftsWords(error, text: text) ?? error
            }
            if let first = continuations.first, parsed.pipeline == nil {
                throw notContinuable(text, at: first)
            }
            parsedPipelineName = parsed.pipeline != nil ? parsed.defines?.display : nil
            if replacing == "" {
                // The statement before took effect and ends with no pipeline to continue.
                throw notContinuable(text, at: continuations[0])
            }
            try replacingEntry(named: replacing) {
                try parsed.run(self)
            }
            lastStatement = LastStatement(
                text: text, line: line, column: column, file: file, pipelineName: parsedPipelineName, succeeded: true,
                endsInUnnamedPipeline: namesPublisher(text) || parsed.command == "expression" && parsed.defines == nil
                    && parsed.pipeline.map { !Parser.subscriberWords.contains($0.operators.last?.name ?? "") } == true
            )
            failedDeclarations.note(text, failedAt: nil)
            return true
        } catch let error as LocatedError {
            report(error, in: text, file: file, line: line, column: column)
        } catch {
            emit(OutputRecord(kind: .error, text: "error: \(Interpreter.message(of: error))"))
        }
        failedDeclarations.note(text, failedAt: line)
        lastStatement = LastStatement(
            text: text, line: line, column: column, file: file, pipelineName: nil, succeeded: false
        )
        return false
    }

    /// Runs `body` with the entry `name` (if any) set aside: if `body` succeeds the old entry is
    /// ended (a sink cancelled, a connection ended); if it fails the old entry is put back as it
    /// was, still subscribed.
    private func replacingEntry(named name: String?, _ body: () throws -> Void) throws {
        guard let name, let old = names.setAside(name) else {
            try body()
            return
        }
        let oldConnection = connections[name]
        connections[name] = nil
        do {
            try body()
        } catch {
            names.restore(name, old)
            connections[name] = oldConnection
            throw error
        }
        oldConnection?.disconnect()
        if case .sink(let sink) = old.0 { sink.cancel() }
    }

    /// Ends the subscriptions still held to the session's subjects and objects (`HeldSubscriptions`),
    /// then runs what their ending scheduled at this moment of virtual time: throttle, debounce and
    /// `receive(on:)` pass a completion on through the clock.
    private func endHeldSubscriptions() {
        held.endAll()
        if !scheduler.isRealTime {
            scheduler.virtual.advance(to: scheduler.virtual.now, limit: Interpreter.actionsPerTick)
        }
    }

    /// Cancels every sink, ends every connection, lets go of what every object holds and forgets
    /// every name.
    func reset() {
        for case .sink(let sink) in entries.values { sink.cancel() }
        for case .object(let object) in entries.values { object.letGo() }
        for connection in connections.values { connection.disconnect() }
        connections = [:]
        connectionNames = [:]
        rooms.closeAll()
        let dropped = order
        names.removeAll()
        lastStatement = nil
        classes = [:]
        protocols = [:]
        structMethods.forgetDescribedClasses()
        for type in extendedSwiftTypes.keys { structMethods.register([], for: type) }
        extendedSwiftTypes = [:]
        letGoOfStaticValues()
        userDefaults.clear()
        recorder.forgetInnerSubscriptions()
        endHeldSubscriptions()
        subjectLedgers.clear()
        predictions.clear()
        recorder.restart(dropping: dropped)
        scheduler.restart()
    }
}

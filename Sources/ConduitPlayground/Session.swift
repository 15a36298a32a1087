import Foundation

/// A playground session, as every front end sees it (the prompt, scripts, `check`, the live page):
/// lines in, typed records and events out, Tab completion and a snapshot for the page.
///
/// This is the facade over the playground's layers: the reader (`StatementReader`, `Completer`),
/// the checker (`TypeChecker`) and the interpreter (`Interpreter`, which owns the names, the
/// objects, the clock and the recorder). Nothing here prints. A line that fails changes nothing.
public final class Session: Sendable {
    /// The interpreter the lines run in; the tests reach it to look inside.
    let interpreter: Interpreter

    /// The most characters a prediction from the room may have in its marble string.
    public static let roomTimelineLimit = 80
    /// The most characters the name a learner signs a prediction with may have.
    public static let roomNameLimit = 24

    /// Creates an empty session: no names, the virtual clock at 0.
    public init() {
        interpreter = Interpreter()
    }

    // MARK: Lines in, records out

    /// Runs the commands in `source` (one line, several separated by `;`, or a statement spread
    /// over lines) and returns what they printed. `file` and `line` locate errors in scripts.
    ///
    /// - Parameters:
    ///   - source: The commands.
    ///   - file: The script they come from; `nil` for the prompt.
    ///   - line: The line they start on, from 1.
    /// - Returns: What they printed, in order.
    public func evaluate(_ source: String, file: String? = nil, line: Int = 1) -> [OutputRecord] {
        interpreter.evaluate(source, file: file, line: line)
    }

    /// Runs one statement handed out by a `StatementReader`, and returns what it printed.
    ///
    /// - Parameters:
    ///   - piece: The statement.
    ///   - file: The script it comes from; `nil` for the prompt.
    ///   - line: The line (from 1) of `file` it starts on.
    ///   - turnsRunLoop: Whether the run loop turns after it at the prompt, running the main queue's
    ///     work: false for each statement of a pasted block but its last, so that the block runs as a
    ///     program's top-level code does, before its run loop turns.
    /// - Returns: What it printed, in order.
    public func evaluate(
        _ piece: StatementReader.Piece, file: String? = nil, line: Int = 1, turnsRunLoop: Bool = true
    ) -> [OutputRecord] {
        interpreter.evaluate(piece, file: file, line: line, turnsRunLoop: turnsRunLoop)
    }

    /// Turns the run loop once, as a Swift program's does when its top-level code waits or ends: the
    /// main queue's work runs, and a line that `print(..., terminator: "")` left open ends. A script
    /// read from a pipe does this whenever its input pauses, and at its end.
    ///
    /// - Returns: What they printed, in order.
    public func turnRunLoop() -> [OutputRecord] {
        interpreter.finishScriptTurn()
    }

    /// Whether `source` leaves a bracket or brace open, so that the prompt waits for more lines.
    ///
    /// - Parameter source: The lines typed so far.
    /// - Returns: `true` if the prompt should wait for more.
    public func needsContinuation(_ source: String) -> Bool {
        interpreter.needsContinuation(source)
    }

    /// True after `quit` or `exit`.
    public var isFinished: Bool { interpreter.isFinished }

    /// Receives output produced outside `evaluate` (timers in real time), from any thread.
    public var asynchronousOutput: (@Sendable (OutputRecord) -> Void)? {
        get { interpreter.asynchronousOutput }
        set { interpreter.asynchronousOutput = newValue }
    }

    /// Sees each record of a line as it is emitted, on the thread that emits it, before `evaluate`
    /// returns them all: the terminal shows a long line's output while it runs. Nil: output is
    /// only returned.
    public var streamedOutput: (@Sendable (OutputRecord) -> Void)? {
        get { interpreter.streamedOutput }
        set { interpreter.streamedOutput = newValue }
    }

    /// The width output is fitted to (`help`, `subs`, the source line under an error): the
    /// terminal's, or 80 when there is none. Set between lines, from the thread that evaluates.
    public var outputWidth: Int {
        get { interpreter.outputWidth }
        set { interpreter.outputWidth = newValue }
    }

    /// Says how to learn that the person pressed Ctrl-C: asked while a line runs, at each value
    /// delivered and between scheduled actions, from any thread (nil: never).
    ///
    /// - Parameter check: A closure that returns `true` once Ctrl-C was pressed; `nil` for none.
    public func setInterruptCheck(_ check: (@Sendable () -> Bool)?) {
        interpreter.setInterruptCheck(check)
    }

    /// Switches time operators between the virtual clock and real time.
    ///
    /// - Parameter on: `true` for real time, `false` for the virtual clock.
    public func setRealTime(_ on: Bool) {
        interpreter.setRealTime(on)
    }

    /// At the end of the input (a script, `-e`, standard input): what is dropped because it still
    /// waits on the real clock, said so that no output goes missing unannounced; nil if nothing.
    ///
    /// - Returns: A line saying what is dropped, or `nil`.
    public func realTimeWorkLeft() -> String? {
        interpreter.realTimeWorkLeft()
    }

    // MARK: Completion

    /// Candidates for the word that ends at `cursor` in `line` (Tab).
    ///
    /// - Parameters:
    ///   - line: The line being typed.
    ///   - cursor: Where the cursor is, in characters from 0.
    /// - Returns: The candidates, in the order to show them.
    public func completions(for line: String, cursor: Int) -> [String] {
        interpreter.completions(for: line, cursor: cursor)
    }

    // MARK: Events and snapshot

    /// The events recorded after number `sequence`, oldest first: what the session did, typed.
    ///
    /// - Parameter sequence: The number of the last event already seen; 0 for all.
    /// - Returns: The events after it, oldest first.
    public func events(after sequence: Int = 0) -> [SessionEvent] {
        interpreter.events(after: sequence)
    }

    /// The session at a glance (tree, marble lanes, clock) for the live page; call it where
    /// `evaluate` is called.
    ///
    /// - Returns: The subscription tree, the marble lanes and the time now.
    public func overview() -> SessionOverview {
        interpreter.overview()
    }

    // MARK: The guided tour

    /// Keeps the tour's progress in `file` from now on (the interactive playground's
    /// `~/.conduit_tour`), resuming where it was left; nil keeps it for this session only.
    ///
    /// - Parameter file: The file that keeps the progress; `nil` for none.
    public func rememberTour(in file: String?) {
        interpreter.rememberTour(in: file)
    }

    /// For the banner: where a tour remembered from an earlier run stands, if one was begun.
    public var tourResumeHint: String? { interpreter.tourResumeHint }

    // MARK: The room

    /// The lanes the live page's presenter view (`?present`) shows, in the order picked (`lanes a, b`
    /// at the prompt, `serve --lanes`); empty for every lane. Read and set from any thread.
    public var presenterLanes: [String] {
        get { interpreter.presenterLanes }
        set { interpreter.presenterLanes = newValue }
    }

    /// The sinks hidden by `hide`, sorted.
    public var hiddenSinks: [String] { interpreter.predictions.hiddenNames }

    /// How many predictions each hidden sink has.
    public var predictionCounts: [String: Int] { interpreter.predictions.counts }

    /// The tallies of the latest reveals (at most ten), oldest first.
    public var revealTallies: [PredictionTally] { interpreter.predictions.latestTallies }

    /// Records a learner's prediction of hidden `sink`, from any thread: the prediction's number,
    /// or why it was refused (what was wrong and what would be right). The same name predicting
    /// again replaces its prediction. Nothing of it is evaluated.
    ///
    /// - Parameters:
    ///   - sink: The hidden sink predicted.
    ///   - timeline: The prediction, a marble string such as `-1--2-|`.
    ///   - author: The name the learner signs it with.
    /// - Returns: The prediction's number, or why it was refused.
    public func roomPrediction(sink: String, timeline: String, author: String) -> Result<Int, RoomRefusal> {
        interpreter.predictions.roomPrediction(sink: sink, timeline: timeline, author: author)
    }
}

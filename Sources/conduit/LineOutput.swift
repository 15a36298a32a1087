import ConduitPlayground
import Foundation
import Synchronization

/// The output of one line typed at the prompt, written while the line runs (the session's
/// `streamedOutput`), so that a long line's output shows as it comes, and cut short by Ctrl-C.
///
/// From the moment Ctrl-C is pressed, the values and traces still to come, and those queued but
/// not yet written, are left out (the session stops delivering at the next value and cancels the
/// sink), a line says how many lines were not shown, and completions, errors and notes are still
/// written, so that the line ends by saying what happened.
final class LineOutput: Sendable {
    /// The kinds of records a flood is made of, which Ctrl-C leaves out.
    static let floodKinds: Set<OutputRecord.Kind> = [.value, .trace, .marbles]
    /// Output is held until this many bytes are queued, or `flushInterval` has passed.
    static let flushBytes = 4_096
    static let flushInterval: UInt64 = 30_000_000

    private struct State {
        var queued: [OutputRecord] = []
        var queuedBytes = 0
        var lastFlush = DispatchTime.now().uptimeNanoseconds
        var cut = false
        var notShown = 0
        var afterCut: [OutputRecord] = []
    }

    private let state = Mutex(State())
    private let console: Console
    private let interrupted: @Sendable () -> Bool

    /// `interrupted` says whether Ctrl-C has been pressed; asked at each record.
    init(console: Console, interrupted: @escaping @Sendable () -> Bool) {
        self.console = console
        self.interrupted = interrupted
    }

    /// Takes one record, from any thread; writes what is queued when enough is, or has waited long enough.
    func add(_ record: OutputRecord) {
        let interrupted = self.interrupted()
        console.exclusively {
            let text: String? = state.withLock { state in
                if interrupted { LineOutput.cut(&state) }
                if state.cut {
                    LineOutput.leaveOut(record, from: &state)
                    return nil
                }
                state.queued.append(record)
                state.queuedBytes += record.text.utf8.count + 1
                let now = DispatchTime.now().uptimeNanoseconds
                guard state.queuedBytes >= LineOutput.flushBytes || now - state.lastFlush >= LineOutput.flushInterval
                else { return nil }
                state.lastFlush = now
                return takeQueued(&state)
            }
            if let text { Console.writeUnlocked(text, to: .output) }
        }
    }

    /// Writes what is still queued (unless Ctrl-C was pressed), then the count of lines not shown
    /// and the records kept after the cut; returns that count.
    @discardableResult
    func finish() -> Int {
        let interrupted = self.interrupted()
        return console.exclusively {
            let (text, notShown) = state.withLock { state -> (String, Int) in
                if interrupted { LineOutput.cut(&state) }
                var text = takeQueued(&state)
                if state.notShown > 0 {
                    let lines = state.notShown == 1 ? "line" : "lines"
                    text += console.render(OutputRecord(
                        kind: .info, text: "… \(state.notShown.groupedDigits) \(lines) of output not shown (Ctrl-C)"))
                }
                text += state.afterCut.map(console.render).joined()
                defer { state = State() }
                return (text, state.notShown)
            }
            if !text.isEmpty { Console.writeUnlocked(text, to: .output) }
            return notShown
        }
    }

    /// The queued records as text, emptying the queue.
    private func takeQueued(_ state: inout State) -> String {
        defer {
            state.queued.removeAll(keepingCapacity: true)
            state.queuedBytes = 0
        }
        return state.queued.map(console.render).joined()
    }

    /// Ctrl-C: what is queued and not yet written goes the way of what is still to come.
    private static func cut(_ state: inout State) {
        guard !state.cut else { return }
        state.cut = true
        let queued = state.queued
        state.queued.removeAll()
        state.queuedBytes = 0
        for record in queued { leaveOut(record, from: &state) }
    }

    /// After the cut: a value or trace is counted and dropped, anything else kept for the end.
    private static func leaveOut(_ record: OutputRecord, from state: inout State) {
        if floodKinds.contains(record.kind) {
            state.notShown += record.text.split(separator: "\n", omittingEmptySubsequences: false).count
        } else {
            state.afterCut.append(record)
        }
    }
}

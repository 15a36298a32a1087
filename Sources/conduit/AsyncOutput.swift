import ConduitPlayground
import Synchronization

/// Carries output that the session produces later, on other threads (real-time mode), to the
/// terminal: written at once while nothing is being edited, otherwise queued and handed to the
/// line editor, which prints it above the line being typed. The console's lock serialises both
/// paths with the main loop's own output.
final class AsyncOutput: Sendable {
    private struct State {
        var editing = false
        var waiting: [OutputRecord] = []
    }

    private let state = Mutex(State())
    private let console: Console
    private let waker: LineEditor.Waker?

    init(console: Console, waker: LineEditor.Waker?) {
        self.console = console
        self.waker = waker
    }

    /// Takes a record from any thread.
    func post(_ record: OutputRecord) {
        let queued = console.exclusively {
            let queued = state.withLock { state in
                if state.editing { state.waiting.append(record) }
                return state.editing
            }
            if !queued {
                Console.writeUnlocked(console.render(record), to: .output)
            }
            return queued
        }
        if queued { waker?.wake() }
    }

    /// The editor is about to wait for a line: queue records from now on.
    func beginEditing() {
        state.withLock { $0.editing = true }
    }

    /// The editor returned: write what is still queued and write directly from now on.
    func endEditing() {
        console.exclusively {
            let records = state.withLock { state in
                state.editing = false
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            if !records.isEmpty {
                Console.writeUnlocked(records.map(console.render).joined(), to: .output)
            }
        }
    }

    /// On the editor's thread, while it waits: hands queued records to `show` as one text.
    func drain(_ show: (String) -> Void) {
        console.exclusively {
            let records = state.withLock { state in
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            if !records.isEmpty {
                show(records.map(console.render).joined())
            }
        }
    }
}

import CLibedit
import ConduitPlayground
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive line editor: libedit (through the CLibedit shim) with emacs keys, history that
/// can live in a file, Tab completion, ^R reverse search, and Ctrl-C that discards the line.
/// Use it from one thread only; `wake()` is the one call that other threads may make.
final class LineEditor {
    /// What one read produced.
    enum Input: Equatable {
        case line(String)
        /// A bracketed paste of several lines: the line (what was typed, then the paste's first line)
        /// and the paste's other lines; a block pasted from a slide is one input, whose tabs are
        /// indentation, never completion.
        case pasted(line: String, more: [String])
        case endOfInput
        case interrupted
        /// The terminal could not be read (the reason, from `errno`).
        case failed(String)
    }

    /// Asked on Tab with the line and the cursor (in characters); returns the words that could
    /// complete the word before the cursor.
    var completer: ((String, Int) -> [String])?

    /// Runs on the editor's thread, while it waits for a key, after `wake()`.
    var onWake: (() -> Void)?

    private let editor: OpaquePointer
    private let historyPath: String?

    /// Whether the line being read continues a statement (the `…` prompt): Tab at its start indents.
    var continuesStatement = false

    /// The prompt; a visible string (colour codes are allowed and take no room).
    var prompt: String = "» " {
        didSet { cle_set_prompt(editor, LineEditor.promptBytes(prompt)) }
    }

    /// The prompt shown instead of `prompt` while the line starts with `.`: it continues the
    /// statement before it, as the README's examples show with `…`.
    var dotPrompt: String? {
        didSet { cle_set_continuation_prompt(editor, dotPrompt.map(LineEditor.promptBytes)) }
    }

    /// Opens the editor on the terminal, loading history from `historyPath` when one is given.
    /// Returns nil if libedit cannot start.
    init?(historyPath: String?, historySize: Int = 1000) {
        _ = cle_setup_locale()
        guard let editor = cle_open("conduit", Int32(historySize)) else { return nil }
        self.editor = editor
        self.historyPath = historyPath
        if let historyPath {
            _ = cle_history_load(editor, historyPath)
        }
        cle_set_prompt(editor, LineEditor.promptBytes(prompt))
        let context = Unmanaged.passUnretained(self).toOpaque()
        cle_set_completer(editor, { context, _, line, cursor in
            guard let context, let line else { return Int32(CLE_COMPLETE_BEEP) }
            let editor = Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue()
            return editor.complete(line: String(cString: line), byteCursor: Int(cursor))
        }, context)
        cle_set_waker(editor, { context, _ in
            guard let context else { return }
            Unmanaged<LineEditor>.fromOpaque(context).takeUnretainedValue().onWake?()
        }, context)
    }

    deinit {
        cle_close(editor)
    }

    /// Reads one line (blocking), with editing, history and completion.
    func read() -> Input {
        var status: Int32 = 0
        errno = 0
        let line = cle_gets(editor, &status)
        let reason = errno
        switch Int(status) {
        case Int(CLE_LINE):
            let typed = line.map { String(cString: $0) } ?? ""
            guard let paste = cle_take_paste(editor) else { return .line(typed) }
            var more = String(cString: paste).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // A paste that ends with its last line's newline has no empty line after it.
            if more.last == "" { more.removeLast() }
            return more.isEmpty ? .line(typed) : .pasted(line: typed, more: more)
        case Int(CLE_INTERRUPT): return .interrupted
        case Int(CLE_ERROR): return .failed(reason == 0 ? "unknown error" : String(cString: strerror(reason)))
        default: return .endOfInput
        }
    }

    /// Remembers accepted lines (consecutive duplicates are kept once) and saves the history file.
    func remember(_ lines: [String]) {
        // A password typed in a `Postgres("postgres://user:password@host/db")` address is never kept.
        var kept = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map(SharedRooms.withoutPasswords)
        guard !kept.isEmpty else { return }
        if kept.count > 1, let statement = HistoryEntry.joined(kept) { kept = [statement] }
        for line in kept { _ = cle_history_add(editor, line) }
        if let historyPath, cle_history_save(editor, historyPath) >= 0 {
            chmod(historyPath, 0o600)  // what was typed is nobody else's business
        }
    }

    /// How many entries the history holds.
    var historyCount: Int { Int(cle_history_count(editor)) }

    /// Prints text above the line being edited and redraws it; only from `onWake` or `completer`.
    func printAbove(_ text: String) {
        cle_print_above(editor, text)
    }

    /// Wakes the editor from any thread so `onWake` runs.
    var waker: Waker { Waker(editor: editor) }

    /// A handle other threads use to wake the editor.
    struct Waker: @unchecked Sendable {
        fileprivate let editor: OpaquePointer
        func wake() { cle_wake(editor) }
    }

    /// The terminal's width.
    var columns: Int { Int(cle_columns(editor)) }

    /// Whether Ctrl-C was pressed since the last call, while no line was being read; forgets it.
    static func takeInterrupt() -> Bool { cle_take_interrupt() != 0 }

    /// Whether more typed or pasted input is already waiting on the terminal: the editor reads a
    /// byte at a time, so what a paste brought beyond the line just read is still there.
    static func hasPendingInput() -> Bool {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLIN) != 0
    }

    /// Whether Ctrl-C was pressed while no line was being read (from any thread).
    static var interruptPending: Bool { cle_interrupt_pending() != 0 }

    private func complete(line: String, byteCursor: Int) -> Int32 {
        guard let completer else { return Int32(CLE_COMPLETE_BEEP) }
        let utf8 = Array(line.utf8)
        let before = String(decoding: utf8.prefix(byteCursor), as: UTF8.self)
        let cursor = before.count
        if LineEditor.indents(before: before, continuing: continuesStatement) {
            return cle_insert(editor, LineEditor.indentation) == 0
                ? Int32(CLE_COMPLETE_REFRESH) : Int32(CLE_COMPLETE_BEEP)
        }
        let candidates = completer(line, cursor)
        switch Completion.action(before: before, candidates: candidates) {
        case .none:
            return Int32(CLE_COMPLETE_BEEP)
        case .insert(let text):
            return cle_insert(editor, text) == 0 ? Int32(CLE_COMPLETE_REFRESH) : Int32(CLE_COMPLETE_BEEP)
        case .list(let words):
            printAbove(Completion.columns(words, width: columns))
            return Int32(CLE_COMPLETE_REFRESH)
        }
    }

    /// What a Tab that indents inserts.
    static let indentation = "    "

    /// Whether Tab indents rather than completes: with only blanks before the cursor, on a line
    /// that continues a statement, already starts with blanks, or is pasted (more input already
    /// waiting, as when a slide's tab-indented code is pasted). Tab on an empty first line, typed,
    /// still lists the commands.
    static func indents(before: String, continuing: Bool) -> Bool {
        guard before.allSatisfy({ $0 == " " || $0 == "\t" }) else { return false }
        return continuing || !before.isEmpty || hasPendingInput()
    }

    /// The prompt with its colour codes fenced by \u{1} so libedit gives them no width.
    private static func promptBytes(_ prompt: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1B}" && !inEscape {
                result.unicodeScalars.append("\u{1}")
                inEscape = true
            }
            result.unicodeScalars.append(scalar)
            if inEscape && scalar.properties.isAlphabetic && scalar != "[" {
                result.unicodeScalars.append("\u{1}")
                inEscape = false
            }
        }
        return result
    }
}

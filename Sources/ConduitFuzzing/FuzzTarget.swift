import ConduitPlayground

/// What a fuzz target does with one input: the playground code it feeds the bytes to. The fuzzer
/// and the regression tests (which replay the inputs it found) both run inputs through here.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The bytes as lines typed at the prompt, one at a time, into a fresh `Session`, with Tab
    /// pressed at the end of each line and the overview (`conduit serve`'s tree) read at the end.
    case session
    /// The bytes as a script file checked by the script loader (`conduit check`).
    case script

    /// Runs one input. Returns false when the input was skipped: one naming `svg` (`marbles --svg`
    /// writes a file wherever it is told, and a fuzzer must not write files at random paths).
    @discardableResult
    public func run(_ bytes: some Collection<UInt8>) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.count >= 3, text.contains("svg") { return false }
        switch self {
        case .session: FuzzTarget.type(text)
        case .script: FuzzTarget.check(text)
        }
        return true
    }

    private static func type(_ text: String) {
        let session = Session()
        var reader = StatementReader(mode: .interactive)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            _ = session.completions(for: String(line), cursor: line.count)
            for piece in reader.read(line) {
                _ = session.evaluate(piece)
                if session.isFinished { return }
            }
        }
        for piece in reader.finish() where !session.isFinished {
            _ = session.evaluate(piece)
        }
        _ = session.overview()
    }

    private static func check(_ text: String) {
        let session = Session()
        _ = ScriptRunner.run(text: text, path: "fuzz.conduit", session: session, check: true)
    }
}

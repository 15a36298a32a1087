/// The statement a session ran last, kept so that a line starting with `.` can continue it.
struct LastStatement {
    /// Its whole text (its lines joined).
    let text: String
    /// The line (from 1) it starts on, in `file`.
    let line: Int
    /// The column (from 0) of that line it starts at.
    let column: Int
    let file: String?
    /// The name it defined with a pipeline at its end (`let`, `sink`), which a continuation
    /// replaces; nil for any other statement.
    let pipelineName: String?
    /// Whether it took effect.
    let succeeded: Bool
    /// Whether it was an expression ending in a publisher and defining no name
    /// (`player.$currentSong`): a continuation runs the longer chain, replacing nothing.
    var endsInUnnamedPipeline = false

    /// The line it ends on.
    var endLine: Int { line + text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
}

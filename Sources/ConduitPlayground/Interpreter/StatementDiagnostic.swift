/// An error that says where it is in its statement: what `Interpreter` reports with a caret.
protocol LocatedError: Error {
    var message: String { get }
    /// Where it is, in characters of the statement.
    var offset: Int { get }
    var length: Int { get }
}

extension SyntaxError: LocatedError {}

/// What can be wrong with a statement as a whole, before its command runs: typed, so that the
/// session decides what happened and the message is written in one place.
enum StatementDiagnostic: LocatedError, Equatable {
    /// A line starting with `.` with no statement before it to continue.
    case nothingToContinue
    /// A line starting with `.` (at `offset`) continuing a statement (`statement`, its first line)
    /// that does not end with a pipeline.
    case notContinuable(statement: String, offset: Int)
    /// A line starting with `else` after the `if` before it was run (at the prompt, or from a pipe
    /// that had no next line yet).
    case elseAfterRun
    /// A bracket, brace or quote the reader gave up waiting for, at `offset` of the statement.
    case unclosed(StatementReader.Unclosed, offset: Int)

    var message: String {
        switch self {
        case .nothingToContinue:
            return "a line starting with `.` continues the statement before it, and there is none; "
                + "start with `let NAME = ...` or `sink NAME = ...`"
        case .notContinuable(let statement, _):
            let shown = statement.count > 40 ? statement.prefix(40) + "…" : Substring(statement)
            return "a line starting with `.` continues the pipeline of the statement before it, and `\(shown)` "
                + "does not end with one (`let NAME = ...` and `sink NAME = ...` do)"
        case .elseAfterRun:
            return "`else` continues the `if` before it, which has already run here: write `} else {` on the line "
                + "of the `}` (a script may start a line with `else`)"
        case .unclosed(let unclosed, _):
            return StatementReader.message(for: unclosed)
        }
    }

    var offset: Int {
        switch self {
        case .nothingToContinue, .elseAfterRun: return 0
        case .notContinuable(_, let offset), .unclosed(_, let offset): return offset
        }
    }

    var length: Int { self == .elseAfterRun ? 4 : 1 }
}

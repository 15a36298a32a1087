/// The exit codes `conduit` documents in `--help`, in one place so every command agrees.
enum ExitStatus {
    /// Everything ran (and every check matched).
    static let success: Int32 = 0
    /// A script line failed, a check did not match, or a `-e` line or piped line failed.
    static let scriptFailure: Int32 = 1
    /// The command line was wrong: an unknown option, a missing argument, a file that cannot be read.
    static let usage: Int32 = 2
    /// The terminal could not be read (an input error, not the end of input).
    static let inputFailure: Int32 = 3
}

/// An error that ends the command with a given exit status after its message is printed.
struct CommandFailure: Error, CustomStringConvertible {
    let status: Int32
    let message: String?

    var description: String { message ?? "exit \(status)" }
}

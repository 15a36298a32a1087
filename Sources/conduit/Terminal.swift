#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal and environment that decide how `conduit` reads and writes:
/// whether to use the line editor, and whether to colour output.
enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Colour is on unless asked off (`--no-color`, a non-empty `NO_COLOR`), the terminal cannot
    /// show it (`TERM=dumb`), or standard output is not a terminal.
    static func wantsColour(noColorFlag: Bool) -> Bool {
        if noColorFlag { return false }
        if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
        if environment("TERM") == "dumb" { return false }
        return isTerminal(STDOUT_FILENO)
    }

    /// The width of the terminal standard output goes to, or nil when it is not a terminal.
    static var columns: Int? {
        var size = winsize()
        guard isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }

    /// The line editor needs a terminal on both ends and a terminal that can move its cursor.
    static var canEdit: Bool {
        isTerminal(STDIN_FILENO) && isTerminal(STDOUT_FILENO) && environment("TERM") != "dumb"
    }
}

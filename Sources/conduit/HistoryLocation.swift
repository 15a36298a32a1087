#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the interactive history is kept: `~/.conduit_history`, or the file named by
/// `CONDUIT_HISTORY`; an empty `CONDUIT_HISTORY` keeps history in memory only.
enum HistoryLocation {
    /// How many lines the history keeps.
    static let size = 1000

    static func path() -> String? {
        if let configured = Terminal.environment("CONDUIT_HISTORY") {
            return configured.isEmpty ? nil : configured
        }
        if let home = Terminal.environment("HOME"), !home.isEmpty {
            return home + "/.conduit_history"
        }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            return String(cString: directory) + "/.conduit_history"
        }
        return nil
    }
}

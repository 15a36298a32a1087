/// What `print` has written on the line it has not ended yet: Swift's `print(i, terminator: " ")`
/// leaves the line open, and the next `print` goes on with it. Prints may come from any thread (a
/// sink on a global queue), so the open line is kept under a lock.
final class PrintedText: Sendable {
    private let open = LockedValue("")

    /// The lines `text` ends (what was left open first), in order; what follows the last line feed
    /// stays open.
    func lines(adding text: String) -> [String] {
        open.withLock { rest in
            var lines = (rest + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            rest = lines.removeLast()
            return lines
        }
    }

    /// The open line, if anything is on it, which is then ended.
    func takeRest() -> String? {
        open.withLock { rest in
            defer { rest = "" }
            return rest.isEmpty ? nil : rest
        }
    }

    /// The labels of `print`'s arguments that are not items: Swift's `separator:` and `terminator:`.
    static let labels: Set<String> = ["separator", "terminator"]

    /// The name of the call that marks the argument labelled `label` in a `print`, written so that no
    /// one can type it.
    static func marker(_ label: String) -> String { "#print-" + label }

    /// A `print`'s items, and its separator and terminator if written.
    static func parts(of arguments: [Expression]) -> (items: [Expression], separator: Expression?,
        terminator: Expression?)
    {
        var (items, separator, terminator): ([Expression], Expression?, Expression?) = ([], nil, nil)
        for argument in arguments {
            switch argument {
            case .call(marker("separator"), let value) where value.count == 1: separator = value[0]
            case .call(marker("terminator"), let value) where value.count == 1: terminator = value[0]
            default: items.append(argument)
            }
        }
        return (items, separator, terminator)
    }
}

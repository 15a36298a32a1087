/// The everyday command lines, `conduit -e LINE...` and `conduit run FILE...` (with `--no-color`
/// and `--real-time`), recognised directly: ArgumentParser's reflection-based set-up costs more
/// than the rest of a short run. Anything else (help, version, `check`, `--`, `--eval=LINE`,
/// values that start with `-`, mistakes) is left to ArgumentParser, so it behaves as before.
struct QuickInvocation: Equatable {
    /// What the command line asks for.
    enum Action: Equatable {
        /// `-e LINE` / `--eval LINE`, in order.
        case evaluate([String])
        /// `run FILE...`.
        case run([String])
    }

    let action: Action
    let noColor: Bool
    let realTime: Bool

    /// The invocation `arguments` (without the program name) spell, or nil when it is not one of
    /// the shapes recognised here.
    init?(arguments: [String]) {
        var noColor = false
        var realTime = false
        var values: [String] = []
        let isRun = arguments.first == "run"
        var index = isRun ? 1 : 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--no-color" where !noColor:
                noColor = true
            case "--real-time" where !realTime:
                realTime = true
            case "-e", "--eval":
                guard !isRun, index + 1 < arguments.count, QuickInvocation.isPlainValue(arguments[index
                    + 1]) else { return nil }
                values.append(arguments[index + 1])
                index += 1
            default:
                // A file name; `help` there is left to ArgumentParser to interpret.
                guard isRun, QuickInvocation.isPlainValue(argument), argument != "help" else { return nil }
                values.append(argument)
            }
            index += 1
        }
        guard !values.isEmpty else { return nil }
        self.action = isRun ? .run(values) : .evaluate(values)
        self.noColor = noColor
        self.realTime = realTime
    }

    /// A value ArgumentParser takes as it is: not empty and not option-like.
    private static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty && !value.hasPrefix("-")
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Counts the instructions of one case's measured loop: runs this benchmark binary again as
/// `BINARY --run-case ENGINE CASE` under `valgrind --tool=callgrind --instr-atstart=no`, and
/// divides callgrind's total by the operations the child reports.
///
/// The child switches the instrumentation on only around its counted sample's measured region
/// (`Measurement`), so the total is the loop's alone. Hashing is made deterministic
/// (`SWIFT_DETERMINISTIC_HASHING`) so that a rerun executes the same instructions.
///
/// The child is a copy of the binary without its debug information: valgrind 3.19 (Debian 12)
/// cannot read the DWARF 5 that Swift's toolchain writes and gives up; the symbols stay.
public struct InstructionCounter {
    /// The benchmark binary to run as the child.
    public let binary: String
    /// Where callgrind's files and the child's output go.
    public let directory: String

    /// Prepares the child in `directory`: `binary` stripped of debug information (or `binary`
    /// itself if `strip` is not there).
    public init(binary: String, directory: String) {
        let copy = "\(directory)/conduit-bench"
        let stripped = spawnAndWait(
            ["strip", "--strip-debug", "-o", copy, binary], environment: currentEnvironment(),
            output: "\(directory)/strip.out", errors: "\(directory)/strip.err"
        )
        self.binary = stripped ? copy : binary
        self.directory = directory
    }

    /// Instructions per operation of `caseID` in `engine`'s list, or nil if the child failed.
    public func instructionsPerOperation(engine: String, caseID: String) -> Double? {
        let stem = "\(directory)/\(engine)-\(caseID)"
        let arguments = [
            "valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=\(stem).callgrind",
            binary, "--run-case", engine, caseID,
        ]
        var environment = currentEnvironment().filter {
            !$0.hasPrefix("BENCH_CALLGRIND=") && !$0.hasPrefix("SWIFT_DETERMINISTIC_HASHING=")
        }
        environment += ["BENCH_CALLGRIND=1", "SWIFT_DETERMINISTIC_HASHING=1"]
        guard spawnAndWait(arguments, environment: environment, output: "\(stem).out", errors: "\(stem).err") else {
            return nil
        }
        guard let total = readCallgrindTotal("\(stem).callgrind"),
              let operations = readOperations("\(stem).out"), operations > 0
        else { return nil }
        return Double(total) / Double(operations)
    }

    /// The `totals:` (or `summary:`) line of a callgrind output file: instructions counted.
    func readCallgrindTotal(_ path: String) -> Int? {
        guard let text = readText(path) else { return nil }
        for prefix in ["totals:", "summary:"] {
            for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
                if let value = line.dropFirst(prefix.count).split(separator: " ").first.flatMap({ Int($0) }) {
                    return value
                }
            }
        }
        return nil
    }

    /// The `operations N` line the child printed.
    func readOperations(_ path: String) -> Int? {
        guard let text = readText(path) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("operations ") {
            return Int(line.dropFirst("operations ".count))
        }
        return nil
    }
}

/// The whole of a small text file, or nil if it cannot be read.
func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// This process's environment as `NAME=value` strings.
func currentEnvironment() -> [String] {
    var result: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
        result.append(String(cString: entry))
        pointer += 1
    }
    return result
}

/// Runs `arguments[0]` (looked up in PATH) to its end with standard input from /dev/null and
/// output and errors into files; true if it exited with status 0.
///
/// posix_spawn and waitpid rather than Foundation's Process, whose `waitUntilExit()` polls the run
/// loop on Linux.
public func spawnAndWait(_ arguments: [String], environment: [String], output: String, errors: String) -> Bool {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return false }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        if errno != EINTR { return false }
    }
    return status == 0
}

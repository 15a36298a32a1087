import Foundation

#if CONDUIT_FUZZING
/// libFuzzer's entry point for a program with its own `main` (from libclang_rt.fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
private func runLibFuzzer(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target this process fuzzes (set once, by `FuzzDriver.main`, before libFuzzer starts).
nonisolated(unsafe) private var fuzzedTarget = FuzzTarget.session

/// The entry point libFuzzer's own `main` (linked from its archive) calls; ours calls
/// `runLibFuzzer` instead, but the archive's `main` needs the symbol.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzedTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
#endif

/// The `main` of a fuzz target. Built with `-sanitize=fuzzer -DCONDUIT_FUZZING` (scripts/fuzz) it
/// runs libFuzzer with the process's arguments; built plainly it replays the files it is given, so
/// a crash the fuzzer wrote can be run again under a debugger. With `CONDUIT_FUZZ_EXPORT=FOLDER` in
/// the environment it writes the dictionary and the help examples' seeds there and exits.
public enum FuzzDriver {
    public static func main(_ target: FuzzTarget) -> Never {
        if let folder = ProcessInfo.processInfo.environment["CONDUIT_FUZZ_EXPORT"] {
            do {
                try FuzzSeeds.export(to: folder)
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("cannot write the seeds to \(folder): \(error)\n".utf8))
                exit(1)
            }
        }
        #if CONDUIT_FUZZING
        fuzzedTarget = target
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runLibFuzzer(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            target.run(data)
            print("\(path): ran")
        }
        exit(0)
        #endif
    }
}

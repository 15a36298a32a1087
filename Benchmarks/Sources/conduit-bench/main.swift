import AsyncAlgorithmsCases
import BenchSupport
import ConduitCases
import OpenCombineCases
#if canImport(Glibc)
import Glibc
#endif

// The rows of the table, in order, with the targets the task sets (see Benchmarks/README.md).
let rows: [Row] = [
    Row("passthrough.sink", "PassthroughSubject → sink", .nsPerValue),
    Row("passthrough.map.filter.sink", "PassthroughSubject → map → filter → sink", .nsPerValue,
        reference: "~150", withinFloor: true),
    Row("map10", "PassthroughSubject → 10 × map → sink", .nsPerValue, reference: "~970"),
    Row("fanout.1", "CurrentValueSubject fan-out to 1 sink", .nsPerDelivery, reference: "~200"),
    Row("fanout.10", "CurrentValueSubject fan-out to 10 sinks", .nsPerDelivery, reference: "~200"),
    Row("fanout.1000", "CurrentValueSubject fan-out to 1,000 sinks", .nsPerDelivery, reference: "~200"),
    Row("churn", "subscribe + cancel", .nsPerPair, reference: "~1,400"),
    Row("sequence.map.filter", "Publishers.Sequence → Map → Filter → sink", .nsPerValue, withinFloor: true),
    Row("combineLatest", "combineLatest of two subjects", .nsPerValue),
    Row("merge", "merge of two subjects", .nsPerValue),
    Row("zip", "zip of two subjects", .nsPerValue),
    Row("flatMap", "flatMap to Just", .nsPerValue),
    Row("flatMap.max1", "flatMap(maxPublishers: .max(1)) to Just", .nsPerValue),
    Row("debounce", "debounce on a virtual-time scheduler", .nsPerValue),
    Row("memory.sink", "memory per live sink (100,000 sinks)", .bytesPerSink, reference: "~500", ratio: 2),
    // Scale: the unit of the small row above, so that growth shows.
    Row("fanout.100000", "CurrentValueSubject fan-out to 100,000 sinks", .nsPerDelivery),
    Row("fanout.100000.subscribe", "subscribe 100,000 sinks to one subject", .nsPerSink, instructions: false),
    Row("fanout.100000.cancel", "cancel 100,000 sinks of one subject", .nsPerSink, instructions: false),
    Row("map100", "PassthroughSubject → 100 × map → sink", .nsPerValue),
    Row("flatMap.open10000", "flatMap: open 10,000 live inner subjects", .nsPerInner),
    Row("flatMap.live10000", "flatMap: value through 1 of 10,000 live inners", .nsPerValue),
    Row("churn.1M", "subscribe + cancel, 1,000,000 pairs", .nsPerPair),
    Row("churn.1M.peak", "heap growth at peak over 1,000,000 pairs", .kibibytesPeak, ratio: nil),
    // One operator at a time between a subject and a sink: the operators Combine code uses most.
    Row("each.removeDuplicates", "one operator: removeDuplicates", .nsPerValue),
    Row("each.compactMap", "one operator: compactMap", .nsPerValue),
    Row("each.scan", "one operator: scan", .nsPerValue),
    Row("each.tryMap", "one operator: tryMap", .nsPerValue),
    Row("each.prefixWhile", "one operator: prefix(while:)", .nsPerValue),
    Row("each.dropWhile", "one operator: drop(while:)", .nsPerValue),
    Row("each.dropFirst", "one operator: dropFirst", .nsPerValue),
    Row("each.firstWhere", "one operator: first(where:), never found", .nsPerValue),
    Row("each.collect", "one operator: collect(10)", .nsPerValue),
    Row("each.reduce", "one operator: reduce, never finished", .nsPerValue),
    Row("each.handleEvents", "one operator: handleEvents(receiveOutput:)", .nsPerValue),
    Row("each.receiveOn", "one operator: receive(on: ImmediateScheduler)", .nsPerValue),
    Row("each.share", "one operator: share", .nsPerValue),
    Row("each.mapError", "one operator: mapError", .nsPerValue),
    Row("each.replaceError", "one operator: replaceError", .nsPerValue),
    Row("each.catch", "one operator: catch", .nsPerValue),
    Row("each.prefix", "one operator: prefix(_:)", .nsPerValue),
    Row("each.buffer", "one operator: buffer(size: 10, prefetch: .byRequest)", .nsPerValue),
    Row("each.retry", "one operator: retry(3)", .nsPerValue),
    Row("each.breakpoint", "one operator: breakpoint()", .nsPerValue),
    Row("each.subscribeOn", "one operator: subscribe(on: ImmediateScheduler)", .nsPerValue),
    Row("each.mapKeyPath", "one operator: map(\\.magnitude), a computed property's key path", .nsPerValue),
    Row("each.mapStoredKeyPath", "one operator: map(\\.level), a struct field's key path", .nsPerValue),
    Row("each.prepend", "one operator: prepend(0), values from the suffix", .nsPerValue),
    Row("each.replaceEmpty", "one operator: replaceEmpty(with:)", .nsPerValue),
    Row("each.prefixUntilOutput", "one operator: prefix(untilOutputFrom:), never closed", .nsPerValue),
    Row("each.dropUntilOutput", "one operator: drop(untilOutputFrom: Just(0)), open", .nsPerValue),
    Row("each.assign", "one operator: assign(to:on:)", .nsPerValue),
    Row("each.published", "@Published property set → sink of $property", .nsPerValue),
    Row("floor.closures", "closure loop map/filter (floor)", .nsPerValue, reference: "~5", ratio: nil),
    Row("playground.replay", "playground replay, 3-operator pipeline", .linesPerSecond, ratio: nil, absolute: 100_000),
    Row("playground.startup", "`conduit -e help` start and exit", .milliseconds, ratio: nil, absolute: 50),
    Row("playground.classes", "playground replay, 10,000 lines of classes and closures", .linesPerSecond, ratio: nil),
    Row("playground.append200k", "playground `for` loop of 200,000 `append`s", .milliseconds, ratio: nil,
        absolute: 1_000),
    Row("playground.dictionary200k", "playground `for` loop writing 200,000 distinct dictionary keys", .milliseconds,
        ratio: nil, absolute: 1_000),
    Row("playground.loop1m", "playground `for` loop of 1,000,000 `total += i`", .milliseconds, ratio: nil),
    Row("playground.interrupt", "playground Ctrl-C in a 40,000-value flood, to the prompt", .milliseconds,
        ratio: nil, absolute: 1_000),
    // `conduit serve`: the same kind of script typed into the REPL, with and without viewers.
    Row("serve.replay.0", "`conduit serve` replay, no viewer", .linesPerSecond, ratio: nil),
    Row("serve.replay.200", "`conduit serve` replay, 200 viewers", .linesPerSecond, ratio: nil,
        atLeast: ("serve.replay.0", 0.25)),
    Row("serve.memory", "`conduit serve` memory per viewer (200)", .kibibytesPerViewer, ratio: nil, absolute: 64),
]

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// This binary's own path, to run it again under callgrind.
func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        : CommandLine.arguments[0]
}

var arguments = Array(CommandLine.arguments.dropFirst())
let countInstructions = arguments.first == "--instructions"
if countInstructions { arguments.removeFirst() }

// The child that `--instructions` runs under callgrind: one case of one engine, a warm-up sample
// uncounted, then one counted sample; prints the operations its measured region did.
if arguments.first == "--run-case", arguments.count == 3 {
    let lists = ["conduit": ConduitCases.all + Floor.cases, "opencombine": OpenCombineCases.all,
                 "asyncalgorithms": AsyncAlgorithmsCases.all]
    guard let sample = lists[arguments[1]]?.first(where: { $0.id == arguments[2] }) else {
        printError("no case \(arguments[2]) for engine \(arguments[1])")
        exit(2)
    }
    _ = sample.sample()
    Measurement.counting = true
    let figure = sample.sample()
    print("operations \(Measurement.lastOperations)")
    exit(figure.isNaN ? 1 : 0)
}

let runs = environment("BENCH_RUNS").flatMap(Int.init) ?? 7
let filter = arguments.first

var header: [String] = []
if let date = environment("BENCH_DATE") { header.append("Date: \(date)") }
if let machine = environment("BENCH_MACHINE") { header.append("Machine: \(machine)") }
if countInstructions, let counter = environment("BENCH_COUNTER") { header.append("Counter: \(counter)") }
if !header.isEmpty { header.append("") }

let playground = countInstructions ? []
    : PlaygroundCases.all(binary: environment("CONDUIT_BIN")) + ServeCases.all(binary: environment("CONDUIT_BIN"))
let harness = Harness(
    rows: rows,
    engines: [
        Engine("Conduit", short: "Conduit", id: "conduit", cases: ConduitCases.all + Floor.cases + playground),
        Engine("OpenCombine", short: "OC", id: "opencombine", cases: OpenCombineCases.all),
        Engine("AsyncAlgorithms", short: "AA", id: "asyncalgorithms", cases: AsyncAlgorithmsCases.all),
    ],
    runs: runs,
    filter: filter,
    only: environment("BENCH_ENGINE")
)

if countInstructions {
    guard Measurement.requestsAvailable else {
        printError("--instructions needs valgrind's headers at build time (Debian: apt-get install valgrind)")
        exit(1)
    }
    var template = Array("/tmp/conduit-bench-callgrind-XXXXXX".utf8CString)
    guard let directory = mkdtemp(&template).map({ String(cString: $0) }) else {
        printError("cannot make a temporary directory")
        exit(1)
    }
    harness.runInstructions(header: header, counter: InstructionCounter(binary: executablePath(), directory: directory))
} else {
    harness.run(header: header)
}

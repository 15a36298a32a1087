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
    Row("floor.closures", "closure loop map/filter (floor)", .nsPerValue, reference: "~5", ratio: nil),
    Row("playground.replay", "playground replay, 3-operator pipeline", .linesPerSecond, ratio: nil, absolute: 100_000),
    Row("playground.startup", "`conduit -e help` start and exit", .milliseconds, ratio: nil, absolute: 50),
]

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

let runs = environment("BENCH_RUNS").flatMap(Int.init) ?? 7
let filter = CommandLine.arguments.dropFirst().first

var header: [String] = []
if let date = environment("BENCH_DATE") { header.append("Date: \(date)") }
if let machine = environment("BENCH_MACHINE") { header.append("Machine: \(machine)") }
if !header.isEmpty { header.append("") }

let harness = Harness(
    rows: rows,
    conduit: ConduitCases.all + Floor.cases + PlaygroundCases.all(binary: environment("CONDUIT_BIN")),
    openCombine: OpenCombineCases.all,
    runs: runs,
    filter: filter,
    engine: environment("BENCH_ENGINE")
)
harness.run(header: header)

import BenchSupport
import Foundation
import PostgresCases

// PostgreSQL's LISTEN/NOTIFY (ConduitPostgres) beside its peer, a bare postgres-nio `listen` loop (and, for
// scale, a postgres-nio `addListener` handler counting on the event loop), on a
// private server scripts/pg-test-server starts ($BENCH_PG_SERVER); scripts/bench runs it after
// conduit-bench. `conduit-pg-bench --pg-sink URL COUNT` is the latency rows' sink in another process.

let rows: [Row] = [
    Row("postgres.notify", "NOTIFY → ConduitPostgres channel → sink, 50,000 notifications",
        .notificationsPerSecond, ratio: 0.8),
    Row("postgres.latency.median", "send → sink in another process, median of 2,000", .microseconds, ratio: nil),
    Row("postgres.latency.p99", "send → sink in another process, 99th percentile", .microseconds, ratio: nil),
]

func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--pg-sink", arguments.count == 3, let count = Int(arguments[2]) {
    LatencySink.run(url: arguments[1], count: count)
}
if arguments.first == "--pg-bare-sink", arguments.count == 3, let count = Int(arguments[2]) {
    LatencySink.runBare(url: arguments[1], count: count)
}

guard let script = environment("BENCH_PG_SERVER") else {
    FileHandle.standardError.write(Data("conduit-pg-bench: set BENCH_PG_SERVER to scripts/pg-test-server\n".utf8))
    exit(2)
}
guard let server = PostgresServer.start(script: script) else { exit(0) }
let runs = environment("BENCH_RUNS").flatMap(Int.init) ?? 7
let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let table = Harness(
    rows: rows,
    engines: [
        Engine("Conduit", short: "Conduit", id: "conduit",
            cases: PostgresCases.conduit(server: server, latencyBinary: binary)),
        Engine("postgres-nio", short: "PG", id: "postgresnio",
            cases: PostgresCases.bare(server: server, latencyBinary: binary)),
        Engine("nio handler", short: "EL", id: "handler", cases: PostgresCases.handler(server: server)),
    ],
    runs: runs,
    filter: arguments.first
)
var header = ["PostgreSQL LISTEN/NOTIFY, one private server on loopback (scripts/pg-test-server):"]
if let date = environment("BENCH_DATE") { header.append("Date: \(date)") }
header.append("")
table.run(
    header: header,
    footer: "Median of \(runs) runs (3 for latency) after a warm-up; wall time from the sending statement to "
        + "the last notification; latency from `send` to a sink in another process (CLOCK_MONOTONIC).")
let ratios = PostgresCases.rounds.ratios
if !ratios.isEmpty {
    let each = ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")
    let middle = ratios.sorted()[ratios.count / 2]
    print("Conduit/postgres-nio throughput, round by round: \(each); median \(String(format: "%.2f", middle))x")
}
server.stop()

import Conduit
import ConduitPostgres
import Foundation
import PostgresNIO

/// The latency from `send` on a ConduitPostgres channel to a sink in another process: the child
/// (`conduit-bench --pg-sink URL COUNT`, `LatencySink`) listens, says `ready`, and for each value
/// takes the monotonic clock (one clock for every process of the machine) minus the time the
/// sender wrote into the payload; it prints the median and the 99th percentile in microseconds.
/// With `bare`, the peer: a postgres-nio connection sends each `pg_notify` on the same schedule, and
/// the child reads with a bare `listen` loop (`--pg-bare-sink`). Both senders keep to the schedule
/// whatever the server's answers do (a sender that waited for each answer before taking the next
/// time would leave out of its figures all the sends a slow answer delays).
struct LatencyRun: Sendable {
    let url: String
    let binary: String
    var bare = false

    /// One sample: the child's median and p99, in µs, or nil if the child failed.
    func sample() -> (median: Double, p99: Double)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [bare ? "--pg-bare-sink" : "--pg-sink", url, String(PostgresCases.latencySends)]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let reader = LineReader(output.fileHandleForReading)
        guard reader.next() == "ready" else {
            process.terminate()
            return nil
        }
        let sent: Bool = blocking { [bare, url] in
            if bare {
                try await Self.sendBare(url: url)
                return true
            }
            let room = try await PostgresRoom.connect(to: url)
            let channel = try room.channel(LatencySink.channel)
            for _ in 0..<PostgresCases.latencySends {
                try channel.send(String(monotonicNanoseconds()))
                try await Task.sleep(for: PostgresCases.latencySpacing)
            }
            try await channel.sendAndWait("end")
            await room.close()
            return true
        } ?? false
        let result = sent ? reader.next() : nil
        if !sent { process.terminate() }
        process.waitUntilExit()
        guard let parts = result?.split(separator: " "), parts.count == 3, parts[0] == "latency",
            let median = Double(parts[1]), let p99 = Double(parts[2])
        else { return nil }
        return (median, p99)
    }

    /// The peer's sender: each notification its own query on a bare connection, started on schedule
    /// without waiting for the one before (postgres-nio queues them and runs one at a time).
    static func sendBare(url: String) async throws {
        let sender = try await PostgresCases.connection(url)
        let channel = LatencySink.channel
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<PostgresCases.latencySends {
                let now = String(monotonicNanoseconds())
                group.addTask {
                    try await sender.query("SELECT pg_notify(\(channel), \(now))", logger: PostgresCases.logger)
                }
                try await Task.sleep(for: PostgresCases.latencySpacing)
            }
            try await group.waitForAll()
        }
        try await sender.query("SELECT pg_notify(\(channel), 'end')", logger: PostgresCases.logger)
        try? await sender.close()
    }
}

/// The child of `LatencyRun`: a sink on the latency channel in a process of its own.
public enum LatencySink {
    static let channel = "bench_latency"

    /// Listens on `url`, prints `ready`, then `latency MEDIAN P99` (µs) once `count` values and the
    /// end have come; exits 1 if it cannot connect.
    public static func run(url: String, count: Int) -> Never {
        let done = DispatchSemaphore(value: 0)
        let samples = SampleBox()
        let started: Bool = blocking {
            let room = try await PostgresRoom.connect(to: url)
            let channel = try room.channel(channel)
            let sink = channel.values.sink { payload in
                let now = monotonicNanoseconds()
                if payload == "end" {
                    done.signal()
                } else if let sent = UInt64(payload) {
                    samples.append(Double(now &- sent) / 1_000)
                }
            }
            await channel.waitUntilListening()
            samples.keep(sink)
            return true
        } ?? false
        guard started else { exit(1) }
        say("ready")
        done.wait()
        report(samples, count: count)
    }

    /// The peer's child: a bare postgres-nio `listen` loop on the latency channel.
    public static func runBare(url: String, count: Int) -> Never {
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let samples = SampleBox()
        let listening = ResultBox<Bool>()
        Task.detached {
            do {
                let listener = try await PostgresCases.connection(url)
                try await listener.listen(on: channel) { notifications in
                    listening.value = true
                    ready.signal()
                    for try await notification in notifications {
                        let now = monotonicNanoseconds()
                        if notification.payload == "end" { break }
                        if let sent = UInt64(notification.payload) { samples.append(Double(now &- sent) / 1_000) }
                    }
                }
            } catch {}
            ready.signal()
            done.signal()
        }
        ready.wait()
        guard listening.value == true else { exit(1) }
        say("ready")
        done.wait()
        report(samples, count: count)
    }

    /// Prints `latency MEDIAN P99` and exits (1 unless all `count` samples came).
    private static func report(_ samples: SampleBox, count: Int) -> Never {
        // BENCH_PG_LATENCY_TRACE=FILE: every sample in the order sent (µs, one a line, in FILE.PID), to
        // see when the slow ones came.
        if let trace = ProcessInfo.processInfo.environment["BENCH_PG_LATENCY_TRACE"] {
            let lines = samples.all.map { String(Int($0)) }.joined(separator: "\n") + "\n"
            try? lines.write(toFile: trace + ".\(getpid())", atomically: true, encoding: .utf8)
        }
        let sorted = samples.all.sorted()
        guard !sorted.isEmpty else { exit(1) }
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        say("latency \(median) \(p99)")
        exit(sorted.count == count ? 0 : 1)
    }
}

/// Writes `line` to standard output at once (unbuffered: the parent waits for it).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The latencies a child collects, from the channel's delivering thread.
final class SampleBox: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [Double] = []
    private var kept: AnyCancellable?

    func append(_ sample: Double) {
        lock.withLock { samples.append(sample) }
    }

    func keep(_ cancellable: AnyCancellable) {
        lock.withLock { kept = cancellable }
    }

    var all: [Double] { lock.withLock { samples } }
}

/// CLOCK_MONOTONIC in nanoseconds: the same clock in every process of the machine.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Reads a pipe a line at a time.
final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}

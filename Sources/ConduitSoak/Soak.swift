import Conduit
import ConduitPlayground
import Foundation

/// `scripts/soak`: long runs that must not grow. Each phase prints the resident memory after a
/// warm-up (the first hundredth of its work, so caches and pools have their size) and at its end;
/// a phase whose memory grew by more than `allowedGrowth` fails the run (exit status 1).
@main
enum Soak {
    /// Growth beyond this over a phase is reported as a failure: far above noise (allocator pages,
    /// a log line), far below what a leak per value, cycle or line would add over a million.
    static let allowedGrowth = 8 << 20

    static func main() {
        let scale = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1
        var grew = false
        grew = phase("10,000,000 values through a chain of 50 operators", work: 10_000_000 / scale) { count in
            valuesThroughALongChain(count)
        } || grew
        grew = phase("1,000,000 subscribe/cancel cycles", work: 1_000_000 / scale) { count in
            subscribeAndCancel(count)
        } || grew
        grew = phase("a playground session of 1,000,000 lines, reset every 10,000", work: 1_000_000 / scale) { count in
            playgroundLines(count)
        } || grew
        exit(grew ? 1 : 0)
    }

    /// Runs `body` on a hundredth of `work` (warm-up), then on the rest, printing resident memory
    /// between; returns whether it grew by more than `allowedGrowth`.
    private static func phase(_ title: String, work: Int, _ body: (Int) -> Void) -> Bool {
        let warmUp = max(1, work / 100)
        body(warmUp)
        let start = residentBytes()
        let began = Date()
        body(work - warmUp)
        let end = residentBytes()
        let growth = end - start
        let seconds = Date().timeIntervalSince(began)
        let verdict = growth > allowedGrowth ? "GREW" : "flat"
        print("\(title): resident \(mebibytes(start)) at start, \(mebibytes(end)) at end "
            + "(\(growth >= 0 ? "+" : "")\(mebibytes(growth))), \(String(format: "%.1f", seconds)) s: \(verdict)")
        return growth > allowedGrowth
    }

    /// Values sent one by one into a subject feeding 50 operators (maps, filters and scans in turn,
    /// erased to one type) and a sink that counts them.
    private static func valuesThroughALongChain(_ count: Int) {
        let subject = PassthroughSubject<Int, Never>()
        var chain = subject.eraseToAnyPublisher()
        for stage in 0..<50 {
            switch stage % 3 {
            case 0: chain = chain.map { $0 &+ 1 }.eraseToAnyPublisher()
            case 1: chain = chain.filter { _ in true }.eraseToAnyPublisher()
            default: chain = chain.scan(0) { _, value in value }.eraseToAnyPublisher()
            }
        }
        var received = 0
        let sink = chain.sink { _ in received += 1 }
        for value in 0..<count { subject.send(value) }
        sink.cancel()
        precondition(received == count, "the chain lost values: \(received) of \(count)")
    }

    /// A sink subscribed through two operators to a current-value subject, then cancelled.
    private static func subscribeAndCancel(_ count: Int) {
        let subject = CurrentValueSubject<Int, Never>(1)
        var received = 0
        for _ in 0..<count {
            let sink = subject.map { $0 * 2 }.filter { $0 > 0 }.sink { _ in received += 1 }
            sink.cancel()
        }
        precondition(received == count, "a subscription missed its value: \(received) of \(count)")
    }

    /// Lines typed into one session: subjects, pipelines with operators and time, values, ticks,
    /// with `reset` every 10,000 lines.
    private static func playgroundLines(_ count: Int) {
        let session = Session()
        let setup = [
            "subject taps", "current isOn = true",
            "sink out = taps.combineLatest(isOn).filter { $0.1 }.map { $0.0 * 2 }",
            "sink later = taps.delay(for: 10ms).scan(0) { $0 + $1 }",
        ]
        let cycle = ["send taps 1", "send taps 2", "send isOn false", "send isOn true", "tick 20ms", "send taps 3"]
        var typed = 0
        var sinceReset = 0
        while typed < count {
            let line: String
            if sinceReset == 10_000 {
                line = "reset"
                sinceReset = -1
            } else if sinceReset < setup.count {
                line = setup[max(0, sinceReset)]
            } else {
                line = cycle[sinceReset % cycle.count]
            }
            let records = session.evaluate(line)
            if let error = records.first(where: { $0.kind == .error }) {
                fatalError("`\(line)` failed: \(error.text)")
            }
            typed += 1
            sinceReset += 1
        }
    }

    /// The process's resident set size, from /proc/self/statm (in pages).
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}

/// What a figure measures, and which way is better.
public enum Unit: String, Sendable {
    case nsPerValue = "ns/value"
    case nsPerDelivery = "ns/delivery"
    case nsPerPair = "ns/pair"
    case nsPerInner = "ns/inner"
    case nsPerSink = "ns/sink"
    case bytesPerSink = "bytes/sink"
    case linesPerSecond = "lines/s"
    case milliseconds = "ms"

    case kibibytesPeak = "KiB peak"
    case kibibytesPerViewer = "KiB/viewer"
    case notificationsPerSecond = "notifications/s"
    case microseconds = "µs"

    /// Whether a smaller figure is better.
    var lowerIsBetter: Bool { self != .linesPerSecond && self != .notificationsPerSecond }

    /// Whether the row times a loop of operations, which `--instructions` can count.
    var countsInstructions: Bool { rawValue.hasPrefix("ns/") }

    /// The unit of the instruction-count table ("instr/value" for "ns/value").
    var instructionName: String { countsInstructions ? "instr/" + rawValue.dropFirst(3) : rawValue }
}

/// One line of the table: a case both engines may implement, with its targets.
public struct Row: Sendable {
    public let id: String
    public let title: String
    public let unit: Unit
    /// OpenCombine's figure quoted in the task, for reference ("~150").
    public let reference: String
    /// How many times better than OpenCombine Conduit must be (nil: no ratio target).
    public let ratioTarget: Double?
    /// An absolute target for Conduit's figure, if any (for example `<50` ms).
    public let absoluteTarget: Double?
    /// Whether Conduit's figure must stay within 10x of the closure-loop floor.
    public let withinFloor: Bool
    /// Whether `--instructions` counts this row (a timed loop that callgrind runs in reasonable time).
    public let countsInstructions: Bool
    /// A target against another row of the same run: Conduit's figure at least `share` of that row's
    /// (replay with 200 viewers at least a quarter as fast as with none).
    public let shareTarget: (row: String, share: Double)?

    public init(
        _ id: String, _ title: String, _ unit: Unit, reference: String = "",
        ratio: Double? = 3, absolute: Double? = nil, withinFloor: Bool = false, instructions: Bool = true,
        atLeast share: (row: String, share: Double)? = nil
    ) {
        self.shareTarget = share
        self.countsInstructions = instructions && unit.countsInstructions
        self.id = id
        self.title = title
        self.unit = unit
        self.reference = reference
        self.ratioTarget = ratio
        self.absoluteTarget = absolute
        self.withinFloor = withinFloor
    }
}

/// The median of the samples (the mean of the middle two for an even count).
public func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// One engine's case list, as a column of the table: Conduit first, then the peers.
public struct Engine: Sendable {
    /// The column's title ("OpenCombine").
    public let name: String
    /// The short name used in ratio columns and targets ("OC").
    public let short: String
    /// The identifier `BENCH_ENGINE` and `--run-case` use ("opencombine").
    public let id: String
    public let cases: [String: Case]

    public init(_ name: String, short: String, id: String, cases: [Case]) {
        self.name = name
        self.short = short
        self.id = id
        self.cases = Dictionary(cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Runs every row for every engine and prints one table.
///
/// For each row: one warm-up sample per engine, then `runs` samples taken alternately (Conduit,
/// OpenCombine, AsyncAlgorithms, Conduit, ...) so that all see the same machine; the figure is the
/// median. With `--instructions`, each case runs once more in a process of its own under callgrind
/// instead (see `InstructionCounter`), and the table gives instructions per unit.
public struct Harness {
    public let rows: [Row]
    /// Conduit first, then the peers, in column order.
    public let engines: [Engine]
    public let runs: Int
    public let filter: String?

    /// `only` (an engine's id) runs only that engine's cases, for profiling; the others' columns
    /// print n/a.
    public init(rows: [Row], engines: [Engine], runs: Int, filter: String?, only: String? = nil) {
        self.rows = rows
        self.engines = engines.map { engine in
            guard let only, only != engine.id else { return engine }
            return Engine(engine.name, short: engine.short, id: engine.id, cases: [])
        }
        self.runs = runs
        self.filter = filter
    }

    struct Result {
        let row: Row
        /// One figure per engine, in `engines` order; nil where the engine has no such case.
        let figures: [Double?]
    }

    var selectedRows: [Row] {
        rows.filter { row in filter.map { $0.split(separator: ",").contains { row.id.contains($0) } } ?? true }
    }

    /// Times every selected row and prints the table, with the standard note on how figures are taken.
    public func run(header: [String]) {
        var footer = "Median of \(runs) runs (3 for the playground replay) after a warm-up; engine times are "
        footer += "thread CPU time (process CPU time for AsyncAlgorithms, whose work runs on the concurrency "
        footer += "pool), playground times wall time."
        run(header: header, footer: footer)
    }

    /// Times every selected row and prints the table with `footer` under it.
    public func run(header: [String], footer: String) {
        var results: [Result] = []
        for row in selectedRows {
            let cases = engines.map { $0.cases[row.id] }
            for item in cases { _ = item?.sample() }
            var samples = [[Double]](repeating: [], count: cases.count)
            for run in 0..<runs {
                for (index, item) in cases.enumerated() {
                    if let item, run < item.runs ?? runs { samples[index].append(item.sample()) }
                }
            }
            // A sample that failed (NaN) makes the figure unavailable rather than wrong.
            let figures = samples.map { $0.isEmpty || $0.contains(where: \.isNaN) ? nil : median($0) }
            results.append(Result(row: row, figures: figures))
        }
        print(render(results, header: header, footer: footer, unitName: { $0.rawValue }))
    }

    /// Counts instructions for every selected row that has a measured loop, one callgrind process
    /// per case and engine, and prints the table in instructions per unit.
    public func runInstructions(header: [String], counter: InstructionCounter) {
        var results: [Result] = []
        for row in selectedRows where row.countsInstructions {
            var figures: [Double?] = []
            for engine in engines {
                guard engine.cases[row.id] != nil else {
                    figures.append(nil)
                    continue
                }
                figures.append(counter.instructionsPerOperation(engine: engine.id, caseID: row.id))
            }
            results.append(Result(row: row, figures: figures))
        }
        var footer = "Instructions counted by valgrind --tool=callgrind in the measured loop only (one process "
        footer += "per case and engine, after an uncounted warm-up sample), divided by its values; fewer values "
        footer += "than the time table. The same binary gives the same counts run after run (AsyncAlgorithms' "
        footer += "within about 1%: its work is spread over the pool's threads)."
        print(render(results, header: header, footer: footer, unitName: { $0.instructionName }))
    }

    func render(_ results: [Result], header: [String], footer: String, unitName: (Unit) -> String) -> String {
        let floor = results.first { $0.row.id == "floor.closures" }?.figures.first ?? nil
        let peers = engines.dropFirst()
        var titles = ["case", "unit", engines[0].name]
        for peer in peers { titles += [peer.name, "\(peer.short)/\(engines[0].name)"] }
        titles += ["target", "met"]
        let numeric = Set(2..<(3 + 2 * peers.count))
        var lines: [[String]] = [titles]
        var misses = 0
        for result in results {
            let row = result.row
            let mine = result.figures[0]
            var cells = [row.title, unitName(row.unit), mine.map(figure) ?? "n/a"]
            var targets: [String] = []
            var met: [Bool] = []
            for offset in 0..<peers.count {
                let theirs = result.figures[offset + 1]
                cells.append(theirs.map(figure) ?? "n/a")
                guard let mine, let theirs, mine > 0 else {
                    cells.append("n/a")
                    continue
                }
                let ratio = row.unit.lowerIsBetter ? theirs / mine : mine / theirs
                cells.append(format(ratio, decimals: 2) + "x")
                // The targets are written against OpenCombine, the first peer.
                if offset == 0, let goal = row.ratioTarget {
                    met.append(ratio >= goal)
                }
            }
            if let goal = row.ratioTarget, mine != nil, result.figures.count > 1 {
                targets.append("≥\(format(goal, decimals: goal < 1 ? 1 : 0))x \(engines[1].short)")
            }
            if let goal = row.absoluteTarget {
                targets.append((row.unit.lowerIsBetter ? "<" : "≥") + format(goal, decimals: 0))
                if let mine {
                    met.append(row.unit.lowerIsBetter ? mine < goal : mine >= goal)
                }
            }
            if let (other, share) = row.shareTarget {
                let base = results.first { $0.row.id == other }?.figures.first ?? nil
                var text = "≥\(format(share * 100, decimals: 0))% of \(other)"
                if let mine, let base, base > 0 {
                    text += " (\(format(mine / base * 100, decimals: 0))%)"
                    met.append(mine >= base * share)
                }
                targets.append(text)
            }
            if row.withinFloor, let floor, let mine {
                targets.append("≤10x floor (\(format(mine / floor, decimals: 1))x)")
                met.append(mine <= floor * 10)
            }
            if !row.reference.isEmpty { targets.append("OC ref \(row.reference)") }
            let metText = met.isEmpty ? "" : (met.allSatisfy { $0 } ? "yes" : "NO")
            if metText == "NO" { misses += 1 }
            lines.append(cells + [targets.joined(separator: ", "), metText])
        }
        var widths = [Int](repeating: 0, count: titles.count)
        for line in lines {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var out = header.map { $0 + "\n" }.joined()
        for (number, line) in lines.enumerated() {
            let cells = line.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return numeric.contains(index) ? pad + cell : cell + pad
            }
            out += "| " + cells.joined(separator: " | ") + " |\n"
            if number == 0 {
                out += "|" + widths.enumerated().map { index, width in
                    numeric.contains(index)
                        ? String(repeating: "-", count: width + 1) + ":" : String(repeating: "-", count: width + 2)
                }.joined(separator: "|") + "|\n"
            }
        }
        out += "\n" + footer + " Targets missed: \(misses)."
        return out
    }

    func figure(_ value: Double) -> String {
        format(value, decimals: value < 100 ? 1 : 0)
    }
}

/// Formats a number with a fixed count of decimals and thousands separators.
public func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let whole = Int(rounded.magnitude)
    var digits = String(whole)
    var grouped = ""
    while digits.count > 3 {
        grouped = "," + digits.suffix(3) + grouped
        digits = String(digits.dropLast(3))
    }
    grouped = digits + grouped
    if decimals > 0 {
        let fraction = Int(((rounded.magnitude - Double(whole)) * scale).rounded())
        let text = String(fraction)
        grouped += "." + String(repeating: "0", count: decimals - text.count) + text
    }
    return (rounded < 0 ? "-" : "") + grouped
}

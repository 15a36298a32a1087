/// What a figure measures, and which way is better.
public enum Unit: String, Sendable {
    case nsPerValue = "ns/value"
    case nsPerDelivery = "ns/delivery"
    case nsPerPair = "ns/pair"
    case bytesPerSink = "bytes/sink"
    case linesPerSecond = "lines/s"
    case milliseconds = "ms"

    /// Whether a smaller figure is better.
    var lowerIsBetter: Bool { self != .linesPerSecond }
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

    public init(
        _ id: String, _ title: String, _ unit: Unit, reference: String = "",
        ratio: Double? = 3, absolute: Double? = nil, withinFloor: Bool = false
    ) {
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

/// Runs every row for both engines and prints one table.
///
/// For each row: one warm-up sample per engine, then `runs` samples taken alternately (Conduit,
/// OpenCombine, Conduit, ...) so that both see the same machine; the figure is the median.
public struct Harness {
    public let rows: [Row]
    public let conduit: [String: Case]
    public let openCombine: [String: Case]
    public let runs: Int
    public let filter: String?

    /// `engine` ("conduit" or "opencombine") runs only that engine's cases, for profiling.
    public init(rows: [Row], conduit: [Case], openCombine: [Case], runs: Int, filter: String?, engine: String? = nil) {
        self.rows = rows
        let conduit = engine == "opencombine" ? [] : conduit
        let openCombine = engine == "conduit" ? [] : openCombine
        self.conduit = Dictionary(conduit.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.openCombine = Dictionary(openCombine.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.runs = runs
        self.filter = filter
    }

    struct Result {
        let row: Row
        let conduit: Double?
        let openCombine: Double?
    }

    public func run(header: [String]) {
        var results: [Result] = []
        for row in rows where filter.map({ $0.split(separator: ",").contains { row.id.contains($0) } }) ?? true {
            let mine = conduit[row.id]
            let theirs = openCombine[row.id]
            _ = mine?.sample()
            _ = theirs?.sample()
            var mineSamples: [Double] = []
            var theirSamples: [Double] = []
            for run in 0..<runs {
                if let mine, run < mine.runs ?? runs { mineSamples.append(mine.sample()) }
                if let theirs, run < theirs.runs ?? runs { theirSamples.append(theirs.sample()) }
            }
            // A sample that failed (NaN) makes the figure unavailable rather than wrong.
            if mineSamples.contains(where: \.isNaN) { mineSamples = [] }
            if theirSamples.contains(where: \.isNaN) { theirSamples = [] }
            results.append(Result(
                row: row,
                conduit: mineSamples.isEmpty ? nil : median(mineSamples),
                openCombine: theirSamples.isEmpty ? nil : median(theirSamples)
            ))
        }
        print(render(results, header: header))
    }

    func render(_ results: [Result], header: [String]) -> String {
        let floor = results.first { $0.row.id == "floor.closures" }?.conduit
        var lines: [[String]] = [["case", "unit", "Conduit", "OpenCombine", "OC/Conduit", "target", "met"]]
        var misses = 0
        for result in results {
            let row = result.row
            var ratioText = "n/a"
            var targets: [String] = []
            var met: [Bool] = []
            if let mine = result.conduit, let theirs = result.openCombine, mine > 0 {
                let ratio = row.unit.lowerIsBetter ? theirs / mine : mine / theirs
                ratioText = format(ratio, decimals: 2) + "x"
                if let goal = row.ratioTarget {
                    targets.append("≥\(format(goal, decimals: 0))x OC")
                    met.append(ratio >= goal)
                }
            } else if let goal = row.ratioTarget, result.conduit != nil {
                targets.append("≥\(format(goal, decimals: 0))x OC")
            }
            if let goal = row.absoluteTarget {
                targets.append((row.unit.lowerIsBetter ? "<" : "≥") + format(goal, decimals: 0))
                if let mine = result.conduit {
                    met.append(row.unit.lowerIsBetter ? mine < goal : mine >= goal)
                }
            }
            if row.withinFloor, let floor, let mine = result.conduit {
                targets.append("≤10x floor (\(format(mine / floor, decimals: 1))x)")
                met.append(mine <= floor * 10)
            }
            if !row.reference.isEmpty { targets.append("OC ref \(row.reference)") }
            let metText = met.isEmpty ? "" : (met.allSatisfy { $0 } ? "yes" : "NO")
            if metText == "NO" { misses += 1 }
            lines.append([
                row.title, row.unit.rawValue,
                result.conduit.map { format($0, decimals: $0 < 100 ? 1 : 0) } ?? "n/a",
                result.openCombine.map { format($0, decimals: $0 < 100 ? 1 : 0) } ?? "n/a",
                ratioText, targets.joined(separator: ", "), metText,
            ])
        }
        var widths = [Int](repeating: 0, count: lines[0].count)
        for line in lines {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var out = header.map { $0 + "\n" }.joined()
        for (number, line) in lines.enumerated() {
            let cells = line.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return (2...4).contains(index) ? pad + cell : cell + pad
            }
            out += "| " + cells.joined(separator: " | ") + " |\n"
            if number == 0 {
                out += "|" + widths.enumerated().map { index, width in
                    (2...4).contains(index) ? String(repeating: "-", count: width + 1) + ":" : String(repeating: "-", count: width + 2)
                }.joined(separator: "|") + "|\n"
            }
        }
        out += "\nMedian of \(runs) runs (3 for the playground replay) after a warm-up; engine times are "
        out += "thread CPU time, playground times wall time. Targets missed: \(misses)."
        return out
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

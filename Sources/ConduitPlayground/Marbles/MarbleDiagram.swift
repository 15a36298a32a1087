/// Marble diagram layout shared by the text and SVG renderers: lanes cut into frames of equal
/// virtual time, each frame a column as wide as its widest cell, so that every lane stays
/// aligned on the time axis whatever groups it holds.
public struct MarbleDiagram: Sendable {
    /// One frame of one lane: the events that happened in it, in order.
    public struct Cell: Sendable {
        /// The events, in the order they happened.
        public let events: [MarbleEvent]
    }

    /// The lanes drawn, top to bottom.
    public let lanes: [MarbleLane]
    /// The length of a frame, in nanoseconds.
    public let frame: Int
    /// The first frame drawn (its index from time 0) and how many are drawn.
    public let firstFrame: Int
    /// How many frames are drawn, from `firstFrame` on.
    public let frameCount: Int
    /// The one-character symbol given to each value that is not its own text.
    public let symbols: MarbleSymbols
    /// `cells[lane][column]`.
    public let cells: [[Cell]]
    /// The width in characters of each column: 1, or a group's `(ab)` width.
    public private(set) var columnWidths: [Int]
    /// Rows drawn under a lane that are not marbles (a sink's demand), by the lane's index.
    public private(set) var rowsBelow: [Int: MarbleRow] = [:]

    /// Lays out `lanes` with frames of `frame` ns, from `from` ns to `until` ns (both included).
    ///
    /// - Parameters:
    ///   - lanes: The lanes to draw, top to bottom.
    ///   - frame: The length of a frame, in nanoseconds (at least 1).
    ///   - from: The time of the first frame drawn, in nanoseconds.
    ///   - until: The time of the last frame drawn, in nanoseconds (later if a lane has later events).
    public init(lanes: [MarbleLane], frame: Int, from: Int = 0, until: Int) {
        self.lanes = lanes
        self.frame = max(1, frame)
        let first = max(0, from) / self.frame
        let latest = lanes.flatMap { $0.events.map(\.time) }.max() ?? 0
        let last = max(first, max(until, latest) / self.frame)
        firstFrame = first
        frameCount = last - first + 1
        var values: [Value] = []
        for lane in lanes {
            for (time, event) in lane.events where time / self.frame >= first {
                if case .value(let value) = event { values.append(value) }
            }
        }
        symbols = MarbleSymbols(values: values)
        var cells: [[Cell]] = []
        var widths = Array(repeating: 1, count: frameCount)
        for lane in lanes {
            var grouped = Array(repeating: [MarbleEvent](), count: frameCount)
            for (time, event) in lane.events {
                let index = time / self.frame - first
                if index >= 0, index < frameCount { grouped[index].append(event) }
            }
            for (index, events) in grouped.enumerated() where events.count > 1 {
                widths[index] = max(widths[index], events.count + 2)
            }
            cells.append(grouped.map(Cell.init))
        }
        self.cells = cells
        columnWidths = widths
    }

    /// Adds a row under lane `lane`, widening columns so that each of its texts fits with a blank
    /// after it (numbers in neighbouring frames must not run together, as `1` `0` would read `10`).
    ///
    /// - Parameters:
    ///   - row: The row to draw.
    ///   - lane: The index of the lane it goes under.
    public mutating func addRow(_ row: MarbleRow, below lane: Int) {
        for (column, text) in row.cells.enumerated() where column < columnWidths.count {
            if let text, text.count + 1 > columnWidths[column] { columnWidths[column] = text.count + 1 }
        }
        rowsBelow[lane] = row
    }

    /// The symbol drawn for one event.
    ///
    /// - Parameter event: The event.
    /// - Returns: Its glyph, or its value's symbol.
    public func symbol(_ event: MarbleEvent) -> Character {
        if let glyph = event.glyph { return glyph }
        if case .value(let value) = event { return symbols.symbol(for: value) }
        return "?"
    }

    /// A cell as notation: `-` for nothing, a symbol, or a group `(ab)` for several in one frame.
    ///
    /// - Parameter cell: The cell.
    /// - Returns: The cell's notation.
    public func text(of cell: Cell) -> String {
        switch cell.events.count {
        case 0: return "-"
        case 1: return String(symbol(cell.events[0]))
        default: return "(" + String(cell.events.map(symbol)) + ")"
        }
    }

    /// The time at which a column starts, in nanoseconds.
    ///
    /// - Parameter column: The column, from 0.
    /// - Returns: The time its frame starts, in nanoseconds.
    public func time(ofColumn column: Int) -> Int {
        (firstFrame + column) * frame
    }
}

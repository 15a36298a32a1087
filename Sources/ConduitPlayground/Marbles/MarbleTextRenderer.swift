/// Draws a `MarbleDiagram` as text: one row per lane, frames aligned in columns (a group is one
/// frame; the other lanes leave that column's extra width blank), a legend for every symbol that
/// is not its value's own text, and rows cut into blocks that fit `width` columns.
public struct MarbleTextRenderer {
    /// The diagram drawn.
    public let diagram: MarbleDiagram
    /// The most characters a line may take.
    public let width: Int

    /// Creates a renderer for a diagram.
    ///
    /// - Parameters:
    ///   - diagram: The diagram to draw.
    ///   - width: The most characters a line may take (at least 20).
    public init(_ diagram: MarbleDiagram, width: Int = 80) {
        self.diagram = diagram
        self.width = max(20, width)
    }

    /// The lines of the drawing.
    ///
    /// - Returns: The lines, each at most `width` characters, blocks of lanes followed by the legend.
    public func lines() -> [String] {
        let nameWidth = (diagram.lanes.map(\.name.count) + diagram.rowsBelow.values.map(\.label.count)).max()
            .map { $0 + 2 } ?? 2
        let room = max(1, width - nameWidth)
        let blocks = columnBlocks(room: room)
        var lines: [String] = []
        for (number, block) in blocks.enumerated() {
            if blocks.count > 1 {
                if number > 0 { lines.append("") }
                lines.append("@" + PlaygroundClock.format(nanoseconds: Int64(diagram.time(ofColumn: block.lowerBound))))
            }
            for (laneIndex, lane) in diagram.lanes.enumerated() {
                var row = lane.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                for column in block {
                    let text = diagram.text(of: diagram.cells[laneIndex][column])
                    row += text.padding(toLength: diagram.columnWidths[column], withPad: " ", startingAt: 0)
                }
                lines.append(String(row.reversed().drop(while: { $0 == " " }).reversed()))
                if let below = diagram.rowsBelow[laneIndex] {
                    var text = below.label.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                    for column in block {
                        let cell = column < below.cells.count ? below.cells[column] ?? "" : ""
                        text += cell.padding(toLength: diagram.columnWidths[column], withPad: " ", startingAt: 0)
                    }
                    lines.append(String(text.reversed().drop(while: { $0 == " " }).reversed()))
                }
            }
        }
        if let legend = diagram.symbols.legendLine { lines.append(legend) }
        lines.append(footer)
        return lines
    }

    /// `(one column per 100ms)`, with where the drawing starts when it is not at 0.
    var footer: String {
        let frame = PlaygroundClock.format(nanoseconds: Int64(diagram.frame))
        let start = diagram.firstFrame > 0
            ? ", from " + PlaygroundClock.format(nanoseconds: Int64(diagram.time(ofColumn: 0))) : ""
        return "(one column per \(frame)\(start))"
    }

    /// Consecutive column ranges whose widths add up to at most `room`.
    private func columnBlocks(room: Int) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var start = 0
        var used = 0
        for (column, columnWidth) in diagram.columnWidths.enumerated() {
            if used + columnWidth > room, column > start {
                blocks.append(start..<column)
                start = column
                used = 0
            }
            used += columnWidth
        }
        blocks.append(start..<diagram.columnWidths.count)
        return blocks
    }
}

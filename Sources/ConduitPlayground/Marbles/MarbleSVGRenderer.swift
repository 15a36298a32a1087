/// Draws a `MarbleDiagram` as a standalone SVG picture for slides and handouts: one lane per
/// name with its arrow of time, a time axis with labels, values as labelled marbles (the legend
/// below says what each symbol stands for), `|` as a bar, `#` as a red cross, `^` as a triangle and
/// `!` as a red stroke. No scripts and no external fonts: it shows the same on any projector.
public struct MarbleSVGRenderer {
    /// The diagram drawn.
    public let diagram: MarbleDiagram
    /// An optional title drawn above the lanes.
    public let title: String?

    static let columnWidth = 34
    static let laneHeight = 56
    static let marbleRadius = 14
    /// The most marbles drawn in one frame; more are summed up as `+N`.
    static let groupLimit = 8

    /// Creates a renderer for a diagram.
    ///
    /// - Parameters:
    ///   - diagram: The diagram to draw.
    ///   - title: A title drawn above the lanes; none if `nil`.
    public init(_ diagram: MarbleDiagram, title: String? = nil) {
        self.diagram = diagram
        self.title = title
    }

    /// The SVG document.
    ///
    /// - Returns: The picture as an SVG document, with no scripts and no external fonts.
    public func document() -> String {
        let nameWidth = max(60, (diagram.lanes.map(\.name.count).max() ?? 0) * 11 + 24)
        var columnX: [Int] = []
        var x = nameWidth
        for width in diagram.columnWidths {
            columnX.append(x)
            x += Self.columnWidth * max(1, min(width - 2, Self.groupLimit))  // a group side by side
        }
        let laneTop = title == nil ? 40 : 72
        let legendLines = diagram.symbols.legend.count
        let width = x + 40
        // Each lane's middle; a lane with a row under it (a sink's demand) takes more room.
        var laneY: [Int] = []
        var bottom = laneTop
        for index in diagram.lanes.indices {
            laneY.append(bottom + Self.laneHeight / 2)
            bottom += Self.laneHeight + (diagram.rowsBelow[index] == nil ? 0 : Self.rowHeight)
        }
        let height = bottom + 40 + legendLines * 22
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="#ffffff"/>

        """
        if let title {
            svg += "<text x=\"16\" y=\"32\" font-size=\"22\" font-weight=\"bold\" fill=\"#222\">"
                + "\(Self.escape(title))</text>\n"
        }
        // The time axis: a label every few columns.
        let every = 3
        let axisY = laneTop - 12
        for column in stride(from: 0, to: diagram.frameCount, by: every) {
            let label = PlaygroundClock.format(nanoseconds: Int64(diagram.time(ofColumn: column)))
            svg += "<text x=\"\(columnX[column])\" y=\"\(axisY)\" font-size=\"12\" fill=\"#666\">\(label)</text>\n"
        }
        for (laneIndex, lane) in diagram.lanes.enumerated() {
            let y = laneY[laneIndex]
            svg += "<g class=\"lane\" data-name=\"\(Self.escape(lane.name))\">\n"
            svg += "<text x=\"12\" y=\"\(y + 6)\" font-size=\"18\" font-weight=\"bold\" fill=\"#222\">"
                + "\(Self.escape(lane.name))</text>\n"
            svg += "<line x1=\"\(nameWidth - 8)\" y1=\"\(y)\" x2=\"\(x + 16)\" y2=\"\(y)\" stroke=\"#444\" "
                + "stroke-width=\"2\"/>\n"
            svg += "<polygon points=\"\(x + 16),\(y - 6) \(x + 28),\(y) \(x + 16),\(y + 6)\" fill=\"#444\"/>\n"
            for (column, cell) in diagram.cells[laneIndex].enumerated() {
                let shown = cell.events.count > Self.groupLimit ? Self.groupLimit - 1 : cell.events.count
                for (offset, event) in cell.events.prefix(shown).enumerated() {
                    let cx = columnX[column] + Self.columnWidth / 2 + offset * Self.columnWidth
                    svg += glyph(event, x: cx, y: y)
                }
                if shown < cell.events.count {
                    // A crowded frame: the rest as a count, so the picture stays a picture.
                    let cx = columnX[column] + Self.columnWidth / 2 + shown * Self.columnWidth
                    svg += "<text class=\"more\" x=\"\(cx)\" y=\"\(y + 5)\" font-size=\"13\" text-anchor=\"middle\" "
                        + "fill=\"#333\">+\(cell.events.count - shown)</text>\n"
                }
            }
            svg += "</g>\n"
            if let row = diagram.rowsBelow[laneIndex] {
                svg += demandRow(row, columnX: columnX, top: y + Self.laneHeight / 2 - 6)
            }
        }
        var legendY = bottom + 24
        for (symbol, value) in diagram.symbols.legend {
            svg += "<text x=\"16\" y=\"\(legendY)\" font-size=\"15\" fill=\"#222\">"
                + "\(Self.escape(String(symbol))) = \(Self.escape(value.description))</text>\n"
            legendY += 22
        }
        let frame = PlaygroundClock.format(nanoseconds: Int64(diagram.frame))
        svg += "<text x=\"16\" y=\"\(height - 10)\" font-size=\"12\" fill=\"#666\">one column per \(frame)</text>\n"
        return svg + "</svg>\n"
    }

    static let rowHeight = 40

    /// A sink's demand under its lane: the outstanding demand as a step line (a request raises it,
    /// a delivery lowers it; capped at 10, `∞` drawn at the top) with its value where it changed.
    private func demandRow(_ row: MarbleRow, columnX: [Int], top: Int) -> String {
        let base = top + Self.rowHeight - 8
        func height(_ level: Int?) -> Int { min(level ?? 10, 10) * 2 }
        var svg = "<g class=\"demand\" data-label=\"\(Self.escape(row.label))\">\n"
        svg += "<text x=\"12\" y=\"\(base)\" font-size=\"13\" fill=\"#2e7d32\">\(Self.escape(row.label))</text>\n"
        var points: [String] = []
        for (column, x) in columnX.enumerated() where column < row.levels.count {
            let level = base - height(row.levels[column])
            let next = column + 1 < columnX.count ? columnX[column + 1] : x + Self.columnWidth
            points.append("\(x),\(level) \(next),\(level)")
        }
        if !points.isEmpty {
            svg += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"#2e7d32\" "
                + "stroke-width=\"2\"/>\n"
        }
        for (column, text) in row.cells.enumerated() where column < columnX.count {
            guard let text else { continue }
            svg += "<text class=\"level\" x=\"\(columnX[column] + Self.columnWidth / 2)\" y=\"\(base - 24)\" "
                + "font-size=\"12\" text-anchor=\"middle\" fill=\"#2e7d32\">\(Self.escape(text))</text>\n"
        }
        return svg + "</g>\n"
    }

    private func glyph(_ event: MarbleEvent, x: Int, y: Int) -> String {
        let r = Self.marbleRadius
        switch event {
        case .value:
            let symbol = Self.escape(String(diagram.symbol(event)))
            return "<circle class=\"marble\" cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" fill=\"#ffd54f\" stroke=\"#333\" "
                + "stroke-width=\"2\"/>"
                + "<text x=\"\(x)\" y=\"\(y + 6)\" font-size=\"16\" text-anchor=\"middle\" fill=\"#111\">"
                    + "\(symbol)</text>\n"
        case .finished:
            return "<line class=\"finished\" x1=\"\(x)\" y1=\"\(y - r)\" x2=\"\(x)\" y2=\"\(y + r)\" stroke=\"#111\" "
                + "stroke-width=\"4\"/>\n"
        case .failed:
            return "<path class=\"failed\" d=\"M\(x - 10) \(y - 10) L\(x + 10) \(y + 10) M\(x + 10) \(y - 10) L"
                + "\(x - 10) \(y + 10)\" "
                + "stroke=\"#d32f2f\" stroke-width=\"4\"/>\n"
        case .subscribed:
            return "<polygon class=\"subscribed\" points=\"\(x - 8),\(y + 14) \(x + 8),\(y + 14) \(x),\(y + 2)\" "
                + "fill=\"#1976d2\"/>\n"
        case .cancelled:
            return "<line class=\"cancelled\" x1=\"\(x - 8)\" y1=\"\(y + 12)\" x2=\"\(x + 8)\" y2=\"\(y - 12)\" "
                + "stroke=\"#d32f2f\" stroke-width=\"4\"/>\n"
        }
    }

    /// Text made safe for XML; `keepingLines` keeps line breaks (for a `<pre>`).
    static func escape(_ text: String, keepingLines: Bool = false) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\n" where keepingLines: result.append(character)
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default:
                if let ascii = character.asciiValue, ascii < 32 { result += " " } else { result.append(character) }
            }
        }
        return result
    }
}

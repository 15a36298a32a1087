/// A row drawn under a marble lane that is not made of marbles: a sink's demand lane, whose cells
/// say how much demand is outstanding at the end of each frame in which it changed.
public struct MarbleRow: Sendable {
    /// What the row is called in the name column, such as `demand`.
    public let label: String
    /// One entry per column of the diagram: its text, or `nil` where nothing changed.
    public let cells: [String?]
    /// The outstanding demand each cell stands for (`nil`: unlimited), for the picture's steps.
    public let levels: [Int?]

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - label: What the row is called in the name column.
    ///   - cells: One text per column, `nil` where nothing changed.
    ///   - levels: The outstanding demand each cell stands for (`nil`: unlimited).
    public init(label: String, cells: [String?], levels: [Int?] = []) {
        self.label = label
        self.cells = cells
        self.levels = levels
    }
}

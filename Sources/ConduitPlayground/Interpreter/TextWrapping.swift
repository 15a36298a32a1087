/// Fits text to a terminal's width: each line longer than the width is broken at spaces, and its
/// continuation lines are indented to where its text starts (after a leading label and the run of
/// spaces that follows it, as in `  .map     transforms each value`), so columns stay readable.
/// A word longer than the room left is cut; no line ends up wider than the width.
enum TextWrapping {
    /// The narrowest width wrapped to: below it, text is left as it is.
    static let minimumWidth = 20

    static func wrap(_ text: String, width: Int) -> String {
        guard width >= minimumWidth else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapLine(String($0), width: width) }
            .joined(separator: "\n")
    }

    /// One line as lines of at most `width` characters.
    static func wrapLine(_ line: String, width: Int) -> [String] {
        // Most lines fit; no line has more characters than UTF-8 bytes, so those are answered
        // without looking at their characters.
        guard line.utf8.count > width else { return [line] }
        let characters = Array(line)
        guard characters.count > width else { return [line] }
        let leading = characters.prefix { $0 == " " }.count
        // The words as slices of the line itself: rebuilding a string from an array of characters
        // cost more than everything else `help` does.
        let words = line.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false)
        // Continuation lines start under the text, unless that leaves too little room for the
        // longest word, which would then have to be cut.
        let longest = words.map(\.count).max() ?? 0
        let indent = max(0, min(hangingIndent(of: characters), width / 2, width - longest))
        let padding = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = String(repeating: " ", count: leading)
        var currentCount = leading
        var pendingSpaces = 0
        var started = false
        for word in words {
            if word.isEmpty {
                pendingSpaces += 1
                continue
            }
            let gap = started ? pendingSpaces + 1 : 0
            pendingSpaces = 0
            if currentCount + gap + word.count <= width {
                current += String(repeating: " ", count: gap) + word
                currentCount += gap + word.count
                started = true
                continue
            }
            if started {
                lines.append(current)
                current = padding
                currentCount = indent
            }
            // A word wider than the room is cut into pieces that fit.
            var rest = word
            while currentCount + rest.count > width {
                let room = width - currentCount
                current += rest.prefix(room)
                lines.append(current)
                rest = rest.dropFirst(room)
                current = padding
                currentCount = indent
            }
            current += rest
            currentCount += rest.count
            started = true
        }
        if currentCount > indent || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Where a line's text starts: after its leading spaces and a first field followed by two or
    /// more spaces (a column layout), or two further in than its leading spaces otherwise.
    static func hangingIndent(of characters: [Character]) -> Int {
        let leading = characters.prefix { $0 == " " }.count
        var index = leading
        while index < characters.count {
            if characters[index] == " ", index + 1 < characters.count, characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                if end < characters.count { return end }
                break
            }
            index += 1
        }
        return leading + 2
    }
}

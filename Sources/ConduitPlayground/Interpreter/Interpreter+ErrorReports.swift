import Foundation

/// How an error is shown: its message, where it is (file, line, column), the line of text it is
/// on with a caret under the place, control characters made visible, long quotes shortened.
extension Interpreter {
    /// An error's message for a person.
    static func message(of error: Error) -> String {
        if let located = error as? LocatedError { return located.message }
        return PlaygroundError.from(error).message
    }

    /// Reports `error` in `text`, which starts at `line` and `column` of `file`: the location, the
    /// message, the line of the text it is on, and a caret under the place.
    func report(_ error: some LocatedError, in text: String, file: String?, line: Int, column firstColumn: Int = 0) {
        let characters = Array(text)
        let offset = min(error.offset, characters.count)
        var lineStart = 0
        var lineNumber = 0
        for index in 0..<offset where characters[index] == "\n" {
            lineStart = index + 1
            lineNumber += 1
        }
        var lineEnd = lineStart
        while lineEnd < characters.count, characters[lineEnd] != "\n" { lineEnd += 1 }
        let column = offset - lineStart
        let width = max(1, min(error.length, max(1, lineEnd - offset)))
        let shownColumn = column + (lineNumber == 0 ? firstColumn : 0)
        let location = file.map { "\($0):\(line + lineNumber):\(shownColumn + 1): " } ?? ""
        // A long line is shown around the error only, marked `…` where it is cut, so that it and
        // the caret under it each fit on one line of the terminal (two columns of indent, and
        // room for a `…` at either end).
        let window = max(TextWrapping.minimumWidth, outputWidth) - 4
        let lead = min(window - min(width, window / 2), window * 4 / 5)
        let shownStart = column > lead ? offset - lead : lineStart
        let shownEnd = min(lineEnd, shownStart + window)
        let shownWidth = min(width, shownEnd - offset)
        let shownText = Self.visible(String(characters[shownStart..<shownEnd]), controlAs: { _ in "\u{FFFD}" })
        let sourceLine = (shownStart > lineStart ? "…" : "") + shownText + (shownEnd < lineEnd ? "…" : "")
        let caret = String(repeating: " ", count: offset - shownStart + (shownStart > lineStart ? 1 : 0)) + String(
            repeating: "^", count: max(1, shownWidth))
        let message = Self.shortened(Self.visible(error.message) { "U+" + String($0.value, radix: 16,
            uppercase: true) })
        let range = SessionEvent.SourceRange(file: file, line: line + lineNumber, from: shownColumn + 1, width: width)
        emit(OutputRecord(kind: .error, text: "\(location)error: \(message)\n  \(sourceLine)\n  \(caret)",
            event: recorder.record(.error(message: message, range: range))))
    }

    /// `text` with control characters other than line feed and tab (which would move the cursor or
    /// ring the bell when printed) replaced by `controlAs`; a one-character replacement keeps a
    /// caret line aligned.
    static func visible(_ text: String, controlAs replacement: (Unicode.Scalar) -> String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += replacement(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A message with each quoted fragment (between backquotes) cut to 60 characters, so a name
    /// or number a megabyte long is not printed whole.
    static func shortened(_ message: String) -> String {
        guard message.count > 200 else { return message }
        var result = ""
        var quoted: String?
        for character in message {
            if character == "`" {
                if let fragment = quoted {
                    result += fragment.count > 60 ? fragment.prefix(59) + "…" : fragment
                    quoted = nil
                } else {
                    quoted = ""
                }
                result.append(character)
            } else if quoted != nil {
                quoted!.append(character)
            } else {
                result.append(character)
            }
        }
        if let fragment = quoted { result += fragment.prefix(59) + "…" }
        return result
    }
}

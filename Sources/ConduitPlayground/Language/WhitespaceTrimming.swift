import Foundation

/// Trimming of blanks from both ends of script text, with a fast path for the common case.
/// The result is always exactly Foundation's `trimmingCharacters(in:)` with `.whitespaces` or
/// `.whitespacesAndNewlines`: when a non-ASCII scalar sits at an end, it defers to Foundation.
extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`: spaces and tabs (and, beyond ASCII, Unicode spaces).
    func trimmingWhitespace() -> String {
        WhitespaceTrimming.trimASCII(Substring(self), newlines: false) ?? trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
    func trimmingWhitespaceAndNewlines() -> String {
        WhitespaceTrimming.trimASCII(Substring(self), newlines: true) ?? trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The ASCII fast path behind `trimmingWhitespace()` and `trimmingWhitespaceAndNewlines()`.
enum WhitespaceTrimming {
    /// The trimmed text, or nil when a non-ASCII scalar is met at either end (Foundation decides).
    static func trimASCII(_ text: Substring, newlines: Bool) -> String? {
        // Over the bytes where they are when the text has them in one piece (always, in practice):
        // stepping the Substring's UTF-8 indexes cost each replayed line 500 instructions a trim.
        switch text.utf8.withContiguousStorageIfAvailable({ trimASCII(bytes: $0, newlines: newlines) }) {
        case .some(let trimmed): return trimmed
        case nil: break
        }
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end {
            let byte = bytes[start]
            if byte >= 0x80 { return nil }
            if !isBlank(byte, newlines: newlines) { break }
            start = bytes.index(after: start)
        }
        while start < end {
            let last = bytes.index(before: end)
            let byte = bytes[last]
            if byte >= 0x80 { return nil }
            if !isBlank(byte, newlines: newlines) { break }
            end = last
        }
        return String(text[start..<end])
    }

    /// `trimASCII` of contiguous UTF-8 bytes.
    private static func trimASCII(bytes: UnsafeBufferPointer<UInt8>, newlines: Bool) -> String? {
        var start = 0
        var end = bytes.count
        while start < end {
            let byte = bytes[start]
            if byte >= 0x80 { return nil }
            if !isBlank(byte, newlines: newlines) { break }
            start += 1
        }
        while start < end {
            let byte = bytes[end - 1]
            if byte >= 0x80 { return nil }
            if !isBlank(byte, newlines: newlines) { break }
            end -= 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Tab and space; with `newlines`, also line feed, vertical tab, form feed and carriage return.
    private static func isBlank(_ byte: UInt8, newlines: Bool) -> Bool {
        switch byte {
        case 0x20, 0x09: return true
        case 0x0A...0x0D: return newlines
        default: return false
        }
    }
}

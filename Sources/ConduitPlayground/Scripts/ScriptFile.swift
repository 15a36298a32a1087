import Foundation

/// Reads a script file for `load`, `conduit run` and `conduit check`, or says in one phrase why it
/// cannot: missing, a directory, not a regular file (a device such as /dev/zero or a pipe would be
/// read for ever), too large, unreadable, or not UTF-8 text.
public enum ScriptFile {
    /// The largest script read: far beyond any real script, well below what would exhaust memory.
    public static let maximumBytes = 64 << 20

    /// Why a path is not a script that can be read; `description` is the phrase for the message.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// No such file; a directory; not a regular file; larger than `maximumBytes` (its size); not
        /// readable; not UTF-8 text.
        case missing, directory, notRegular, tooLarge(Int), unreadable, notText

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .directory: "is a directory, not a script"
            case .notRegular: "is not a regular file (a device, pipe or socket), not a script"
            case .tooLarge(let bytes): "is too large for a script (\(bytes) bytes; at most \(ScriptFile.maximumBytes))"
            case .unreadable: "cannot be read (permission denied)"
            case .notText: "is not UTF-8 text (a binary file?), not a script"
            }
        }
    }

    /// The text of the script at `path`.
    ///
    /// - Parameter path: The script's path.
    /// - Returns: The script's text.
    /// - Throws: A `Problem` saying why it cannot be read.
    public static func read(_ path: String) throws(Problem) -> String {
        let attributes: [FileAttributeKey: Any]
        do {
            // The file a link points to, not the link.
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            attributes = try FileManager.default.attributesOfItem(atPath: target)
        } catch {
            throw FileManager.default.fileExists(atPath: path) ? .unreadable : .missing
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory { throw .directory }
        guard type == .typeRegular else { throw .notRegular }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else { throw .tooLarge(size) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable }
        guard let text = String(validatingUTF8: data) else { throw .notText }
        return text
    }
}

extension String {
    /// `data` as text when it is valid UTF-8 without NUL bytes.
    ///
    /// The NUL search runs over the raw bytes: `Data`'s own iterator costs about a hundred
    /// instructions a byte, a twentieth of replaying a script of `send` lines.
    fileprivate init?(validatingUTF8 data: Data) {
        let hasNUL = data.withUnsafeBytes { $0.contains(0) }
        guard !hasNUL, let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}

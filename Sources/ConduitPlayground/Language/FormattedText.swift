import Foundation

/// Foundation's `String(format: "%.2f", x)`, with each argument checked against its conversion first:
/// C's formatting reads the arguments as the format says, and a mismatch (`%@` given an Int) would
/// read memory that is not there. What cannot be checked (`*` widths, positions) is refused.
enum FormattedText {
    /// The widest field (and the most digits after the point) a conversion may ask for.
    static let maximumWidth = 1_000

    /// `format` with `arguments` put in, as Foundation formats them.
    static func format(_ format: String, _ arguments: [Value]) throws -> String {
        var rewritten = ""
        var given: [CVarArg] = []
        var remaining = arguments[...]
        var characters = format[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                rewritten.append(character)
                continue
            }
            var specification = "%"
            while let next = characters.first, "-+ #0'123456789.hlqLzjt".contains(next) {
                specification.append(next)
                characters.removeFirst()
            }
            guard let conversion = characters.popFirst() else {
                throw PlaygroundError(
                    "`String(format:)`: the format ends inside a `%` conversion; write `%%` for a `%`")
            }
            let widths = specification.split { !$0.isNumber }.compactMap { Int($0) }
            guard widths.allSatisfy({ $0 <= maximumWidth }), specification.count <= 16 else {
                throw PlaygroundError("`String(format:)`: a width or precision here is at most \(maximumWidth)")
            }
            if conversion == "%" {
                rewritten += specification + "%"
                continue
            }
            guard let argument = remaining.popFirst() else {
                throw PlaygroundError(
                    "`String(format:)`: the format has more conversions than arguments (\(arguments.count))")
            }
            switch conversion {
            case "d", "i", "u", "x", "X", "o":
                guard case .int(let number) = argument else {
                    throw PlaygroundError("`String(format:)`: `%\(conversion)` takes an Int, not \(argument.kindName) "
                        + "\(argument); use `%f` for a Double, `%@` for anything")
                }
                // Swift's Int is 64 bits: read as a `long`, whatever length was written.
                let flags = specification.filter { !"hlqLzjt".contains($0) }
                rewritten += flags + "l" + String(conversion)
                given.append(number)
            case "f", "F", "e", "E", "g", "G", "a", "A":
                guard let number = argument.numeric else {
                    throw PlaygroundError(
                        "`String(format:)`: `%\(conversion)` takes a number, not \(argument.kindName) \(argument); "
                            + "use `%@` for anything")
                }
                rewritten += specification.filter { !"hlqLzjt".contains($0) } + String(conversion)
                given.append(number)
            case "@", "s":
                rewritten += specification.filter { !"hlqLzjt".contains($0) } + "@"
                given.append(NSString(string: Functions.text(argument)))
            default:
                throw PlaygroundError("`String(format:)`: `%\(conversion)` is not a conversion here; the playground "
                    + "formats `%d`, `%f`, `%e`, `%g`, `%x`, `%o`, `%@`, `%s` and `%%`")
            }
        }
        guard remaining.isEmpty else {
            throw PlaygroundError("`String(format:)`: \(arguments.count) arguments, but the format uses "
                + "\(arguments.count - remaining.count)")
        }
        return String(format: rewritten, arguments: given)
    }
}

import Foundation

/// A playground value written as JSON as Swift's synthesised `Encodable` and Foundation's `JSONEncoder`
/// write the type it stands for: a struct's stored properties (a nil one left out, as `encodeIfPresent`
/// does), an enumeration with raw values as its raw value, `Data` as Base64 text, a `Date` as seconds
/// since 2001. Each number and string is Foundation's own text; an object's keys come in the order
/// the struct declares them (Foundation on Linux writes them in an order that changes from run to
/// run, which no script could check), or sorted with `.sortedKeys`.
struct JSONText {
    let formatting: JSONEncoder.OutputFormatting
    let snakeCaseKeys: Bool

    /// JSON's shape of a value, its keys in order.
    private indirect enum Node {
        case object([(String, Node)])
        case array([Node])
        /// A number, string, boolean or null, as Foundation writes it.
        case leaf(String)
    }

    /// The JSON of `value`, as UTF-8 bytes; throws for what has no JSON form (a publisher, a closure).
    func data(of value: Value) throws -> Data {
        var text = ""
        write(try node(of: value), into: &text, depth: 0)
        return Data(text.utf8)
    }

    private func node(of value: Value) throws -> Node {
        if let bytes = value.dataBytes { return try leaf(bytes.base64EncodedString()) }
        if let seconds = value.dateSeconds { return try leaf(seconds - Date.timeIntervalBetween1970AndReferenceDate) }
        if value.enumCaseName != nil {
            guard let raw = value.field("rawValue") else {
                throw PlaygroundError("\(value) has no raw value: an enum encodes here when it has raw values "
                    + "(`enum Kind: String, Codable`)")
            }
            return try node(of: raw)
        }
        switch value {
        case .int(let number): return try leaf(number)
        case .double(let number): return try leaf(number)
        case .string(let text): return try leaf(text)
        case .bool(let flag): return try leaf(flag)
        case .null: return .leaf("null")
        case .array(let items): return .array(try items.map(node(of:)))
        case .record(let fields):
            if fields.kind == .set { return .array(try fields.map { try node(of: $0.value) }) }
            let kept = fields.filter { $0.value != .null || fields.kind == .dictionary }
            var members = try kept.map { (key($0.name), try node(of: $0.value)) }
            if formatting.contains(.sortedKeys) { members.sort { $0.0 < $1.0 } }
            return .object(members)
        case .object(let object):
            return try node(of: .record(RecordFields(object.snapshot())))
        case .void, .publisher, .closure:
            throw PlaygroundError("\(value.kindName) \(value) has no JSON form")
        }
    }

    /// A number, string or boolean as Foundation's encoder writes it alone.
    private func leaf(_ value: some Encodable) throws -> Node {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting.intersection(.withoutEscapingSlashes)
        return .leaf(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// A property's name as a key: as written, or in snake case (`convertToSnakeCase`).
    private func key(_ name: String) -> String {
        guard snakeCaseKeys else { return name }
        var result = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            // A capital after a small letter starts a word, and so does the last capital of an acronym
            // before a small letter (`myURLValue`: `my_url_value`).
            let afterSmall = index > 0 && characters[index - 1].isLowercase
            let endsAcronym = index > 0 && characters[index - 1].isUppercase
                && index + 1 < characters.count && characters[index + 1].isLowercase
            let startsWord = character.isUppercase && (afterSmall || endsAcronym)
            if startsWord { result += "_" }
            result += character.lowercased()
        }
        return result
    }

    private func write(_ node: Node, into text: inout String, depth: Int) {
        switch node {
        case .leaf(let written):
            text += written
        case .array(let items):
            writeContainer("[", "]", count: items.count, into: &text, depth: depth) { index, text in
                write(items[index], into: &text, depth: depth + 1)
            }
        case .object(let members):
            let pretty = formatting.contains(.prettyPrinted)
            writeContainer("{", "}", count: members.count, into: &text, depth: depth) { index, text in
                text += Value.quote(members[index].0) + (pretty ? " : " : ":")
                write(members[index].1, into: &text, depth: depth + 1)
            }
        }
    }

    /// An array's or object's brackets around its `count` elements, separated by commas, each on a
    /// line of its own and indented by two blanks a level when pretty-printed, as Foundation writes them.
    private func writeContainer(
        _ open: String, _ close: String, count: Int, into text: inout String, depth: Int,
        element: (Int, inout String) -> Void
    ) {
        let pretty = formatting.contains(.prettyPrinted)
        text += open
        if pretty { text += "\n" }
        for index in 0..<count {
            if index > 0 { text += pretty ? ",\n" : "," }
            if pretty { text += String(repeating: "  ", count: depth + 1) }
            element(index, &text)
        }
        if pretty { text += "\n" + String(repeating: "  ", count: depth) }
        text += close
    }
}

@_spi(Compiler) import SwiftParser
import SwiftSyntax

/// One part of a string literal with `\(value)` parts, as Swift's parser reads it: text, with its
/// escapes resolved and a multi-line literal's indentation taken off, or the character offsets of a
/// value put into the string, which the parser reads where it stands.
enum StringLiteralPart: Equatable {
    case text(String)
    case value(Range<Int>)
}

/// String literals read from Swift's tree (`StringLiteralExprSyntax`): which parts a literal has, where
/// each interpolation's value starts and ends, whether it is raw or multi-line, and what each text
/// segment means, resolved by swift-syntax's own `appendUnescapedLiteralValue` (the routine behind
/// `representedLiteralValue`, which answers nothing for a literal with interpolations).
enum StringLiteralLowering {
    /// A literal with interpolations: its parts, and for each interpolation where its `(` ends, where its
    /// value stands and where its `)` starts (character offsets), so that the tokenizer can give the
    /// values' tokens to the parser and the rest of the literal as pieces around them.
    struct Shape {
        var parts: [StringLiteralPart] = []
        var interpolations: [(open: Int, value: Range<Int>, close: Int)] = []
        var end = 0
    }

    /// The hint after swiftc's message for a literal Swift's parser finds wrong.
    static let hint = "a string is written `\"text\"`, `#\"raw text\"#` or `\"\"\"` with its lines below, and puts "
        + "a value in with `\\(value)` (`\\#(value)` in a raw string)"

    /// The shape of `literal`, an error-free literal of `tree`; fails for an interpolation with more than
    /// one value or a label (`\(price, format: .currency)`), which calls an `appendInterpolation` the
    /// playground does not have.
    static func shape(of literal: StringLiteralExprSyntax, in tree: SwiftTree) throws -> Shape {
        var shape = Shape()
        shape.end = tree.offset(of: literal.endPositionBeforeTrailingTrivia)
        var text: String?
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let segment):
                var resolved = text ?? ""
                append(segment, of: literal, to: &resolved)
                text = resolved
            case .expressionSegment(let interpolation):
                if let text { shape.parts.append(.text(text)) }
                text = nil
                guard interpolation.expressions.count == 1, let value = interpolation.expressions.first,
                    value.label == nil
                else {
                    throw SyntaxError(
                        "the playground puts one value into a string, written `\\(value)`: Swift reads "
                            + "`\(interpolation.trimmedDescription)` as a call of an `appendInterpolation` with "
                            + "labels, several values or none, which the playground does not have",
                        at: tree.token(covering: interpolation))
                }
                let start = tree.offset(of: value.expression.positionAfterSkippingLeadingTrivia)
                let range = start..<tree.offset(of: value.expression.endPositionBeforeTrailingTrivia)
                shape.parts.append(.value(range))
                shape.interpolations.append(
                    (
                        tree.offset(of: interpolation.leftParen.endPositionBeforeTrailingTrivia), range,
                        tree.offset(of: interpolation.rightParen.positionAfterSkippingLeadingTrivia)
                    ))
            }
        }
        if let text { shape.parts.append(.text(text)) }
        return shape
    }

    /// Appends what `segment` of `literal` means (its escapes resolved, as swiftc resolves them).
    private static func append(
        _ segment: StringSegmentSyntax, of literal: StringLiteralExprSyntax, to text: inout String
    ) {
        guard let kind = literal.stringLiteralKind else { return }
        segment.appendUnescapedLiteralValue(
            stringLiteralKind: kind, delimiterLength: literal.delimiterLength, to: &text)
    }

    /// The text `written` means in a one-line literal with `delimiterLength` `#`s around it, as swiftc
    /// resolves its escapes; `written` is a segment Swift's lexer found no error in. Read without a
    /// tree: the segment alone is given to swift-syntax (text without a `\` is itself).
    static func resolved(_ written: String, delimiterLength: Int) -> String {
        guard written.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\r") }) else {
            return written
        }
        var text = ""
        StringSegmentSyntax(content: .stringSegment(written)).appendUnescapedLiteralValue(
            stringLiteralKind: .singleLine, delimiterLength: delimiterLength, to: &text)
        return text
    }
}

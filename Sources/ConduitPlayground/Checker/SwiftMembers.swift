/// The members Swift's standard library (with Foundation) gives its basic value types, as far as the
/// type checker needs them: a member missing here is one Swift refuses (`value of type 'Int' has
/// no member 'uppercased'`). The lists are generous on purpose: naming a member the playground
/// cannot run is left to run time, which says so; refusing one Swift accepts would teach a falsehood.
enum SwiftMembers {
    private static let common: Set<String> = [
        "description", "debugDescription", "hashValue", "hash", "self", "customMirror", "formatted",
    ]

    private static let integer: Set<String> = common.union([
        "isMultiple", "signum", "magnitude", "bitWidth", "advanced", "distance", "quotientAndRemainder",
        "words", "nonzeroBitCount", "leadingZeroBitCount", "trailingZeroBitCount", "byteSwapped",
        "littleEndian", "bigEndian", "addingReportingOverflow", "subtractingReportingOverflow",
        "multipliedReportingOverflow", "dividedReportingOverflow", "remainderReportingOverflow",
        "multipliedFullWidth", "dividingFullWidth", "negate", "isSigned", "min", "max", "zero", "random",
        "trailingSurrogate", "toIntMax",
    ])

    private static let floatingPoint: Set<String> = common.union([
        "rounded", "round", "squareRoot", "formSquareRoot", "isNaN", "isFinite", "isInfinite", "isZero",
        "isNormal", "isSubnormal", "isSignalingNaN", "isCanonical", "magnitude", "sign", "truncatingRemainder",
        "formTruncatingRemainder", "remainder", "formRemainder", "ulp", "nextUp", "nextDown", "exponent",
        "significand", "addProduct", "addingProduct", "isLess", "isEqual", "isLessThanOrEqualTo",
        "isTotallyOrdered", "floatingPointClass", "negate", "advanced", "distance", "binade",
        "significandWidth", "exponentBitPattern", "significandBitPattern", "bitPattern", "pi", "infinity",
        "nan", "greatestFiniteMagnitude", "leastNormalMagnitude", "random", "minimum", "maximum",
    ])

    private static let boolean: Set<String> = common.union(["toggle", "random"])

    private static let string: Set<String> = common.union([
        "count", "isEmpty", "uppercased", "lowercased", "capitalized", "localizedCapitalized", "localizedUppercase",
        "localizedLowercase", "first", "last", "hasPrefix", "hasSuffix", "contains", "split", "components",
        "replacingOccurrences", "trimmingCharacters", "prefix", "suffix", "dropFirst", "dropLast", "reversed",
        "sorted", "map", "filter", "compactMap", "flatMap", "reduce", "forEach", "enumerated", "utf8", "utf16",
        "unicodeScalars", "characters", "startIndex", "endIndex", "indices", "index", "firstIndex", "lastIndex",
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "replaceSubrange",
        "allSatisfy", "min", "max", "starts", "elementsEqual", "lengthOfBytes", "data", "range", "ranges",
        "padding", "isNumber", "shuffled", "randomElement", "joined", "zip", "lazy", "publisher", "distance",
        "formIndex", "withCString", "cString", "utf8CString", "hashValue", "isContiguousUTF8", "makeContiguousUTF8",
        "write", "lines", "applying", "folding", "precomposedStringWithCanonicalMapping",
        "decomposedStringWithCanonicalMapping", "addingPercentEncoding", "removingPercentEncoding", "appending",
        "appendingFormat", "compare", "caseInsensitiveCompare", "localizedCompare",
        "localizedCaseInsensitiveCompare", "localizedStandardCompare", "localizedCaseInsensitiveContains",
        "localizedStandardContains", "rangeOfCharacter", "commonPrefix", "drop", "trimmingPrefix", "firstRange",
        "wholeMatch", "prefixMatch", "matches", "firstMatch", "replacing", "underestimatedCount", "capacity",
        "reserveCapacity", "popLast", "isASCII", "asciiValue", "isLetter", "isWhitespace", "isUppercase",
        "isLowercase", "wholeNumber",
    ])

    /// A range's members: its bounds, and for a range of whole numbers a collection's.
    private static let range: Set<String> = common.union([
        "lowerBound", "upperBound", "contains", "isEmpty", "clamped", "overlaps", "relative", "hashValue",
    ])

    private static let integerRange: Set<String> = range.union([
        "count", "first", "last", "map", "filter", "compactMap", "flatMap", "reduce", "forEach", "enumerated",
        "sorted", "reversed", "shuffled", "randomElement", "min", "max", "allSatisfy", "publisher", "prefix",
        "suffix", "dropFirst", "dropLast", "drop", "split", "joined", "starts", "elementsEqual", "firstIndex",
        "lastIndex", "indices", "startIndex", "endIndex", "index", "formIndex", "distance", "lazy",
        "makeIterator", "underestimatedCount", "withContiguousStorageIfAvailable",
    ])

    private static let optional: Set<String> = [
        "map", "flatMap", "unsafelyUnwrapped", "debugDescription", "customMirror", "hashValue", "hash", "self",
        "none", "some", "publisher",
    ]

    /// The members of `type`, or nil when the checker does not know them all (arrays, records,
    /// the session's own types, anything not yet known).
    static func members(of type: ValueType) -> Set<String>? {
        switch type {
        case .int: return integer
        case .double: return floatingPoint
        case .bool: return boolean
        case .string: return string
        case .range(.int, _): return integerRange
        case .range(.double, _): return range
        case .optional(let wrapped) where members(of: wrapped) != nil: return optional
        default: return nil
        }
    }

    /// Whether Swift's type `type` surely has no member named `member`.
    static func lacks(_ type: ValueType, _ member: String) -> Bool {
        guard let members = members(of: type) else { return false }
        return !members.contains(member)
    }
}

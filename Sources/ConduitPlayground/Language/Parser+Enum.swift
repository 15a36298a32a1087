/// `enum NAME[: RAW, PROTOCOLS] { case a, b = "x"; case loaded(Int) }` as Swift writes it: its cases,
/// their raw values (given, or Swift's implicit ones: the name for `String`, counting from 0 for `Int`)
/// and how many values each carries.
extension Parser {
    mutating func enumDeclaration() throws -> EnumDeclaration {
        let name = try newName(after: "enum")
        var rawType: String?
        if current.isSymbol(":") {
            advance()
            while let word = current.identifier {
                if rawType == nil, ["String", "Int", "Character", "Double"].contains(word) { rawType = word }
                advance()
                if current.isSymbol(",") { advance() }
            }
        }
        let open = current
        try expectSymbol("{", "an enum's cases go in braces: `enum \(name.display) { case up, down }`")
        var cases: [EnumDeclaration.Case] = []
        var nextInteger = 0
        while !current.isSymbol("}") {
            if current.isSymbol(";") {
                advance()
                continue
            }
            guard current.kind != .end else {
                throw SyntaxError("expected `}` to close the enum opened here", at: open)
            }
            guard current.identifier == "case" else {
                throw SyntaxError(
                    "the playground's enum holds cases (`case up, down`, `case loaded(Int)`); "
                        + "`\(current.display)` is not run here: write a function outside it",
                    at: current)
            }
            advance()
            repeat {
                if current.isSymbol(",") { advance() }
                let caseName = current
                guard let word = caseName.identifier, !Parser.swiftKeywords.contains(word) else {
                    throw SyntaxError("expected a case name, such as `case up`", at: caseName)
                }
                advance()
                var associated: [String] = []
                if current.isSymbol("(") {
                    associated = Parser.associatedTypes(in: try skipType())
                    if rawType != nil {
                        throw SyntaxError("an enum with raw values cannot carry values: `\(word)` has both",
                            at: caseName)
                    }
                }
                var raw: Value?
                if current.isSymbol("=") {
                    advance()
                    guard rawType != nil else {
                        throw SyntaxError(
                            "`\(word) = ...` gives a raw value, which needs the enum's raw type: "
                                + "`enum \(name.display): String { ... }`",
                            at: caseName)
                    }
                    let token = current
                    guard let literal = try? primary(), case .literal(let value) = literal else {
                        throw SyntaxError("a raw value is a literal, such as `\"♥\"` or `1`", at: token)
                    }
                    raw = value
                } else if rawType == "Int" {
                    raw = .int(nextInteger)
                } else if rawType != nil {
                    raw = .string(word)
                }
                if case .int(let number)? = raw { nextInteger = number + 1 }
                guard !cases.contains(where: { $0.name.display == word }) else {
                    throw SyntaxError("`\(word)` is declared twice", at: caseName)
                }
                cases.append(.init(name: caseName, rawValue: raw, associatedTypes: associated))
            } while current.isSymbol(",")
        }
        advance()
        guard !cases.isEmpty else {
            throw SyntaxError("this enum has no cases: write them as `case up, down`", at: open)
        }
        return EnumDeclaration(name: name.display, cases: cases, hasRawValues: rawType != nil)
    }

    /// The types of `(radius: Double, String)`, one per element, their labels left out.
    static func associatedTypes(in written: String) -> [String] {
        let inner = written.trimmingWhitespace().dropFirst().dropLast()
        var types: [String] = []
        var depth = 0
        var element = ""
        for character in inner {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                types.append(element)
                element = ""
                continue
            default: break
            }
            element.append(character)
        }
        types.append(element)
        return types.map { type in
            // `radius: Double`: the label goes; `[String: Int]` keeps its colon.
            let parts = type.split(separator: ":", maxSplits: 1)
            let isLabelled = parts.count == 2 && parts[0].trimmingWhitespace().allSatisfy { $0.isLetter || $0 == "_" }
            return (isLabelled ? String(parts[1]) : type).trimmingWhitespace()
        }
    }
}

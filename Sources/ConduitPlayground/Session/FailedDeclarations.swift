/// A `class`, `struct` or `enum` whose declaration failed leaves no type behind; the lines after it
/// that use the type say that its declaration failed, rather than that the name is unknown (one
/// pasted class, one error, not ten).
extension Session {
    /// Notes the type `text` declares, if it declares one: as failed on `line`, or as declared (nil).
    func noteDeclaration(_ text: String, failedAt line: Int?) {
        guard let name = Session.declaredTypeName(in: text) else { return }
        failedTypes[name] = line
    }

    /// Why `name` is not known, if a declaration of that type failed: appended to "unknown ...".
    func failedDeclarationNote(_ name: String) -> String? {
        guard let line = failedTypes[name] else { return nil }
        return "`\(name)` is not declared: its declaration (line \(line)) failed with the error shown there; "
            + "fix that and declare it again"
    }

    /// The name after `class`, `struct` or `enum` at the start of `text` (after modifiers such as
    /// `final`), if it starts with one.
    static func declaredTypeName(in text: String) -> String? {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).prefix(6)
        var index = words.startIndex
        while index < words.endIndex, Parser.declarationModifiers.contains(String(words[index])) {
            index += 1
        }
        guard index + 1 < words.endIndex, ["class", "struct", "enum"].contains(String(words[index])) else {
            return nil
        }
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard trimmed.first?.isLetter == true else { return nil }
        return String(words[index + 1])
    }
}

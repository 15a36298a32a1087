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
        // Read word by word from the start, so that a statement that declares no type costs one word.
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        func nextWord() -> String? {
            let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !word.isEmpty else { return nil }
            rest = rest.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
            return String(word)
        }
        while let word = nextWord() {
            if Parser.declarationModifiers.contains(word) { continue }
            guard ["class", "struct", "enum"].contains(word) else { return nil }
            return nextWord()
        }
        return nil
    }
}

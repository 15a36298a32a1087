import SwiftSyntax

/// A `class`, `struct` or `enum` whose declaration failed leaves no type behind; the lines after it
/// that use the type say that its declaration failed, rather than that the name is unknown (one
/// pasted class, one error, not ten).
struct FailedDeclarations {
    /// The types whose declaration failed, with the line it started on.
    private var lines: [String: Int] = [:]

    /// Notes the type `text` declares, if it declares one: as failed on `line`, or as declared (nil).
    mutating func note(_ text: String, failedAt line: Int?) {
        guard let name = FailedDeclarations.declaredTypeName(in: text) else { return }
        lines[name] = line
    }

    /// Why `name` is not known, if a declaration of that type failed: appended to "unknown ...".
    func reason(_ name: String) -> String? {
        guard let line = lines[name] else { return nil }
        return "`\(name)` is not declared: its declaration (line \(line)) failed with the error shown there; "
            + "fix that and declare it again"
    }

    /// The name of the `class`, `struct` or `enum` that `text` declares (after modifiers such as `final`), as
    /// Swift's parser reads the statement; nil if it declares none. A statement with no declaring word (a replayed
    /// `send s 1`) asks for no tree, and the reader's parse of the statement is the one read here.
    static func declaredTypeName(in text: String) -> String? {
        guard !StatementShape.isPlain(text), let tree = StatementShape.parse(text),
            let declaration = tree.statements.first?.item.as(DeclSyntax.self)
        else { return nil }
        let name = declaration.as(ClassDeclSyntax.self)?.name ?? declaration.as(StructDeclSyntax.self)?.name
            ?? declaration.as(EnumDeclSyntax.self)?.name
        guard let name, name.presence == .present else { return nil }
        return name.text
    }
}

"""The engine's layout rule, one file per public type: every public type of Sources/Conduit declared
at the top level or in the `Publishers` namespace lives in a file named after it
(`Publishers.Throttle.swift`, `TopLevelEncoder.swift`; a `Subscribers` type in `Sink.swift`). A type
may share the file of the type it is a variant of, and only that: its throwing form (`TryFilter`
with `Filter`, `AsyncThrowingPublisher` with `AsyncPublisher`), its `where` form (`FirstWhere` and `TryFirstWhere` with `First`) or a form of
another arity (`MapKeyPath2` with `MapKeyPath`), because their documentation and code are read
together. The test reads the sources as text; it needs no build."""

import re
import sys

from conftest import ROOT

ENGINE = ROOT / "Sources" / "Conduit"
DECLARATION = re.compile(
    r"^(?P<indent>\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?"
    r"(?:struct|class|enum|protocol|actor)\s+(?P<name>\w+)")
EXTENSION = re.compile(r"^extension\s+([\w.]+)")


def public_types(path):
    """(qualified name, line) of each public type declared at the top level of `path` or directly
    in an `extension Publishers` / `extension Subscribers` block."""
    found = []
    namespace = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        extension = EXTENSION.match(line)
        if extension:
            namespace = extension.group(1)
        declaration = DECLARATION.match(line)
        if not declaration:
            continue
        indent, name = declaration.group("indent"), declaration.group("name")
        if indent == "":
            found.append((name, number))
        elif namespace in ("Publishers", "Subscribers") and indent == " " * 4:
            found.append((f"{namespace}.{name}", number))
    return found


def variant_of(name):
    """The base type's name for a throwing, `where` or other-arity variant (`TryLastWhere` ->
    `Last`, `AsyncThrowingPublisher` -> `AsyncPublisher`, `MapKeyPath3` -> `MapKeyPath`), else the
    name itself."""
    base = re.sub(r"^Try(?=[A-Z])", "", name)
    base = re.sub(r"(?<=[a-z])Throwing(?=[A-Z])", "", base)
    base = re.sub(r"(?<=[a-z])Where$", "", base)
    base = re.sub(r"(?<=[A-Za-z])\d$", "", base)
    return base


def allowed(qualified, file_stem):
    namespace, _, name = qualified.rpartition(".")
    names = {name, variant_of(name)}
    stems = {file_stem, file_stem.removeprefix(f"{namespace}.")} if namespace else {file_stem}
    return bool(names & stems)


def misplaced():
    problems = []
    for path in sorted(ENGINE.rglob("*.swift")):
        for qualified, number in public_types(path):
            if not allowed(qualified, path.stem):
                problems.append(f"{path.relative_to(ROOT)}:{number}: {qualified} is not in its own file")
    return problems


def test_every_public_engine_type_is_in_a_file_named_after_it():
    assert misplaced() == []


def test_the_rule_finds_a_type_in_another_operators_file(tmp_path, monkeypatch):
    # The check itself: a Throttle declared in the Debounce file is reported, a TryDebounce is not.
    folder = tmp_path / "Sources" / "Conduit"
    folder.mkdir(parents=True)
    (folder / "Publishers.Debounce.swift").write_text(
        "extension Publishers {\n"
        "    public struct Debounce<U>: Publisher {}\n"
        "    public struct TryDebounce<U>: Publisher {}\n"
        "    public struct Throttle<U>: Publisher {}\n"
        "}\n"
        "public protocol TopLevelThing {}\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "ENGINE", folder)
    assert misplaced() == [
        "Sources/Conduit/Publishers.Debounce.swift:4: Publishers.Throttle is not in its own file",
        "Sources/Conduit/Publishers.Debounce.swift:6: TopLevelThing is not in its own file",
    ]

#!/usr/bin/env python3
"""Counts the public symbols of a module's symbol graphs (MODULE.symbols.json and the
MODULE@Other.symbols.json files of its extensions; --module names it, Conduit if not given) with
and without a doc comment.

A symbol counts as documented when the graph gives it a doc comment, its own or the one it
inherits from the protocol requirement it implements (DocC shows that one on its page).
Synthesized symbols (protocol extension members the compiler copies onto each conforming type)
are left out: their pages are the protocol's. Prints `documented/total (percent)`; with --list,
writes the undocumented ones to that file, one `path:line: kind name` a line.
"""
import argparse
import json
import sys

parser = argparse.ArgumentParser()
parser.add_argument("graphs", nargs="+")
parser.add_argument("--require-all", default="0")
parser.add_argument("--list")
parser.add_argument("--module", default="Conduit")
arguments = parser.parse_args()

symbols = {}
requirements = set()  # a protocol's own requirements (receive(subscriber:), connect()): not operators
for path in arguments.graphs:
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    requirements.update(relation["source"] for relation in graph.get("relationships", [])
                        if relation["kind"] in ("requirementOf", "optionalRequirementOf"))
    for symbol in graph.get("symbols", []):
        identifier = symbol["identifier"]["precise"]
        if "::SYNTHESIZED::" in identifier:
            continue
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        symbols[identifier] = symbol

undocumented = []
for symbol in symbols.values():
    lines = (symbol.get("docComment") or {}).get("lines") or []
    if not any(line.get("text", "").strip() for line in lines):
        location = symbol.get("location") or {}
        uri = location.get("uri", "").replace("file://", "")
        line = (location.get("position") or {}).get("line", 0) + 1
        kind = symbol["kind"]["displayName"]
        name = ".".join(symbol["pathComponents"])
        undocumented.append(f"{uri}:{line}: {kind} {name}")

total = len(symbols)
documented = total - len(undocumented)
percent = 100.0 * documented / total if total else 100.0
print(f"docs: {documented} of {total} public symbols of {arguments.module} have a doc comment ({percent:.1f}%), "
      f"{len(undocumented)} have none")
if arguments.list:
    with open(arguments.list, "w", encoding="utf-8") as file:
        file.write("\n".join(sorted(undocumented)) + ("\n" if undocumented else ""))
    if undocumented:
        print(f"docs: the undocumented ones are listed in {arguments.list}")
# Functions, initialisers and subscripts whose comment leaves out a `- Parameter(s)` section (for
# a function that takes any) or a `- Returns` line (for a function that returns a value). A
# comment inherited from the protocol requirement counts, as DocC shows it. Operators like `==`
# take their comment from the standard library's protocol, which has neither: they are left out.
incomplete = []
callables = 0
for symbol in symbols.values():
    signature = symbol.get("functionSignature")
    if signature is None or symbol["kind"]["identifier"] == "swift.func.op":
        continue
    callables += 1
    text = "\n".join(line.get("text", "") for line in (symbol.get("docComment") or {}).get("lines") or [])
    returns = "".join(fragment.get("spelling", "") for fragment in signature.get("returns", []))
    missing = []
    if signature.get("parameters") and "- Parameter" not in text:
        missing.append("parameters")
    if (returns not in ("", "()", "Void") and symbol["kind"]["identifier"] not in ("swift.init", "swift.subscript")
            and "- Returns" not in text):
        missing.append("return value")
    if missing:
        location = symbol.get("location") or {}
        uri = location.get("uri", "").replace("file://", "")
        line = (location.get("position") or {}).get("line", 0) + 1
        incomplete.append(f"{uri}:{line}: {'.'.join(symbol['pathComponents'])} has no {' or '.join(missing)}")
print(f"docs: {callables - len(incomplete)} of {callables} functions and initialisers of {arguments.module} "
      f"document their parameters and return value" + (f" ({len(incomplete)} do not)" if incomplete else ""))
if arguments.list and incomplete:
    with open(arguments.list.replace("undocumented", "incomplete"), "w", encoding="utf-8") as file:
        file.write("\n".join(sorted(incomplete)) + "\n")
    print(f"docs: those are listed in {arguments.list.replace('undocumented', 'incomplete')}")

# The operators: the methods of the Publisher and ConnectablePublisher protocol extensions (what a
# pipeline calls). Each one's comment should show a short example and what it prints: a ``` block
# with a `// ...` line in it.
operators = [symbol for symbol in symbols.values()
             if symbol["kind"]["identifier"] == "swift.method"
             and symbol["pathComponents"][0] in ("Publisher", "ConnectablePublisher")
             and symbol["identifier"]["precise"] not in requirements]
without_example = []
for symbol in operators:
    text = [line.get("text", "") for line in (symbol.get("docComment") or {}).get("lines") or []]
    fenced = "\n".join(text).split("```")
    examples = fenced[1::2]
    if not any(line.strip().startswith("//") for example in examples for line in example.splitlines()):
        without_example.append(".".join(symbol["pathComponents"]))
if operators:
    print(f"docs: {len(operators) - len(without_example)} of {len(operators)} operators of {arguments.module} "
          f"show an example with its output" + (f"; not: {', '.join(sorted(without_example))}"
                                                if without_example else ""))

sys.exit(1 if arguments.require_all == "1" and (undocumented or without_example) else 0)

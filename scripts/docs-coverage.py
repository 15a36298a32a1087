#!/usr/bin/env python3
"""Counts the public symbols of a module's symbol graphs (Conduit.symbols.json and the
Conduit@Module.symbols.json files of its extensions) with and without a doc comment.

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
arguments = parser.parse_args()

symbols = {}
for path in arguments.graphs:
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
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
print(f"docs: {documented} of {total} public symbols of Conduit have a doc comment ({percent:.1f}%), "
      f"{len(undocumented)} have none")
if arguments.list:
    with open(arguments.list, "w", encoding="utf-8") as file:
        file.write("\n".join(sorted(undocumented)) + ("\n" if undocumented else ""))
    if undocumented:
        print(f"docs: the undocumented ones are listed in {arguments.list}")
sys.exit(1 if arguments.require_all == "1" and undocumented else 0)

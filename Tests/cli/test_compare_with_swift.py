"""`scripts/compare-with-swift` refuses what it cannot compare before it builds anything: no program
given, or a program it cannot read, each with one line on standard error and exit status 2."""

import subprocess

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "compare-with-swift"


def run(*arguments):
    return subprocess.run([str(SCRIPT), *arguments], capture_output=True, text=True, timeout=30)


def test_without_a_program_it_says_how_to_call_it():
    result = run()
    assert result.returncode == 2
    assert result.stderr.strip() == "usage: scripts/compare-with-swift PROGRAM.swift ..."
    assert result.stdout == ""


def test_an_unreadable_program_is_named():
    result = run("/nonexistent/prog.swift")
    assert result.returncode == 2
    assert result.stderr.strip() == "scripts/compare-with-swift: cannot read /nonexistent/prog.swift"

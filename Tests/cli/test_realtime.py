"""Real-time mode: output produced later, on other threads, appears above the prompt without
breaking the line being typed."""

import re

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]|\r")


def test_asynchronous_output_appears_above_the_line_being_typed(playground):
    p = playground(args=("--no-color", "--real-time"))
    p.line("sink beat = timer(400ms)")
    p.prompt()
    p.child.send("subject half")     # typed, not entered
    p.expect("beat ← 1")             # printed while the line is being edited...
    p.expect("» ")                   # ...then the prompt is drawn again below it
    p.expect("subject half")         # with the line as it was
    p.expect("beat ← 2")
    p.child.send("way")
    p.line("")
    p.prompt()
    p.line("sink out = halfway")
    p.prompt()
    p.line("send halfway 9")
    p.expect("out ← 9")              # the line typed across the interruptions was whole
    p.prompt()
    assert p.quit() == 0

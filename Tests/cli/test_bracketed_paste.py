"""Bracketed paste: a block pasted from a slide is one input, tabs included, and one history entry."""

from test_history import history_lines

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


def paste(p, text):
    """Sends `text` as the terminal sends a paste when bracketed paste is on."""
    p.child.send(PASTE_START + text.replace("\n", "\r") + PASTE_END)


def test_the_editor_asks_the_terminal_to_mark_pastes(playground):
    p = playground()  # the fixture waits for the prompt: what came before it is in `before`
    assert "\x1b[?2004h" in p.child.before
    assert p.quit() == 0


def test_a_pasted_class_with_tab_indentation_runs_as_one_input(playground, tmp_path):
    p = playground()
    paste(p, "class Counter {\n\tvar total = 0\n\tfunc add(_ n: Int) {\n\t\ttotal += n\n\t}\n}\n")
    p.expect("class Counter: total, func add()")
    p.prompt()
    paste(p, "let counter = Counter()\ncounter.add(2)\ncounter.add(3)\nprint(counter.total)\n")
    p.expect("5")
    p.prompt()
    # A tab inside the paste indented; it never listed completions.
    assert "subject NAME" not in p.child.before
    assert p.quit() == 0
    entries = history_lines(tmp_path / "history")
    assert any(entry.startswith("class Counter {") for entry in entries), entries
    # The pasted block is one entry, as the issue asks: Up recalls it whole.
    assert "let counter = Counter(); counter.add(2); counter.add(3); print(counter.total)" in entries


def test_a_one_line_paste_is_edited_on_before_return(playground):
    p = playground()
    paste(p, "print(\"pasted\")")
    p.child.send("\x7f\x7f")  # two backspaces: the line is still being edited
    p.line("1)")
    p.expect("pasted1")
    p.prompt()
    assert p.quit() == 0


def test_a_pasted_block_runs_its_main_queue_work_after_its_last_line(playground):
    """A pasted block is a program's top-level code: the main queue's work waits for its end, as
    in Swift, and a line typed alone still turns the run loop at once."""
    p = playground()
    # The words printed are joined at run time, so that the echoed paste cannot match them.
    paste(p, 'DispatchQueue.main.async { print("sec" + "ond") }\nprint("fi" + "rst")\n')
    p.expect(["first", "second"])
    assert p.child.after == "first", "the block's own print comes first"
    p.expect("second")
    p.prompt()
    p.line('DispatchQueue.main.async { print("queued") }')
    p.expect("queued")
    p.prompt()
    assert p.quit() == 0

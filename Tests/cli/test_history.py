"""History: the up arrow, Ctrl-R, a file shared across runs, no consecutive duplicates."""

import pexpect

from conftest import clean_env

UP = "\x1b[A"


def history_lines(path):
    """The entries of a libedit history file (it escapes spaces as \\040)."""
    lines = path.read_text().splitlines()
    return [line.replace("\\040", " ") for line in lines if not line.startswith("_HiStOrY_")]


def test_up_arrow_recalls_the_previous_line(playground):
    p = playground()
    p.line("subject s")
    p.prompt()
    p.line("sink out = s")
    p.prompt()
    p.line("send s 7")
    p.expect("out ← 7")
    p.prompt()
    p.child.send(UP)
    p.line("")
    p.expect("out ← 7")
    p.prompt()
    assert p.quit() == 0


def test_history_is_kept_across_runs(playground, tmp_path):
    first = playground()
    first.line("subject remembered")
    first.prompt()
    assert first.quit() == 0
    assert "subject remembered" in history_lines(tmp_path / "history")

    second = playground()
    second.child.send(UP)
    second.expect("subject remembered")
    assert second.quit() == 0


def test_consecutive_duplicates_are_stored_once(playground, tmp_path):
    p = playground()
    for _ in range(3):
        p.line("help")
        p.prompt()
    p.line("subs")
    p.prompt()
    p.line("help")
    p.prompt()
    assert p.quit() == 0
    assert history_lines(tmp_path / "history") == ["help", "subs", "help"]


def test_ctrl_r_searches_the_history(playground):
    p = playground()
    p.line("subject s")
    p.prompt()
    p.line("sink out = s")
    p.prompt()
    p.line("send s 11")
    p.expect("out ← 11")
    p.prompt()
    p.line("send s 22")
    p.expect("out ← 22")
    p.prompt()
    p.child.send("\x12")         # Ctrl-R
    p.child.send("11")
    p.expect("send s 11")
    p.line("")
    p.expect("out ← 11")
    p.prompt()
    assert p.quit() == 0


def test_empty_conduit_history_keeps_no_file(playground, tmp_path):
    p = playground(env=clean_env(tmp_path, CONDUIT_HISTORY=""))
    p.line("help")
    p.prompt()
    assert p.quit() == 0
    assert not (tmp_path / "history").exists()
    assert not (tmp_path / ".conduit_history").exists()


def test_history_defaults_to_the_home_directory(playground, tmp_path):
    p = playground(env=clean_env(tmp_path, CONDUIT_HISTORY=None))
    p.line("help")
    p.prompt()
    assert p.quit() == 0
    assert history_lines(tmp_path / ".conduit_history") == ["help"]


def test_a_pasted_statement_over_several_lines_is_one_entry(playground, tmp_path):
    """A slide's tab-indented chain, pasted: the tabs indent (no completion list), the chain runs
    as one statement, and Up recalls all of it on one line, which runs again."""
    p = playground()
    p.line("let s = PassthroughSubject<Int, Never>()")
    p.prompt()
    p.line("var cancellables = Set<AnyCancellable>()")
    p.prompt()
    # Kept in the set: a bare `.sink` lets go of its AnyCancellable, which ends the subscription.
    p.child.send("s\r\t.map { $0 * 2 }\r\t.sink { v in\r\t\tprint(\"got\", v)\r\t}.store(in: &cancellables)\r")
    p.prompt()
    p.line("s.send(4)")
    p.expect("got 8")
    p.prompt()
    entries = history_lines(tmp_path / "history")
    assert 's .map { $0 * 2 } .sink { v in print("got", v) }.store(in: &cancellables)' in entries, entries
    assert not any(entry.strip() == "}" for entry in entries), entries
    p.child.send(UP)
    p.child.send(UP)
    p.expect(".sink { v in print(\"got\", v) }.store")
    p.line("")
    p.prompt()
    p.line("s.send(5)")
    p.expect("got 10")
    p.expect("got 10")
    p.prompt()
    assert p.quit() == 0
    assert "cancel" not in p.child.before


def test_tab_in_a_class_body_indents(playground):
    p = playground()
    p.child.send("class Box {\r")
    p.child.send("\tvar n = 1\r")
    p.child.send("}\r")
    p.prompt()
    p.line("print(Box().n)")
    p.expect("1")
    p.prompt()
    assert "subject" not in p.child.before, "Tab listed the commands"
    assert p.quit() == 0

"""Ctrl-C in every state of the line editor (incremental search, after Tab, inside a UTF-8
character) discards the line and leaves the editor working; only accepted lines reach the
history; a terminal that cannot be read ends the playground with a non-zero status."""

import os
import time

import pexpect

from conftest import TIMEOUT, clean_env
from test_history import history_lines


def start_with_taps(playground):
    p = playground()
    p.line("subject taps")
    p.prompt()
    p.line("sink out = taps")
    p.prompt()
    return p


def assert_still_editing(p):
    """The next line typed is read as typed: no leftover characters, no open bracket."""
    p.line("send taps 42")
    p.expect("out ← 42")
    p.prompt()
    before = p.child.before
    assert "error" not in before


def test_ctrl_c_during_reverse_search_discards_the_line(playground, tmp_path):
    p = start_with_taps(playground)
    p.child.send("\x12")         # Ctrl-R
    p.expect("bck:")
    p.child.send("subj")         # finds `subject taps` (drawn in pieces, so not matched here)
    time.sleep(0.3)
    p.child.send("\x03")
    p.expect("^C")
    p.prompt()
    assert "[9999~" not in p.child.before
    assert_still_editing(p)
    assert p.quit() == 0
    entries = history_lines(tmp_path / "history")
    assert entries == ["subject taps", "sink out = taps", "send taps 42"]


def test_ctrl_c_after_tab_listed_candidates_discards_the_line(playground, tmp_path):
    p = playground()
    for line in ("subject alpha", "subject alps", "sink first = alpha"):
        p.line(line)
        p.prompt()
    p.child.send("send al\t\t")   # completes "alp", then lists both
    p.expect("alpha  alps")
    time.sleep(0.2)
    p.child.send("\x03")
    p.expect("^C")
    p.prompt()
    p.line("send alpha 5")
    p.expect("first ← 5")
    p.prompt()
    assert p.quit() == 0
    assert history_lines(tmp_path / "history") == [
        "subject alpha", "subject alps", "sink first = alpha", "send alpha 5"]


def test_ctrl_c_inside_a_multibyte_character_discards_it(playground, tmp_path):
    p = start_with_taps(playground)
    p.child.send('send taps "h')
    os.write(p.child.child_fd, b"\xc3")          # the first byte of "é"
    time.sleep(0.2)
    p.child.send("\x03")
    p.expect("^C")
    p.prompt()
    os.write(p.child.child_fd, b"\xa9")          # the rest of it arrives late: dropped, not a stray byte
    p.line('send taps "é"')
    p.expect('out ← "é"')
    p.prompt()
    assert_still_editing(p)
    assert p.quit() == 0
    entries = history_lines(tmp_path / "history")
    assert entries[-2:] == ['send taps "é"', "send taps 42"]


def test_an_abandoned_continued_statement_stays_out_of_the_history(playground, tmp_path):
    p = start_with_taps(playground)
    p.line("let m = taps.map {")
    p.expect("… ")
    p.child.send("\x03")
    p.prompt()
    assert_still_editing(p)
    assert p.quit() == 0
    assert "let m = taps.map {" not in history_lines(tmp_path / "history")


def test_a_terminal_read_error_ends_with_a_failure_status(conduit_bin, tmp_path):
    # A background process group reading its terminal gets EIO when SIGTTIN is ignored.
    env = clean_env(tmp_path)
    script = (f"set -m; trap '' TTIN TTOU; {conduit_bin} --no-color & wait $!; "
              "echo STATUS=$?")
    shell = pexpect.spawn("bash", ["-c", script], env=env, encoding="utf-8", timeout=TIMEOUT,
                          dimensions=(30, 100))
    shell.expect_exact("» ")
    shell.send("x")
    shell.expect(r"STATUS=(\d+)")
    status = int(shell.match.group(1))
    assert status == 3
    assert "cannot read the terminal" in shell.before
    shell.expect(pexpect.EOF)

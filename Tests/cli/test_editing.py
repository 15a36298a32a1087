"""Typing and editing a line, UTF-8, Ctrl-C and Ctrl-D, and the terminal left as it was found."""

import os
import signal

import pexpect

from conftest import TIMEOUT, clean_env

LEFT = "\x1b[D"
BACKSPACE = "\x7f"


def start_with_sink(playground):
    p = playground()
    p.line("subject s")
    p.prompt()
    p.line("sink out = s")
    p.prompt()
    return p


def test_typed_line_is_evaluated(playground):
    p = start_with_sink(playground)
    p.line("send s 1")
    p.expect("out ← 1")
    p.prompt()
    assert p.quit() == 0


def test_arrow_keys_and_emacs_keys_edit_the_line(playground):
    p = start_with_sink(playground)
    # "send s 13", back one, insert 2 -> "send s 123"; then Ctrl-A, Ctrl-E and a backspace.
    p.child.send("send s 13" + LEFT + "2")
    p.child.send("\x01")        # Ctrl-A: start of line
    p.child.send("\x05")        # Ctrl-E: end of line
    p.child.send("4" + BACKSPACE)
    p.line("")
    p.expect("out ← 123")
    p.prompt()
    assert p.quit() == 0


def test_backspace_deletes_a_whole_utf8_character(playground):
    p = start_with_sink(playground)
    p.line('send s "héllo"')
    p.expect('out ← "héllo"')
    p.prompt()
    # Delete "llo" before the closing quote: "é" must stay whole.
    p.child.send('send s "héllo"' + LEFT + BACKSPACE * 3)
    p.line("")
    p.expect('out ← "hé"')
    p.prompt()
    # Backspace over "é" itself, then type: no stray byte of it is left behind.
    p.child.send('send s "hé' + BACKSPACE + 'i"')
    p.line("")
    p.expect('out ← "hi"')
    p.prompt()
    assert p.quit() == 0


def test_ctrl_c_discards_the_line_and_keeps_running(playground):
    p = start_with_sink(playground)
    p.child.send("send s 5")
    p.child.send("\x03")
    p.expect("^C")
    p.prompt()
    p.line("send s 6")
    p.expect("out ← 6")
    p.prompt()
    assert "out ← 5" not in p.child.before
    assert p.child.isalive()
    assert p.quit() == 0


def test_ctrl_c_abandons_a_continued_input(playground):
    p = start_with_sink(playground)
    p.line("let m = s.map {")
    p.expect("… ")
    p.child.send("\x03")
    p.prompt()
    p.line("send s 3")
    p.expect("out ← 3")
    p.prompt()
    assert p.quit() == 0


def test_ctrl_d_on_an_empty_line_exits_cleanly(playground):
    p = playground()
    p.child.send("\x04")
    p.child.expect(pexpect.EOF)
    p.child.close()
    assert p.child.exitstatus == 0


def _shell(tmp_path):
    env = clean_env(tmp_path)
    env["PS1"] = "$ "
    shell = pexpect.spawn("bash", ["--norc", "--noprofile"], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(30, 100), cwd=str(tmp_path))
    shell.expect_exact("$ ")
    shell.sendline("stty -g > before.txt; echo READY")
    shell.expect_exact("READY")
    shell.expect_exact("$ ")
    return shell


def test_terminal_settings_are_restored_after_ctrl_d(conduit_bin, tmp_path):
    shell = _shell(tmp_path)
    shell.sendline(f"{conduit_bin} --no-color")
    shell.expect_exact("» ")
    shell.send("abc")
    shell.send("\x15\x04")
    shell.expect_exact("$ ")
    shell.sendline('stty -g > after.txt; cmp before.txt after.txt && echo SAME || echo DIFFERENT')
    shell.expect(["SAME", "DIFFERENT"])
    assert shell.after == "SAME"
    shell.sendline("exit")
    shell.expect(pexpect.EOF)


def test_terminal_settings_are_restored_when_killed_while_editing(conduit_bin, tmp_path):
    shell = _shell(tmp_path)
    shell.sendline(f"sh -c 'echo $$ > pid.txt; exec {conduit_bin} --no-color'")
    shell.expect_exact("» ")
    shell.send("half a line")
    shell.expect_exact("half a line")  # the editor has it (a fixed pause could be too short under load)
    pid = int((tmp_path / "pid.txt").read_text())
    os.kill(pid, signal.SIGTERM)
    shell.expect_exact("$ ")
    shell.sendline('stty -g > after.txt; cmp before.txt after.txt && echo SAME || echo DIFFERENT')
    shell.expect(["SAME", "DIFFERENT"])
    assert shell.after == "SAME"
    shell.sendline("exit")
    shell.expect(pexpect.EOF)

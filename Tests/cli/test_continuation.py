"""Continuation lines read the same from every front end: a line starting with `.` continues
the statement before it (a sink subscribed to `p` and continued with `.filter` reads
`p.filter`); statements take effect whole; unclosed brackets and strings are pointed out."""

from conftest import run

LINES = ["subject a", "let p = a.map{$0*10}", "sink s = p", ".filter{$0>10}", "send a 1", "send a 2"]


def values(stdout):
    return [line for line in stdout.splitlines() if line.startswith("s ← ")]


def test_run_continues_the_sink_before_the_dot_line(conduit_bin, tmp_path):
    script = tmp_path / "issue.conduit"
    script.write_text("\n".join(LINES) + "\n")
    result = run(conduit_bin, "run", str(script), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert values(result.stdout) == ["s ← 20"]


def test_e_lines_continue_the_sink_before_the_dot_line(conduit_bin, tmp_path):
    args = []
    for line in LINES:
        args += ["-e", line]
    result = run(conduit_bin, *args, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert values(result.stdout) == ["s ← 20"]


def test_one_e_line_with_semicolons_reads_the_same(conduit_bin, tmp_path):
    result = run(conduit_bin, "-e", "; ".join(LINES), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert values(result.stdout) == ["s ← 20"]


def test_stdin_continues_the_sink_before_the_dot_line(conduit_bin, tmp_path):
    result = run(conduit_bin, input="\n".join(LINES) + "\nsubs\n", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert values(result.stdout) == ["s ← 20"]
    assert "← p.filter{$0>10}" in result.stdout
    assert "\n.filter" not in result.stdout


def test_check_reads_a_chain_over_lines_as_one_statement(conduit_bin, tmp_path):
    script = tmp_path / "chain.conduit"
    script.write_text("subject a\nsink s = a\n    .map { $0 * 2 }\n    .filter { $0 > 2 }\nsend a 1\nsend a 2\n#> s ← 4\n")
    result = run(conduit_bin, "check", str(script), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "1 check: 1 passed, 0 failed" in result.stdout


def test_an_unclosed_bracket_on_stdin_is_pointed_out_and_the_next_command_runs(conduit_bin, tmp_path):
    result = run(conduit_bin, input="subject a\nsink s = a.map {\nsend a 1\n", tmp_path=tmp_path)
    assert result.returncode == 1
    assert "<stdin>:2:16: error: `{` is never closed (the next line starts a new command, `send`)" in result.stderr
    assert "  sink s = a.map {\n                 ^" in result.stderr


def test_the_prompt_runs_the_continued_sink_only(playground):
    p = playground()
    for line in LINES:
        p.line(line)
        p.prompt()
    assert "s ← 10" not in p.child.before
    p.line("send a 3")
    p.expect("s ← 30")
    p.prompt()
    assert p.quit() == 0


def test_the_prompt_waits_with_an_ellipsis_while_a_bracket_is_open(playground):
    p = playground()
    p.line("subject a")
    p.prompt()
    p.line("sink s = a.map {")
    p.expect("… ")
    p.line("  $0 * 2 }")
    p.prompt()
    p.line("send a 2")
    p.expect("s ← 4")
    p.prompt()
    assert p.quit() == 0


def test_the_prompt_points_at_an_unclosed_bracket_when_a_command_follows(playground):
    p = playground()
    p.line("subject a")
    p.prompt()
    p.line("let p = a.map { $0 * (2")
    p.expect("… ")
    p.line("send a 1")
    p.expect("error: `(` is never closed (the next line starts a new command, `send`); close it with `)`")
    p.expect("let p = a.map { $0 * (2")
    p.expect("^")
    p.prompt()
    p.line("inspect p")
    p.expect("unknown name `p`")
    p.prompt()
    assert p.quit() == 0


def test_a_blank_line_at_the_prompt_ends_a_broken_statement(playground):
    p = playground()
    p.line("subject a")
    p.prompt()
    p.line("send a [1, 2")
    p.expect("… ")
    p.line("")
    p.expect("`[` is never closed (a blank line ended the statement)")
    p.prompt()
    assert p.quit() == 0


def test_an_unclosed_string_at_the_prompt_is_pointed_out_at_once(playground):
    p = playground()
    p.line("subject a")
    p.prompt()
    p.line('send a "open')
    p.expect('this string has no closing `"`')
    p.prompt()
    p.line("subs")
    p.expect("a  PassthroughSubject")
    p.prompt()
    assert p.quit() == 0


def test_a_line_starting_with_a_dot_shows_the_continuation_prompt(playground):
    p = playground()
    p.line("subject a")
    p.prompt()
    p.line("let p = a")
    p.prompt()
    p.child.send("  .map")
    p.expect("… ")
    p.expect(".map")
    p.child.send(" { $0 * 2 }\r")
    p.prompt()
    p.line("sink s = p")
    p.prompt()
    p.line("send a 2")
    p.expect("s ← 4")
    p.prompt()
    assert p.quit() == 0

"""`conduit run`, `conduit check`, `-e`, piped scripts, --help/--version, bad input, colour."""

import pexpect

from conftest import TIMEOUT, clean_env, run

GOOD = """\
# a first pipeline
subject taps
sink out = taps
send taps 1
#> out ← 1
send taps 2
#> out ← 2
"""

MISMATCH = """\
subject taps
sink out = taps
send taps 1
#> out ← 1
send taps 2
#> out ← 3
"""

BROKEN = """\
subject taps
sink out = taps
frobnicate taps
send taps 1
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_run_replays_a_script(conduit_bin, tmp_path):
    result = run(conduit_bin, "run", write(tmp_path, "good.conduit", GOOD), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "out ← 1" in result.stdout
    assert "out ← 2" in result.stdout
    assert "\x1b[" not in result.stdout


def test_run_reports_the_failing_line_and_exits_1(conduit_bin, tmp_path):
    path = write(tmp_path, "broken.conduit", BROKEN)
    result = run(conduit_bin, "run", path, tmp_path=tmp_path)
    assert result.returncode == 1
    assert f"{path}:3:" in result.stderr


def test_run_of_a_missing_file_is_a_usage_error(conduit_bin, tmp_path):
    result = run(conduit_bin, "run", str(tmp_path / "nope.conduit"), tmp_path=tmp_path)
    assert result.returncode == 2
    assert "nope.conduit" in result.stderr
    assert "no such file" in result.stderr


def test_run_without_a_file_is_a_usage_error(conduit_bin, tmp_path):
    result = run(conduit_bin, "run", tmp_path=tmp_path)
    assert result.returncode == 2
    assert "Usage" in result.stderr or "usage" in result.stderr


def test_check_passes_a_script_whose_output_matches(conduit_bin, tmp_path):
    result = run(conduit_bin, "check", write(tmp_path, "good.conduit", GOOD), tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 script, 2 checks: 2 passed, 0 failed" in result.stdout


def test_check_names_file_and_line_of_a_mismatch(conduit_bin, tmp_path):
    good = write(tmp_path, "good.conduit", GOOD)
    bad = write(tmp_path, "bad.conduit", MISMATCH)
    result = run(conduit_bin, "check", good, bad, tmp_path=tmp_path)
    assert result.returncode == 1
    assert f"{bad}:6:" in result.stderr
    assert "2 scripts, 4 checks: 3 passed, 1 failed" in result.stdout


def test_check_fails_on_a_broken_line(conduit_bin, tmp_path):
    path = write(tmp_path, "broken.conduit", BROKEN)
    result = run(conduit_bin, "check", path, tmp_path=tmp_path)
    assert result.returncode == 1
    assert f"{path}:3:" in result.stderr


def test_piped_script_runs_with_plain_output(conduit_bin, tmp_path):
    result = run(conduit_bin, input=GOOD, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "out ← 1\n" in result.stdout
    assert "out ← 2\n" in result.stdout
    assert "»" not in result.stdout          # no prompt
    assert "\x1b" not in result.stdout       # no escape codes


def test_piped_script_with_an_error_exits_1_naming_the_line(conduit_bin, tmp_path):
    result = run(conduit_bin, input=BROKEN, tmp_path=tmp_path)
    assert result.returncode == 1
    assert "<stdin>:3:" in result.stderr


def test_e_lines_share_one_session(conduit_bin, tmp_path):
    result = run(conduit_bin, "-e", "subject t", "-e", "sink o = t", "-e", "send t 5",
                 tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "o ← 5" in result.stdout


def test_e_line_with_an_error_exits_1(conduit_bin, tmp_path):
    result = run(conduit_bin, "-e", "subject t", "-e", "frobnicate", tmp_path=tmp_path)
    assert result.returncode == 1
    assert "-e:2:" in result.stderr


def test_version_and_help(conduit_bin, tmp_path):
    version = run(conduit_bin, "--version", tmp_path=tmp_path)
    assert version.returncode == 0
    assert version.stdout.strip() == "0.1.0"
    help = run(conduit_bin, "--help", tmp_path=tmp_path)
    assert help.returncode == 0
    assert "EXIT STATUS" in help.stdout
    assert "run" in help.stdout and "check" in help.stdout


def test_unknown_option_is_a_usage_error(conduit_bin, tmp_path):
    result = run(conduit_bin, "--frobnicate", tmp_path=tmp_path)
    assert result.returncode == 2
    assert "--frobnicate" in result.stderr


def test_values_are_coloured_on_a_terminal_unless_asked_not_to(conduit_bin, tmp_path):
    args = ["-e", "subject c", "-e", "sink ok = c", "-e", "send c 1"]
    child = pexpect.spawn(conduit_bin, args, env=clean_env(tmp_path), encoding="utf-8",
                          timeout=TIMEOUT)
    child.expect(pexpect.EOF)
    assert "\x1b[32mok ← 1" in child.before
    for env, extra in ((clean_env(tmp_path, NO_COLOR="1"), []),
                       (clean_env(tmp_path, TERM="dumb"), []),
                       (clean_env(tmp_path), ["--no-color"])):
        child = pexpect.spawn(conduit_bin, extra + args, env=env, encoding="utf-8",
                              timeout=TIMEOUT)
        child.expect(pexpect.EOF)
        assert "ok ← 1" in child.before
        assert "\x1b[" not in child.before

"""Every spelling of a command line means the same thing: the everyday forms (`-e LINE`,
`run FILE`, which conduit reads itself) and the forms only ArgumentParser reads (`--eval=LINE`,
options before the subcommand) give the same output and exit status."""

import subprocess

from conftest import clean_env


def _run(binary, tmp_path, *args):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=20,
                            env=clean_env(tmp_path), stdin=subprocess.DEVNULL)
    return result.returncode, result.stdout, result.stderr


def test_short_and_equals_spellings_of_eval_agree(conduit_bin, tmp_path):
    lines = ["subject s", "sink out = s.map { $0 * 2 }", "send s 21", "send nope 1"]
    short = _run(conduit_bin, tmp_path, *[part for line in lines for part in ("-e", line)])
    long = _run(conduit_bin, tmp_path, *[f"--eval={line}" for line in lines])
    assert short == long
    assert short[0] == 1
    assert "out ← 42" in short[1]
    assert "-e:4:" in short[2]


def test_help_line_is_the_playground_help_in_every_spelling(conduit_bin, tmp_path):
    short = _run(conduit_bin, tmp_path, "-e", "help")
    assert short[0] == 0
    assert short[1].startswith("commands (help NAME for one")
    assert short == _run(conduit_bin, tmp_path, "--eval=help")
    assert short == _run(conduit_bin, tmp_path, "--no-color", "-e", "help", "--real-time")


def test_run_reads_options_anywhere_and_stops_at_the_failing_script(conduit_bin, tmp_path):
    good = tmp_path / "good.conduit"
    good.write_text("subject s\nsink out = s\nsend s 1\n")
    bad = tmp_path / "bad.conduit"
    bad.write_text("subject s\nsend t 1\n")
    direct = _run(conduit_bin, tmp_path, "run", str(good), str(bad), "--no-color")
    assert direct[0] == 1
    assert "out ← 1" in direct[1]
    assert f"{bad}:2:" in direct[2]
    # Options before the files and after `--` are read by ArgumentParser alone.
    assert direct == _run(conduit_bin, tmp_path, "run", "--no-color", "--", str(good), str(bad))


def test_an_eval_without_a_line_is_still_a_usage_error(conduit_bin, tmp_path):
    status, _, error = _run(conduit_bin, tmp_path, "-e")
    assert status == 2
    assert "Missing value" in error


def test_an_error_in_a_multi_line_eval_names_its_line_of_the_whole_script(conduit_bin, tmp_path):
    # The `-e` values read as the lines of one script: the second `-e` holds lines 2 and 3.
    status, out, err = _run(conduit_bin, tmp_path, "-e", "subject q", "-e", "send q 1\nsend q )", "-e", "send q 2")
    assert status == 1
    assert err.startswith("-e:3:8: error: expected a value"), err
    assert "send q )" in err

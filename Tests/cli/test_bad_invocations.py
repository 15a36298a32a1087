"""The catalogue of bad command lines: unknown flags and subcommands, missing, unreadable and
unusable files for run, check, load and serve, and bad lines given with -e. Each exits non-zero,
prints nothing on standard output and gives its reason in one line on standard error (the first;
ArgumentParser's own errors are followed by the usage)."""

import os
import subprocess

import pytest

from conftest import clean_env


def _run(binary, tmp_path, *args):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=30,
                            env=clean_env(tmp_path), stdin=subprocess.DEVNULL, cwd=tmp_path)
    return result.returncode, result.stdout, result.stderr.splitlines()


def _files(tmp_path):
    (tmp_path / "good.conduit").write_text("subject s\n")
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary.conduit").write_bytes(bytes((i * 37 + 11) % 256 for i in range(4096)))
    (tmp_path / "nul.conduit").write_bytes(b"subject s\x00\n")


@pytest.mark.parametrize("args, reason", [
    (["--bogus"], "Error: Unknown option '--bogus'"),
    (["-x"], "Error: Unknown option '-x'"),
    (["frob"], "Error: Unexpected argument 'frob'"),
    (["-e"], "Error: Missing value for '-e <line>'"),
    (["run"], "Error: Missing expected argument '<file> ...'"),
    (["check"], "Error: Missing expected argument '<file> ...'"),
    (["run", "--bogus", "good.conduit"], "Error: Unknown option '--bogus'"),
    (["check", "--frob", "good.conduit"], "Error: Unknown option '--frob'"),
    (["serve", "--port", "eighty"], "Error: The value 'eighty' is invalid for '--port <port>'"),
])
def test_a_bad_flag_is_a_usage_error_with_status_2(conduit_bin, tmp_path, args, reason):
    _files(tmp_path)
    status, out, err = _run(conduit_bin, tmp_path, *args)
    assert status == 2, err
    assert out == ""
    assert err and err[0] == reason, err


@pytest.mark.parametrize("command", [["run"], ["check"], ["check", "--update"], ["serve"]])
@pytest.mark.parametrize("file, reason", [
    ("missing.conduit", "no such file"),
    ("folder", "is a directory, not a script"),
    ("binary.conduit", "is not UTF-8 text (a binary file?), not a script"),
    ("nul.conduit", "is not UTF-8 text (a binary file?), not a script"),
    ("/dev/zero", "is not a regular file (a device, pipe or socket), not a script"),
])
def test_a_file_that_is_not_a_script_is_one_line_with_status_2(conduit_bin, tmp_path, command, file, reason):
    _files(tmp_path)
    status, out, err = _run(conduit_bin, tmp_path, *command, "good.conduit", file)
    assert status == 2, err
    assert out == "", "nothing runs, not even the good script before it"
    assert err == [f"conduit: {file}: {reason}"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file whatever its permissions")
@pytest.mark.parametrize("command", [["run"], ["check"], ["serve"]])
def test_an_unreadable_file_is_one_line_with_status_2(conduit_bin, tmp_path, command):
    locked = tmp_path / "locked.conduit"
    locked.write_text("subject s\n")
    locked.chmod(0)
    status, out, err = _run(conduit_bin, tmp_path, *command, str(locked))
    assert status == 2
    assert out == ""
    assert err == [f"conduit: {locked}: cannot be read (permission denied)"]


@pytest.mark.parametrize("line, reason", [
    ("load missing.conduit", "-e:2:6: error: there is no file `missing.conduit`"),
    ("load folder", "-e:2:6: error: `folder` is a directory"),
    ("load binary.conduit", "-e:2:6: error: `binary.conduit` is not UTF-8 text (a binary file?)"),
    ("load /dev/zero", "-e:2:6: error: `/dev/zero` is not a regular file"),
    ("send nowhere 1", "-e:2:6: error: unknown subject `nowhere`"),
    ("sink out = [1, 2", "-e:2:12: error:"),
    ("tick -5ms", "-e:2:6: error:"),
    ("frobnicate", "-e:2:1: error:"),
])
def test_a_bad_line_given_with_e_exits_1_with_the_reason_first(conduit_bin, tmp_path, line, reason):
    _files(tmp_path)
    status, out, err = _run(conduit_bin, tmp_path, "-e", "subject s", "-e", line, "-e", "send s 1")
    assert status == 1, err
    assert err and err[0].startswith(reason), err
    assert "s ←" not in out, "the lines after the bad one do not run"


REPEAT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "repeat")


@pytest.mark.parametrize("args, reason", [
    (["ten"], "scripts/repeat: 'ten' is not a number of rounds or --busy"),
    (["--fast"], "scripts/repeat: '--fast' is not a number of rounds or --busy"),
    (["0"], "scripts/repeat: the number of rounds must be at least 1"),
])
def test_scripts_repeat_refuses_a_bad_argument_before_building(tmp_path, args, reason):
    status, out, err = _run(REPEAT, tmp_path, *args)
    assert status == 2
    assert out == ""
    assert err == [reason]


def test_a_seed_that_is_no_number_is_refused_and_a_seed_repeats_the_values(conduit_bin, tmp_path):
    status, _, err = _run(conduit_bin, tmp_path, "--seed", "x", "-e", "print(1)")
    assert status == 2
    assert any("--seed" in line for line in err), err
    line = "print(Int.random(in: 1...1000000), [1, 2, 3, 4, 5].shuffled())"
    first = _run(conduit_bin, tmp_path, "--seed", "9", "-e", line)
    second = _run(conduit_bin, tmp_path, "--seed", "9", "-e", line)
    assert first[0] == 0 and first[1] == second[1], (first, second)

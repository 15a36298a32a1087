"""`conduit check`: counts that add up, `#> (nothing)`, errors expected wherever the script is,
and `--update`."""

import shutil

from conftest import run

SCRIPT = """\
subject taps
sink out = taps
send taps 1
#> out ← 2
sned taps 3
send taps 4
#> out ← 4
cancel out
send taps 5
#> (nothing)
"""

EXPECTS_AN_ERROR = """\
subject taps
let x = taps.mapp { $0 }
#> error: unknown operator `mapp`; did you mean `map`?
"""


def test_check_goes_on_after_a_failing_line_and_the_summary_adds_up(conduit_bin, tmp_path):
    path = tmp_path / "mixed.conduit"
    path.write_text(SCRIPT)
    result = run(conduit_bin, "check", str(path), tmp_path=tmp_path)
    assert result.returncode == 1
    assert f"{path}:4: expected `out ← 2`, got `out ← 1`" in result.stderr
    assert f"{path}:5:1: error: unknown command `sned`" in result.stderr
    assert "1 script, 4 checks: 2 passed, 2 failed" in result.stdout


def test_an_expected_error_passes_in_a_copied_script(conduit_bin, tmp_path):
    original = tmp_path / "original.conduit"
    original.write_text(EXPECTS_AN_ERROR)
    (tmp_path / "elsewhere").mkdir()
    copy = tmp_path / "elsewhere" / "copy.conduit"
    shutil.copy(original, copy)
    for path in (original, copy):
        result = run(conduit_bin, "check", str(path), tmp_path=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "1 script, 1 check: 1 passed, 0 failed" in result.stdout


def test_update_rewrites_the_expectations_from_the_output(conduit_bin, tmp_path):
    path = tmp_path / "stale.conduit"
    path.write_text(SCRIPT)
    result = run(conduit_bin, "check", "--update", str(path), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"updated {path}" in result.stdout
    text = path.read_text()
    assert "#> out ← 1\n" in text and "#> out ← 2" not in text
    assert "sned taps 3\n#> error: unknown command `sned`; did you mean `send`?\n" in text
    assert text.endswith("send taps 5\n#> (nothing)\n")
    again = run(conduit_bin, "check", str(path), tmp_path=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "1 script, 4 checks: 4 passed, 0 failed" in again.stdout

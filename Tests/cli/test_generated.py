"""The arity families (Publishers.Merge3 ... Merge8, Zip3, Zip4, CombineLatest3, CombineLatest4) are
written by scripts/generate-arity: the files in the tree must be what it writes, so that a change
made to one file by hand (and not to its template) fails here instead of drifting from its siblings."""

import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "generate-arity"


def generator():
    """scripts/generate-arity as a module (the file has no .py ending, so its loader is named)."""
    loader = importlib.machinery.SourceFileLoader("generate_arity", str(SCRIPT))
    spec = importlib.util.spec_from_loader("generate_arity", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_tree_holds_what_the_generator_writes():
    result = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr


def test_every_family_member_is_generated():
    names = sorted(path.name for path in generator().files())
    assert names == sorted(
        [f"Publishers.Merge{n}.swift" for n in range(3, 9)]
        + [f"Publishers.{family}{n}.swift" for family in ("Zip", "CombineLatest") for n in (3, 4)])


def test_a_file_changed_by_hand_is_reported(tmp_path, capsys):
    module = generator()
    copy = tmp_path / "Publishers"
    shutil.copytree(module.FOLDER, copy)
    module.ROOT, module.FOLDER = tmp_path, copy
    path = copy / "Publishers.Zip4.swift"
    path.write_text(path.read_text(encoding="utf-8").replace('name: "Zip"', 'name: "Zip4"'), encoding="utf-8")
    assert module.main(["--check"]) == 1
    out, err = capsys.readouterr()
    assert '-                downstream: subscriber, lanes: 4, name: "Zip4")' in out
    assert "1 file(s) differ" in err
    # Writing puts the template's text back.
    assert module.main([]) == 0
    assert module.main(["--check"]) == 0


def test_generated_lines_fit_the_limit():
    for path, text in generator().files().items():
        for number, line in enumerate(text.splitlines(), 1):
            assert len(line) <= 120, f"{path.name}:{number} is {len(line)} characters long"

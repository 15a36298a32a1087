"""The README's first pipeline, typed at the prompt as the README shows it: every line after `»`
is typed at the `»` prompt, every line after `…` at the `…` continuation prompt, and the output
lines appear as printed there."""

import re

from conftest import ROOT


def readme_session():
    """The (prompt, typed text) lines and the expected output of the README's first session."""
    text = (ROOT / "README.md").read_text()
    block = text.split("A first pipeline", 1)[1].split("```", 2)[1]
    steps = []
    for line in block.strip("\n").splitlines():
        if line.startswith("» ") or line.startswith("… "):
            typed = re.sub(r"\s+#.*$", "", line[2:])
            steps.append((line[:2], typed, []))
        elif steps:
            steps[-1][2].append(line)
    return steps


def test_the_readme_session_runs_with_the_prompts_it_shows(playground):
    steps = readme_session()
    assert any(prompt == "… " for prompt, _, _ in steps), "the README shows no continuation line"
    p = playground(columns=120)
    for prompt, typed, output in steps:
        if prompt == "… ":
            # The continuation prompt is drawn once the line shows it continues the statement.
            p.child.send(typed)
            p.expect("… ")
            p.line("")
        else:
            p.line(typed)
        for expected in output:
            p.expect(expected)
        p.prompt()
    assert p.quit() == 0

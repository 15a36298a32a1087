"""Tab completion: of a command, of a name, and a listing when several words fit.

The editor redraws only what changed, so the tests check the completed line by what it does
when entered, not by the characters on the screen."""


def test_tab_completes_a_command(playground):
    p = playground()
    p.child.send("subj\t")
    p.line("taps")               # "subject taps"
    p.prompt()
    p.line("sink out = taps")
    p.prompt()
    p.line("send taps 1")
    p.expect("out ← 1")
    p.prompt()
    assert p.quit() == 0


def test_tab_completes_a_name(playground):
    p = playground()
    p.line("subject taps")
    p.prompt()
    p.line("sink out = taps")
    p.prompt()
    p.child.send("send ta\t")
    p.line("2")                  # "send taps 2"
    p.expect("out ← 2")
    p.prompt()
    assert p.quit() == 0


def test_tab_lists_the_candidates_when_several_fit(playground):
    p = playground()
    for line in ("subject alpha", "subject alps", "sink first = alpha", "sink second = alps"):
        p.line(line)
        p.prompt()
    p.child.send("send al\t")   # completes the common part: "alp"
    p.child.send("\t")           # nothing more in common: lists both, above the line
    p.expect("alpha  alps")
    p.prompt()
    p.line("s 1")                # the line is still there: "send alps 1"
    p.expect("second ← 1")
    p.prompt()
    assert "first ← 1" not in p.child.before
    assert p.quit() == 0


def test_tab_after_cancel_offers_only_sinks(playground):
    p = playground()
    for line in ("subject off", "subject on", "sink out = off"):
        p.line(line)
        p.prompt()
    p.child.send("cancel o\t")   # `off` and `on` are subjects: only the sink `out` fits
    p.line("")
    p.expect("out cancelled")
    p.prompt()
    assert p.quit() == 0


def test_tab_after_send_offers_only_subjects(playground):
    p = playground()
    for line in ("subject taps", "sink tally = taps"):
        p.line(line)
        p.prompt()
    p.child.send("send t\t")     # `tally` is a sink: only the subject `taps` fits
    p.line("3")
    p.expect("tally ← 3")
    p.prompt()
    assert p.quit() == 0


def test_tab_after_load_completes_a_file(playground, tmp_path):
    (tmp_path / "lesson.conduit").write_text("subject loaded\nsink seen = loaded\n")
    p = playground()
    p.child.send(f"load {tmp_path}/less\t")
    p.line("")
    p.expect("loaded ")
    p.prompt()
    p.line("send loaded 4")
    p.expect("seen ← 4")
    p.prompt()
    assert p.quit() == 0

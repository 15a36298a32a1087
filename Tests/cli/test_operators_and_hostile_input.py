"""The operators and sources added for Swift chains, `connect`, help for every command, and
hostile input, through the real binary: interactively, piped and with -e."""

from conftest import run


def test_banner_says_how_to_get_help(playground):
    p = playground()
    assert "`help` lists commands" in p.child.before
    assert "`help NAME` explains one" in p.child.before
    assert p.quit() == 0


def test_tab_completes_a_new_operator_and_connect_works(playground):
    p = playground()
    p.line("subject n")
    p.prompt()
    p.child.send("let live = n.makeConn\t")
    p.line("()")                 # "let live = n.makeConnectable()"
    p.prompt()
    p.line("sink a = live")
    p.prompt()
    p.line("send n 1")
    p.prompt()
    assert "a ← 1" not in p.child.before
    p.line("connect live")
    p.expect("live connected")
    p.prompt()
    p.line("send n 2")
    p.expect("a ← 2")
    p.prompt()
    assert p.quit() == 0


def test_help_knows_every_command(conduit_bin, tmp_path):
    listing = run(conduit_bin, "-e", "help", tmp_path=tmp_path)
    assert listing.returncode == 0
    for command in ("tick DURATION", "marbles NAME", "connect NAME", "clock real|virtual"):
        assert command in listing.stdout
    for topic in ("tick", "marbles", "connect", "handleEvents", "Future", "sources"):
        page = run(conduit_bin, "-e", f"help {topic}", tmp_path=tmp_path)
        assert page.returncode == 0, page.stderr
        assert page.stdout.strip(), topic


def test_a_pasted_swift_chain_runs(conduit_bin, tmp_path):
    result = run(conduit_bin, "-e", "subject taps",
                 "-e", "sink out = taps.map(\\.name).setFailureType(to: Error.self)"
                       ".debounce(for: .milliseconds(300), scheduler: RunLoop.main)"
                       ".receive(on: DispatchQueue.main).eraseToAnyPublisher()",
                 "-e", "send taps {name: \"ace\"}", "-e", "tick 1s", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 'out ← "ace"   @300ms' in result.stdout


SCRIPT = """\
let answer = Future(after: 1s) { 42 }
sink a = answer
tick 2s
#> a ← 42   @1s
#> a ✓ finished   @1s
sink t = Timer.publish(every: 1s).autoconnect()
tick 1s
#> t ← 1   @3s
subject s
sink h = s.handleEvents(receiveOutput: { "saw " + string($0) })
send s 5
#> saw 5
#> h ← 5   @3s
"""


def test_a_script_of_the_new_sources_and_operators_checks(conduit_bin, tmp_path):
    path = tmp_path / "new.conduit"
    path.write_text(SCRIPT)
    result = run(conduit_bin, "check", str(path), tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 script, 5 checks: 5 passed, 0 failed" in result.stdout


HOSTILE = [
    "tick 99999999999999999999s",
    "sink x = s.collect(9223372036854775807)",
    "sink x = s.retry(9223372036854775807)",
    "sink x = s.output(at: 9223372036854775807)",
    "sink x = s.debounce(for: 9223372036854775808ns)",
    "sink x = s.map { -$0 }",
    "send s -9223372036854775807 - 1",
    "send s " + "[" * 50000 + "]" * 50000,
    "send s 1" + " + 1" * 20000,
    "let loop = s.multicast(subject: s)",
    "let long = s" + ".map { $0 }" * 3000,
    "sink fast = timer(1ns)",
    "tick 1s",
    "cancel fast",
    "load /no/such/file.conduit",
    "nonsense " + "y" * 100_000,
]


def test_hostile_lines_one_by_one(conduit_bin, tmp_path):
    for line in HOSTILE:
        result = run(conduit_bin, "-e", "subject s", "-e", "sink keep = s", "-e", line, "-e", "send s 7",
                     tmp_path=tmp_path)
        assert result.returncode in (0, 1), (line[:60], result.returncode, result.stderr[-500:])
        assert "Fatal error" not in result.stderr and "crashed" not in result.stderr, line[:60]
        if result.returncode == 1:
            assert "-e:3:" in result.stderr, (line[:60], result.stderr[:300])
            assert "error:" in result.stderr
        else:
            assert "keep ← 7" in result.stdout, (line[:60], result.stdout[-300:])


def test_hostile_lines_typed_interactively_keep_every_name(playground):
    p = playground()
    p.line("subject s")
    p.prompt()
    p.line("sink keep = s")
    p.prompt()
    for line in ("tick 99999999999999999999s", "send s " + "(" * 300 + "1" + ")" * 300,
                 "sink x = s.retry(9223372036854775807)", "let loop = s.multicast(subject: s)",
                 "send s -9223372036854775807 - 1 - 1", "sned s 1", "load /no/such/file.conduit"):
        p.line(line)
        p.expect("error: ")
        p.prompt()
    p.line("send s 7")
    p.expect("keep ← 7")
    p.prompt()
    assert p.quit() == 0


def test_a_megabyte_line_in_a_piped_script_is_reported_with_its_line(conduit_bin, tmp_path):
    text = "subject s\nsink keep = s\nsend s 1\nnonsense " + "y" * 1_000_000 + "\nsend s 2\n"
    result = run(conduit_bin, input=text, tmp_path=tmp_path)
    assert result.returncode == 1
    assert "keep ← 1" in result.stdout
    assert "keep ← 2" not in result.stdout
    assert "<stdin>:4:1: error: unknown command `nonsense`" in result.stderr
    assert len(result.stderr) < 1000


def test_invalid_utf8_piped_in_is_reported_with_its_line(conduit_bin, tmp_path):
    import subprocess
    from conftest import clean_env
    data = b"subject s\nsink o = s\nsend s \xff\xfe\n"
    result = subprocess.run([conduit_bin], input=data, capture_output=True, env=clean_env(tmp_path), timeout=30)
    assert result.returncode == 1
    assert b"<stdin>:3:8:" in result.stderr
    assert b"not UTF-8" in result.stderr

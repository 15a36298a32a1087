"""`conduit serve`: the live page, tried in a real browser (headless Chromium from Debian's
packages, which scripts/setup installs for this test) while the playground runs in a terminal."""

import json
import re
import shutil
import subprocess
import time

import pexpect
import pytest

from conftest import TIMEOUT, clean_env
from ws_client import WebSocket

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def start_serve(conduit_bin, tmp_path, *args):
    child = pexpect.spawn(conduit_bin, ["serve", "--no-color", "--port", "0", *args],
                          env=clean_env(tmp_path), encoding="utf-8", timeout=TIMEOUT, dimensions=(30, 120))
    child.expect(r"live page: (http://127\.0\.0\.1:(\d+)/)([^\r\n]*)\r\n")
    url, note = child.match.group(1), child.match.group(3)
    child.expect_exact("» ")
    child.note = note
    return child, url


def rendered_page(url, *expected):
    """The page's DOM after its script has connected and drawn the snapshot. Chromium's virtual
    time can run out before the snapshot arrives on a loaded machine, so the page is loaded again
    (up to five times) until it shows every `expected` text."""
    for _ in range(5):
        result = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--virtual-time-budget=4000", "--dump-dom", url],
            capture_output=True, text=True, timeout=60)
        if all(text in result.stdout for text in expected):
            break
    return result.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup installs it)")
def test_the_page_shows_the_transcript_marbles_and_tree_as_lines_are_typed(conduit_bin, tmp_path):
    script = tmp_path / "lesson.conduit"
    script.write_text('subject taps\nsink out = taps.map { $0 * 10 }\nsend taps 1\n')
    child, url = start_serve(conduit_bin, tmp_path, str(script))
    try:
        page = rendered_page(url, "out ← 10", 'class="marble"')
        assert "load " in page and "out ← 10" in page, page[-2000:]
        assert 'class="marble"' in page, "the marbles are drawn as SVG"
        assert "taps" in page and "PassthroughSubject" in page, "the subscription tree"
        child.sendline("send taps 7")
        child.expect_exact("out ← 70")
        child.expect_exact("» ")
        page = rendered_page(url, "send taps 7", "out ← 70")
        assert "send taps 7" in page and "out ← 70" in page
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)


def test_it_says_where_it_listens_and_that_only_this_machine_can_connect(conduit_bin, tmp_path):
    child, url = start_serve(conduit_bin, tmp_path)
    assert "this machine only" in child.note and "--host 0.0.0.0" in child.note
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_port_in_use_is_a_one_line_error_with_status_2(conduit_bin, tmp_path):
    child, url = start_serve(conduit_bin, tmp_path)
    port = re.search(r":(\d+)/", url).group(1)
    try:
        result = subprocess.run([conduit_bin, "serve", "--port", port], capture_output=True, text=True,
                                timeout=30, stdin=subprocess.DEVNULL, env=clean_env(tmp_path))
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        assert lines == [f"conduit: cannot listen on 127.0.0.1:{port}: address already in use"], result.stderr
    finally:
        child.sendline("quit")
        child.expect(pexpect.EOF)


@pytest.mark.parametrize("args, reason", [
    (["--port", "70000"], "--port must be between 0 and 65535, not 70000"),
    (["--port", "eighty"], "--port"),
    (["--host", ""], "--host needs an address"),
    (["/no/such/lesson.conduit"], "/no/such/lesson.conduit: no such file"),
])
def test_bad_arguments_are_a_clear_error_with_status_2(conduit_bin, tmp_path, args, reason):
    result = subprocess.run([conduit_bin, "serve", *args], capture_output=True, text=True, timeout=30,
                            stdin=subprocess.DEVNULL, env=clean_env(tmp_path))
    assert result.returncode == 2, result.stderr
    assert reason in result.stderr


def test_a_piped_script_reaches_every_viewer_to_its_last_line_before_the_process_ends(conduit_bin, tmp_path):
    errors = tmp_path / "errors.txt"
    with open(errors, "w") as sink:
        server = subprocess.Popen([conduit_bin, "serve", "--no-color", "--port", "0"], stdin=subprocess.PIPE,
                                  stdout=subprocess.DEVNULL, stderr=sink, env=clean_env(tmp_path))
    viewers = []
    try:
        deadline = time.time() + 30
        while not (match := re.search(r"live page: http://127\.0\.0\.1:(\d+)/", errors.read_text())):
            assert time.time() < deadline and server.poll() is None, errors.read_text()
            time.sleep(0.05)
        viewers = [WebSocket(f"ws://127.0.0.1:{match.group(1)}/live", timeout=30) for _ in range(3)]
        for viewer in viewers:
            assert viewer.messages_until(lambda message: True)[0]["type"] == "snapshot"
        # Far more lines than one frame carries at once, sent as fast as the REPL reads them.
        lines = ["subject s", "sink out = s.map { $0 * 2 }"] + [f"send s {n % 100}" for n in range(3_000)]
        server.communicate(("\n".join(lines + ["send s 100"]) + "\n").encode(), timeout=60)
        assert server.returncode == 0, errors.read_text()
        for viewer in viewers:
            entries = []
            try:
                while (text := viewer.receive()) is not None:
                    message = json.loads(text)
                    entries = message["transcript"] if message["type"] == "snapshot" else entries + message["entries"]
            except EOFError:
                pass
            # Every line, each once and in order, the last one too: nothing was left behind at the end.
            assert [entry["seq"] for entry in entries] == list(range(1, len(lines) + 2))
            assert entries[-1]["input"] == "send s 100"
    finally:
        for viewer in viewers:
            viewer.close()
        if server.poll() is None:
            server.kill()

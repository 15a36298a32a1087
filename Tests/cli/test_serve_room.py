"""`conduit serve` as a room uses it: the first HTML already holds the session (no script needed),
off loopback a join code guards the page, learners send predictions over the WebSocket and
`reveal` tallies them in the terminal and on the page, and the marbles stay readable at 1280×720
in headless Chromium (checked through the DOM with the DevTools protocol)."""

import json
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import pexpect
import pytest

from conftest import TIMEOUT, clean_env
from ws_client import Refused, WebSocket

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def start_serve(conduit_bin, tmp_path, *args, host_pattern=r"127\.0\.0\.1"):
    child = pexpect.spawn(conduit_bin, ["serve", "--no-color", "--port", "0", *args],
                          env=clean_env(tmp_path), encoding="utf-8", timeout=TIMEOUT, dimensions=(30, 200))
    child.expect(r"live page: (http://" + host_pattern + r":(\d+)/)(\?code=(\w+))?([^\r\n]*)\r\n")
    child.port = int(child.match.group(2))
    child.code = child.match.group(4)
    child.note = child.match.group(5)
    child.expect_exact("» ")
    return child


def type_line(child, line, expect=None):
    child.sendline(line)
    if expect:
        child.expect_exact(expect)
    child.expect_exact("» ")


def fetch(port, path="/"):
    """The status and body of a plain HTTP GET: no script runs."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=TIMEOUT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def quit_serve(child):
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_plain_http_fetch_holds_the_last_transcript_line_and_the_tree(conduit_bin, tmp_path):
    child = start_serve(conduit_bin, tmp_path)
    try:
        type_line(child, "subject taps")
        type_line(child, "sink out = taps.map { $0 * 10 } demand 3")
        type_line(child, "send taps 7", "out ← 70")
        # The state follows at most ten times a second, and at the prompt.
        deadline = time.time() + TIMEOUT
        while True:
            status, page = fetch(child.port)
            if "requested 3 · delivered 1" in page or time.time() > deadline:
                break
            time.sleep(0.1)
        assert status == 200
        transcript = page[page.index('<div id="transcript">'):page.index("</section>")]
        lines = re.findall(r'<div class="line [a-z]+">([^<]*)</div>', transcript)
        assert lines[-2:] == ["send taps 7", "out ← 70"], lines
        assert '<li class="node sink" data-name="out">' in page
        assert '<li class="node subject" data-name="taps">' in page
        assert '<span class="demand">requested 3 · delivered 1 · outstanding 2</span>' in page
        assert '<b id="clock">0s</b>' in page
    finally:
        quit_serve(child)


def test_off_loopback_the_page_needs_the_join_code(conduit_bin, tmp_path):
    child = start_serve(conduit_bin, tmp_path, "--host", "0.0.0.0", host_pattern="localhost")
    try:
        assert child.code and len(child.code) == 6, child.note
        assert f"join code {child.code}" in child.note
        for path in ["/", "/snapshot", "/?code=NOTIT1"]:
            status, text = fetch(child.port, path)
            assert status == 403, path
            assert "join code" in text
        status, page = fetch(child.port, f"/?code={child.code}")
        assert status == 200 and "Conduit live" in page
        # The WebSocket's upgrade is refused like the page: 403, with or without a wrong code.
        for path in ["/live", "/live?code=NOTIT1"]:
            with pytest.raises(Refused) as refused:
                WebSocket(f"ws://127.0.0.1:{child.port}{path}")
            assert " 403 " in refused.value.status_line + " ", refused.value.status_line
        assert fetch(child.port, "/live")[0] == 403, "a plain GET of /live too"
        socket = WebSocket(f"ws://127.0.0.1:{child.port}/live?code={child.code}")
        assert socket.messages_until(lambda m: True)[0]["type"] == "snapshot"
        socket.close()
    finally:
        quit_serve(child)


def predict(port, sink, marbles, name):
    """One learner: connects, sends a prediction, and returns the server's answer."""
    socket = WebSocket(f"ws://127.0.0.1:{port}/live")
    try:
        socket.send(json.dumps({"predict": {"sink": sink, "marbles": marbles, "name": name}}))
        return [m for m in socket.messages_until(lambda m: m["type"] == "answer") if m["type"] == "answer"][-1]
    finally:
        socket.close()


def test_learners_predict_over_the_websocket_and_reveal_tallies_them(conduit_bin, tmp_path):
    child = start_serve(conduit_bin, tmp_path)
    try:
        type_line(child, "subject q")
        type_line(child, "sink s = q.debounce(for: 100ms)")
        type_line(child, "tick 300ms")
        type_line(child, "hide s", "s is hidden")
        guesses = [("ana", "--2----|"), ("bo", "-2----|"), ("cy", "-2-----|"), ("dee", "---2---|")]
        for number, (name, marbles) in enumerate(guesses, start=1):
            answer = predict(child.port, "s", marbles, name)
            assert answer == {"type": "answer", "accepted": True,
                              "message": f"prediction {number} for s ({name}): {marbles}"}, answer
        # Nothing but a prediction is taken, and a prediction is data, never a statement.
        socket = WebSocket(f"ws://127.0.0.1:{child.port}/live")
        socket.send("send q 99")
        answer = [m for m in socket.messages_until(lambda m: m["type"] == "answer") if m["type"] == "answer"][-1]
        assert answer["accepted"] is False and answer["message"].startswith("only predictions are taken")
        socket.close()
        refused = predict(child.port, "s", "-1-(2", "eve")
        assert refused["accepted"] is False and "not closed" in refused["message"], refused
        type_line(child, 'hot q "12----3|"')
        type_line(child, "tick 1s")
        tally = "1 of 4 right; most common mistake: the first value (2) 1 frame early (2)"
        type_line(child, "reveal s", tally)
        deadline = time.time() + TIMEOUT
        while tally not in fetch(child.port)[1] and time.time() < deadline:
            time.sleep(0.1)
        page = fetch(child.port)[1]
        assert f'<p class="tally"><b>s</b>: {tally}<br><span class="info">right: ana</span></p>' in page
        assert "99" not in page, "the viewer's `send q 99` ran nowhere"
    finally:
        quit_serve(child)


class DevTools:
    """Headless Chromium at 1280×720 on `url`, asked through its DevTools protocol."""

    def __init__(self, url, profile):
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--window-size=1280,720", "--remote-debugging-port=0", f"--user-data-dir={profile}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            line = self.process.stderr.readline()
            found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
        assert port, "chromium did not start its DevTools server"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=TIMEOUT) as response:
            pages = [t for t in json.load(response) if t["type"] == "page"]
        self.socket = WebSocket(pages[0]["webSocketDebuggerUrl"])
        self.next_id = 0
        # The window's size includes no browser frame in headless mode, but its viewport can still
        # differ: the page is laid out again at exactly 1280×720.
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
        self.call("Page.reload", {})

    def call(self, method, params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        for message in self.socket.messages_until(lambda m: m.get("id") == self.next_id):
            if message.get("id") == self.next_id:
                return message.get("result", {})
        return {}

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def wait_for(self, expression, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        return None

    def close(self):
        self.socket.close()
        self.process.kill()
        self.process.wait()


# Every marble's text, every lane's name, and every text anywhere on the page, with its computed size.
MEASURE = """JSON.stringify((() => {
  const size = (e) => parseFloat(getComputedStyle(e).fontSize);
  const marbles = [...document.querySelectorAll('#lanes .marble text')];
  const texts = [...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
  return { marbles: marbles.length, marbleMin: Math.min(...marbles.map(size)), textMin: Math.min(...texts.map(size)),
    smallest: texts.filter((e) => size(e) < 14).map((e) => e.tagName + ' ' + e.textContent.slice(0, 20)),
    lanes: [...document.querySelectorAll('#lanes .lane')].map((l) => l.dataset.lane),
    laneHeights: [...document.querySelectorAll('#lanes .lane')].map((l) => l.getBoundingClientRect().height),
    scrolls: document.getElementById('lanes').scrollWidth > document.getElementById('lanes').clientWidth,
    width: innerWidth, height: innerHeight };
})())"""

# Unticks (or ticks again) a lane's or a group's box in the page's lane list, as a click does.
CLICK_LANE_BOX = """(() => {{ const box = document.querySelector('#lane-list input[data-{kind}="{name}"]');
  if (!box) return 'no box';
  box.checked = !box.checked;
  box.dispatchEvent(new Event('change', {{ bubbles: true }}));
  return 'ok'; }})()"""


def shown_lanes(browser):
    return json.loads(browser.evaluate(
        "JSON.stringify([...document.querySelectorAll('#lanes .lane:not(.demand-lane)')].map((l) => l.dataset.lane))"))


NINE_SINKS = ["subject s"] + [f"sink {name} = s.map {{ $0 * {factor} }}"
                              for factor, name in enumerate("abcdefghi", start=1)]
SIX_SECONDS = [line for value in range(1, 13) for line in (f"send s {value}", "tick 500ms")]


def lesson_with_nine_sinks(tmp_path):
    script = tmp_path / "nine.conduit"
    script.write_text("\n".join(NINE_SINKS + SIX_SECONDS) + "\n")
    return str(script)


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup installs it)")
def test_nine_sinks_stay_readable_at_1280_by_720_and_hidden_lanes_are_gone(conduit_bin, tmp_path):
    child = start_serve(conduit_bin, tmp_path, lesson_with_nine_sinks(tmp_path))
    browser = DevTools(f"http://127.0.0.1:{child.port}/?hide=c,d,e", tmp_path / "profile")
    try:
        ready = browser.wait_for(f"document.querySelectorAll('#lanes .marble').length >= {12 * 7}")
        assert ready, "the page drew the marbles"
        seen = json.loads(browser.evaluate(MEASURE))
        assert (seen["width"], seen["height"]) == (1280, 720), seen
        assert seen["lanes"] == ["s", "a", "b", "f", "g", "h", "i"], seen["lanes"]
        assert seen["marbles"] >= 12 * 7, seen
        assert seen["marbleMin"] >= 14, seen
        assert seen["textMin"] >= 14, seen["smallest"]
        assert min(seen["laneHeights"]) >= 50, "lanes keep their height"
        assert seen["scrolls"], "six seconds of lanes scroll in time rather than shrink"
        # The lane list hides one lane, then the whole group (`s` and the sinks built on it).
        assert browser.evaluate(CLICK_LANE_BOX.format(kind="lane", name="g")) == "ok"
        assert shown_lanes(browser) == ["s", "a", "b", "f", "h", "i"]
        assert browser.evaluate(CLICK_LANE_BOX.format(kind="group", name="s")) == "ok"
        assert shown_lanes(browser) == []
        assert browser.evaluate(CLICK_LANE_BOX.format(kind="group", name="s")) == "ok"
        assert shown_lanes(browser) == ["s", "a", "b", "f", "h", "i"]
    finally:
        browser.close()
        quit_serve(child)


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup installs it)")
def test_the_presenter_view_shows_only_the_teachers_lanes_in_large_type(conduit_bin, tmp_path):
    child = start_serve(conduit_bin, tmp_path, "--lanes", "s,b", lesson_with_nine_sinks(tmp_path))
    browser = DevTools(f"http://127.0.0.1:{child.port}/?present", tmp_path / "profile")
    try:
        assert browser.wait_for("document.querySelectorAll('#lanes .marble').length >= 24")
        seen = json.loads(browser.evaluate(MEASURE))
        assert seen["lanes"] == ["s", "b"], seen["lanes"]
        assert seen["marbleMin"] >= 20, seen
        # A value keeps its colour through `map`: the marble of 3 in `s` and of 6 in `b` match.
        colours = json.loads(browser.evaluate("""JSON.stringify([...document.querySelectorAll('#lanes .lane')]
          .map((lane) => [...lane.querySelectorAll('.marble circle')].map((c) => c.getAttribute('fill'))))"""))
        assert colours[0][:12] == colours[1][:12], colours
        assert len(set(colours[0][:12])) > 6, "different values, different colours"
        # Clicking a marble tells its value, time and lane.
        detail = browser.evaluate("""(() => { const m = document.querySelectorAll('[data-lane="b"] .marble')[3];
          m.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          return document.getElementById('detail').textContent; })()""")
        assert detail.startswith("value 6 · at 1s · lane b"), detail
        assert "from 3 sent into s" in detail, detail
        # The teacher picks other lanes at the prompt: the open page follows, the others are gone.
        type_line(child, "lanes i, a", "the presenter view (`?present`) shows i, a")
        assert browser.wait_for("JSON.stringify([...document.querySelectorAll('#lanes .lane')]"
                                ".map((l) => l.dataset.lane)) === '[\"a\",\"i\"]'"), shown_lanes(browser)
        type_line(child, "lanes all", "shows every lane")
        assert browser.wait_for("document.querySelectorAll('#lanes .lane').length === 10"), shown_lanes(browser)
        assert json.loads(browser.evaluate(MEASURE))["marbleMin"] >= 20
    finally:
        browser.close()
        quit_serve(child)


RICH_LESSON = [
    "subject taps", "sink tens = taps.map { $0 * 10 }", "sink slow = taps demand 1",
    'cold song = "-a-b|" {a: "verse", b: "chorus"}', "sink first = song", "tick 200ms", "sink second = song",
    'object player { @Published current = "none" }', "sink playing = player.$current",
    "send taps 1", "request slow 1", "send taps 2", 'player.current = "jazz"', "tick 600ms",
    'player.current = "rock"', "send taps 3",
]

LANES_DRAWN = """JSON.stringify([...document.querySelectorAll('#lanes .lane')].map((lane) => ({
  lane: lane.dataset.lane, demand: lane.classList.contains('demand-lane'),
  groupStart: lane.classList.contains('group-start'),
  values: [...lane.querySelectorAll('.marble text')].map((t) => t.textContent),
  fills: [...lane.querySelectorAll('.marble circle')].map((c) => c.getAttribute('fill')),
  hollow: lane.querySelectorAll('.marble circle[stroke-dasharray]').length,
  outstanding: [...lane.querySelectorAll('text.outstanding')].map((t) => t.textContent) })))"""


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup installs it)")
def test_demand_cold_playbacks_and_published_properties_are_drawn_as_lanes_by_pipeline(conduit_bin, tmp_path):
    script = tmp_path / "rich.conduit"
    script.write_text("\n".join(RICH_LESSON) + "\n")
    child = start_serve(conduit_bin, tmp_path, str(script))
    browser = DevTools(f"http://127.0.0.1:{child.port}/", tmp_path / "profile")
    try:
        assert browser.wait_for("document.querySelectorAll('#lanes .lane').length >= 11")
        lanes = json.loads(browser.evaluate(LANES_DRAWN))
        by_name = {(lane["lane"], lane["demand"]): lane for lane in lanes}
        assert [(lane["lane"], lane["demand"]) for lane in lanes] == [
            ("taps", False), ("tens", False), ("slow", False), ("slow", True),
            ("song:1", False), ("song:2", False), ("first", False), ("second", False),
            ("player", False), ("player.$current", False), ("playing", False)], lanes
        # Three pipelines: a subject, a cold source and an object, each with the sinks built on it.
        assert [lane["lane"] for lane in lanes if lane["groupStart"]] == ["taps", "song:1", "player"]
        # Demand: `slow` asked for one value, then one more; the value sent without demand is hollow.
        slow = by_name[("slow", False)]
        assert slow["values"][-3:] == ["1", "2", "3"] and slow["hollow"] == 1, slow
        assert by_name[("slow", True)]["outstanding"] == ["1", "0", "1", "0"], by_name[("slow", True)]
        # A cold source plays to each subscription on a lane of its own.
        for playback in ["song:1", "song:2"]:
            assert by_name[(playback, False)]["values"] == ["ve…", "ch…"], by_name[(playback, False)]
        # The object marks each objectWillChange; its @Published property draws each value set,
        # and the sink reading it keeps that value's colour.
        assert by_name[("player", False)]["values"] == ["()", "()"]
        current = by_name[("player.$current", False)]
        assert current["values"] == ["ja…", "ro…"], current
        assert by_name[("playing", False)]["fills"][-2:] == current["fills"], lanes
        assert json.loads(browser.evaluate(MEASURE))["textMin"] >= 14
    finally:
        browser.close()
        quit_serve(child)

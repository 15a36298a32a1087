"""Ctrl-C while a line runs: it stops the line (here a long `tick`) and returns to the prompt
with the session intact."""

import time

ITEMS = ", ".join(str(n) for n in range(1, 41))


def test_ctrl_c_interrupts_a_long_tick_and_keeps_the_session(playground):
    p = playground()
    p.line("subject s")
    p.prompt()
    p.line("sink out = s")
    p.prompt()
    # Each of the 100,000 timer actions of the tick does real work: many seconds in all.
    p.line(f"sink busy = timer(1ms).flatMap {{ [{ITEMS}] }}.filter {{ $0 < 0 }}")
    p.prompt()
    p.line("tick 100s")
    time.sleep(0.5)
    p.child.send("\x03")
    p.expect("tick stopped at")
    p.prompt()
    p.line("send s 5")
    p.expect("out ← 5")
    p.prompt()
    p.line("subs")
    p.expect("busy")
    p.prompt()
    assert p.quit() == 0


def test_ctrl_c_in_a_flood_of_values_returns_the_prompt_at_once_and_cancels_the_sink(playground):
    p = playground(codec_errors="replace")
    p.line("var big: [Int] = []")
    p.prompt()
    p.line("for i in 0..<40000 { big.append(i) }")
    p.prompt()
    p.line("sink all = big.publisher")
    # The flood is under way: values are written while they are delivered.
    p.expect("all ← 2000\r\n")
    pressed = time.monotonic()
    p.child.send("\x03")
    p.child.expect(r"all ✗ cancelled by Ctrl-C after ([\d,]+) values")
    delivered = int(p.child.match.group(1).replace(",", ""))
    p.prompt()
    latency = time.monotonic() - pressed
    assert 2000 < delivered < 40000
    assert latency < 1.0, f"the prompt came back {latency:.2f} s after Ctrl-C"
    # What was delivered but not yet written was cut short, with a line saying how much.
    assert "of output not shown (Ctrl-C)" in p.child.before or delivered < 40000
    p.line("inspect all")
    p.expect("cancelled")
    p.prompt()
    p.line("big.count")
    p.expect("40000")
    p.prompt()
    assert p.quit() == 0

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

"""A program driving the playground through a pipe gets each answer before it sends the next
line: a statement whose next line has not arrived runs at once, and a `.` line that arrives
later continues it, as at the prompt. A pasted block (all lines at once) still reads as one."""

import os
import select
import subprocess
import time

from conftest import TIMEOUT, clean_env


def read_until(process, text, timeout=TIMEOUT):
    """Reads the process's output until `text` appears; fails if it does not within `timeout`."""
    seen = ""
    fd = process.stdout.fileno()
    while text not in seen:
        ready, _, _ = select.select([fd], [], [], timeout)
        assert ready, f"no answer containing {text!r} within {timeout} s; output so far: {seen!r}"
        chunk = os.read(fd, 4096).decode("utf-8")
        assert chunk, f"the playground ended before answering {text!r}; output: {seen!r}"
        seen += chunk
    return seen


def test_each_line_is_answered_before_the_next_is_sent(conduit_bin, tmp_path):
    process = subprocess.Popen([conduit_bin, "--no-color"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=clean_env(tmp_path))
    try:
        def send(line):
            process.stdin.write((line + "\n").encode("utf-8"))
            process.stdin.flush()

        send("subject s")
        send("sink o = s")
        send("send s 1")
        read_until(process, "o ← 1")
        # A `.` line arriving after its statement ran continues it, as at the prompt.
        send("sink p = s")
        time.sleep(0.5)
        send(".map { $0 * 10 }")
        send("send s 2")
        read_until(process, "p ← 20")
        send("quit")
        assert process.wait(timeout=TIMEOUT) == 0
    finally:
        if process.poll() is None:
            process.kill()


def test_lines_that_arrive_together_read_as_one_chain(conduit_bin, tmp_path):
    lines = ["subject s", "sink o = s", ".map { $0 * 10 }", ".filter { $0 > 10 }", "send s 1", "send s 2", ""]
    result = subprocess.run([conduit_bin, "--no-color"], input="\n".join(lines), capture_output=True, text=True,
                            env=clean_env(tmp_path), timeout=TIMEOUT * 3)
    assert result.returncode == 0, result.stderr
    assert [line for line in result.stdout.splitlines() if line.startswith("o ")] == ["o ← 20"]
    assert "error" not in result.stdout + result.stderr


def test_main_queue_work_runs_when_the_input_pauses_and_at_the_end(conduit_bin, tmp_path):
    """A script from a pipe is a program's top-level code: work queued on the main queue runs after
    the lines that arrived with it, when the driver waits for an answer, and at the end."""
    process = subprocess.Popen([conduit_bin, "--no-color"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=clean_env(tmp_path))
    try:
        process.stdin.write(b'DispatchQueue.main.async { print("later") }\nprint("now")\n')
        process.stdin.flush()
        seen = read_until(process, "later")
        assert seen.index("now") < seen.index("later"), seen
        process.stdin.write(b'DispatchQueue.main.async { print("at the end") }\n')
        process.stdin.close()
        assert "at the end" in process.stdout.read().decode("utf-8")
        assert process.wait(timeout=TIMEOUT) == 0
    finally:
        if process.poll() is None:
            process.kill()

"""Shared fixtures for the terminal tests: they drive the real `conduit` binary, under a
pseudo-terminal (pexpect) for the interactive tests and as a plain process for the others.

The binary is $CONDUIT_BIN, or the debug build's (`swift build --show-bin-path`)."""

import os
import pathlib
import subprocess

import pexpect
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TIMEOUT = 10  # seconds for any one expectation: nothing here should take more than a moment


def _binary():
    configured = os.environ.get("CONDUIT_BIN")
    if configured:
        return configured
    result = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    return os.path.join(result.stdout.strip(), "conduit")


@pytest.fixture(scope="session")
def conduit_bin():
    path = _binary()
    if not os.access(path, os.X_OK):
        pytest.fail(f"no conduit binary at {path}: build it first (swift build --product conduit)")
    return path


def clean_env(tmp_path, **changes):
    """An environment without the caller's colour or history settings."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "CONDUIT_HISTORY")}
    env.update(HOME=str(tmp_path), TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               CONDUIT_HISTORY=str(tmp_path / "history"))
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


class Playground:
    """The interactive playground under a pseudo-terminal."""

    PROMPT = "» "

    def __init__(self, binary, tmp_path, args=("--no-color",), env=None, columns=100, codec_errors="strict"):
        # codec_errors="replace" for a test that presses Ctrl-C during output: the terminal echoes ^C
        # wherever the output is, in the middle of a character too.
        self.child = pexpect.spawn(binary, list(args), env=env or clean_env(tmp_path),
                                   encoding="utf-8", codec_errors=codec_errors, timeout=TIMEOUT,
                                   dimensions=(30, columns))

    def prompt(self):
        self.child.expect_exact(self.PROMPT)

    def line(self, text):
        """Types a line and presses Enter."""
        self.child.send(text + "\r")

    def expect(self, text):
        self.child.expect_exact(text)

    def quit(self):
        """Ctrl-D on an empty line; returns the exit status."""
        self.child.send("\x15")  # Ctrl-U empties the line first
        self.child.send("\x04")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)


@pytest.fixture
def playground(conduit_bin, tmp_path):
    """Starts playgrounds (the same HOME and history for every one started in a test)."""
    started = []

    def start(args=("--no-color",), env=None, columns=100, codec_errors="strict"):
        p = Playground(conduit_bin, tmp_path, args=args, env=env, columns=columns, codec_errors=codec_errors)
        started.append(p)
        p.prompt()
        return p

    yield start
    for p in started:
        p.close()


def run(binary, *args, input=None, env=None, tmp_path=None, cwd=None):
    """Runs conduit without a terminal; returns the CompletedProcess (text)."""
    return subprocess.run([binary, *args], input=input, capture_output=True, text=True,
                          env=env or clean_env(tmp_path or pathlib.Path("/tmp")),
                          timeout=TIMEOUT * 3, cwd=cwd)

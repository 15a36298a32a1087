"""The engine's documentation site (scripts/docs builds it into .build-docs/site), opened in a real
browser (headless Chromium, as the live page's test does): the page for `map` shows the
operator's own documentation, its example and the example's output. The site is static files;
DocC's pages load their content with fetch(), which a browser refuses for file:// pages, so the
test serves the folder on a loopback port with Python's own file server."""

import contextlib
import functools
import http.server
import shutil
import subprocess
import threading

import pytest

from conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SITE = ROOT / ".build-docs" / "site"


@contextlib.contextmanager
def serving(folder):
    """A file server for `folder` on a free loopback port, stopped on leaving."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def rendered(url, *expected):
    """The page's DOM once DocC's script has drawn it (loaded again, up to five times, until it
    shows every `expected` text: a loaded machine can run out of Chromium's virtual time)."""
    for _ in range(5):
        result = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--virtual-time-budget=8000", "--dump-dom", url],
            capture_output=True, text=True, timeout=90)
        if all(text in result.stdout for text in expected):
            break
    return result.stdout


def map_page():
    """The folder of `Publisher.map(_:)`'s page: DocC adds a suffix to each overload's name (the
    closure form and the key-path form), so the one whose data says "Transforms all elements"."""
    data = SITE / "data" / "documentation" / "conduit" / "publisher"
    for page in sorted(data.glob("map(_:)*.json")):
        if "Transforms all elements" in page.read_text(encoding="utf-8"):
            return SITE / "documentation" / "conduit" / "publisher" / page.stem
    return None


@pytest.mark.skipif(not (SITE / "documentation" / "conduit").is_dir(),
                    reason="the documentation is not generated: scripts/docs builds it")
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup installs it)")
def test_the_page_for_map_shows_the_operators_documentation():
    page = map_page()
    assert page is not None, f"no page for map(_:) under {SITE}/documentation/conduit/publisher"
    path = page.relative_to(SITE).as_posix()
    with serving(SITE) as base:
        dom = rendered(f"{base}/{path}/", "Transforms all elements", "Prints")
    assert "Transforms all elements from the upstream publisher" in dom, dom[-3000:]
    # The example and its output, from the doc comment, drawn as code.
    assert ".map" in dom and "Prints" in dom, dom[-3000:]
    assert "Parameters" in dom and "Return Value" in dom, "the parameter and return sections"


PLAYGROUND_SITE = ROOT / ".build-docs" / "playground-site"


@pytest.mark.skipif(not (PLAYGROUND_SITE / "documentation" / "conduitplayground").is_dir(),
                    reason="the documentation is not generated: scripts/docs builds it")
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup installs it)")
def test_the_playground_library_has_its_own_site_with_the_session_page():
    with serving(PLAYGROUND_SITE) as base:
        front = rendered(f"{base}/documentation/conduitplayground/", "Sessions", "Marble diagrams")
        session = rendered(f"{base}/documentation/conduitplayground/session/", "A playground session")
    # The catalog's front page, with its topic groups, and a type's page drawn from its doc comment.
    assert "Sessions" in front and "Marble diagrams" in front, front[-3000:]
    assert "A playground session" in session, session[-3000:]
    assert "evaluate" in session, "the page lists Session's members"

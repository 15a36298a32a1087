"""PostgreSQL channels in the playground: two `conduit` processes share a channel through a private
server (scripts/pg-test-server starts it in a temporary folder and stops it after). Skipped only when
this `conduit` is built without the `Postgres` trait, or PostgreSQL's server is not installed, outside
CI; in CI (scripts/test builds with every trait, scripts/setup installs the server) they must run."""

import os
import re
import shutil
import subprocess
import tempfile

import pytest

from conftest import ROOT, clean_env, run

SERVER = ROOT / "scripts" / "pg-test-server"


def _unavailable(reason):
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture
def server(tmp_path, conduit_bin):
    probe = run(conduit_bin, "-e", 'let r = Postgres("postgres://127.0.0.1:1/x")', tmp_path=tmp_path)
    if "built without PostgreSQL channels" in probe.stdout + probe.stderr:
        _unavailable("this conduit is built without the Postgres trait (scripts/test builds it with every trait)")
    if subprocess.run([SERVER, "available"]).returncode != 0:
        _unavailable("PostgreSQL's server is not installed (scripts/setup installs it)")
    # Not under pytest's tmp_path: as root the server runs as nobody, who cannot enter root's 0700 folders.
    folder = tempfile.mkdtemp(prefix="conduit-pg-")
    started = subprocess.run([SERVER, "start", folder], capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr
    yield started.stdout.strip()
    subprocess.run([SERVER, "stop", folder], capture_output=True, timeout=120)
    shutil.rmtree(folder, ignore_errors=True)


def test_two_playgrounds_exchange_values_in_order(playground, server):
    listener = playground()
    listener.line(f'let room = Postgres("{server}")')
    listener.expect("room: connected to postgres://conduit@127.0.0.1")
    listener.prompt()
    listener.line('let prices = room.channel("prices", of: Int.self)')
    listener.expect('prices: PostgreSQL channel "prices" of Int, listening')
    listener.prompt()
    listener.line("let doubled = prices.map { $0 * 2 }")
    listener.prompt()
    listener.line("sink seen = doubled")
    listener.prompt()

    sender = playground()
    sender.line(f'let room = Postgres("{server}")')
    sender.prompt()
    sender.line('let prices = room.channel("prices", of: Int.self)')
    sender.prompt()
    sender.line("for n in 1...5 { prices.send(n) }")
    sender.prompt()

    for n in range(1, 6):
        listener.expect(f"seen ← {n * 2}")
    listener.line("subs")
    listener.expect("PostgreSQL channel")
    listener.expect("live sink")
    shown = "PostgreSQL channel" + re.sub(r"\s+", " ", listener.child.before)  # subs wraps at the width
    listener.prompt()
    assert re.search(r'PostgreSQL channel "prices" of Int on postgres://conduit@127\.0\.0\.1:\d+/postgres '
                     r'\(connected\): listening, 5 received, 0 dropped, 0 waiting', shown), shown
    assert sender.quit() == 0
    assert listener.quit() == 0


def test_wrong_type_oversized_payload_and_refused_connection_are_one_line_errors(playground, server):
    p = playground()
    p.line(f'let room = Postgres("{server}")')
    p.prompt()
    p.line('let names = room.channel("names", of: String.self)')
    p.prompt()
    p.line("names.send(3)")
    p.expect("cannot convert value of type 'Int' to expected argument type 'String'")
    p.prompt()
    p.line('var big = ""')
    p.prompt()
    p.line('for _ in 1...900 { big += "xxxxxxxxxx" }')
    p.prompt()
    p.line("names.send(big)")
    p.expect("PostgreSQL's NOTIFY takes at most 7999")
    p.prompt()
    port = int(server.rsplit(":", 1)[1].split("/")[0])
    p.line(f'let other = Postgres("postgres://conduit:s3cret@127.0.0.1:{port + 1}/postgres")')
    p.expect("cannot connect to postgres://conduit@127.0.0.1")
    p.expect("refused")
    p.prompt()
    p.line('let bad = Postgres("localhost/shop")')
    p.expect("not a PostgreSQL address")
    p.prompt()
    p.line('names.send("still here")')   # the session goes on, its names intact
    p.prompt()
    assert p.quit() == 0


def test_a_password_never_enters_the_history(playground, server, tmp_path):
    p = playground()
    url = server.replace("conduit@", "conduit:hunter2@")
    p.line(f'let room = Postgres("{url}")')
    p.expect("room: connected to postgres://conduit@127.0.0.1")
    p.prompt()
    p.line("room")
    p.prompt()
    assert p.quit() == 0
    history = (tmp_path / "history").read_text()
    assert "hunter2" not in history
    assert re.search(r'Postgres\("postgres://conduit@127\.0\.0\.1:\d+/postgres"\)', history), history


def test_without_the_trait_postgres_says_how_to_start_with_it(conduit_bin, tmp_path):
    result = run(conduit_bin, "-e", 'let room = Postgres("postgres://localhost/workshop")', tmp_path=tmp_path)
    output = result.stdout + result.stderr
    if "built without PostgreSQL channels" not in output:
        pytest.skip("this conduit is built with the Postgres trait")
    assert "scripts/conduit --postgres" in output
    assert output.count("\n") <= 2


def test_the_lesson_runs_against_a_server(conduit_bin, server, tmp_path):
    port = server.rsplit(":", 1)[1].split("/")[0]
    env = clean_env(tmp_path, PGHOST="127.0.0.1", PGPORT=port, PGUSER="conduit", PGDATABASE="postgres")
    lesson = ROOT / "scripts" / "examples" / "postgres" / "lesson-10-shared-channels.conduit"
    result = run(conduit_bin, "run", str(lesson), env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    offers = re.findall(r'offers ← "buy at (\d)"', result.stdout)
    assert offers == ["3", "4"], result.stdout
    assert "buy at 7" not in result.stdout
    shown = re.sub(r"\s+", " ", result.stdout)  # subs wraps at 80 columns
    assert re.search(r'seat PostgreSQL channel "prices" of Int on postgres://conduit@127\.0\.0\.1:\d+/postgres '
                     r'\(connected\): listening, 3 received, 0 dropped', shown), result.stdout

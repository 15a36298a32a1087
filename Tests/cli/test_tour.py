"""The guided tour in the interactive playground: a step passes by what the line did, and the
progress is remembered in ~/.conduit_tour (or $CONDUIT_TOUR) for the next run."""

from conftest import clean_env


def test_tour_resumes_where_it_was_left_in_the_next_run(playground, tmp_path):
    p = playground(env=clean_env(tmp_path))
    p.line("tour")
    p.expect("step 1/3: make a subject")
    p.prompt()
    p.line("subject clicks")
    p.expect("✓ a PassthroughSubject")
    p.prompt()
    assert p.quit() == 0
    assert (tmp_path / ".conduit_tour").read_text() == "lesson 1\nstep 2\ndone \n"
    again = playground(env=clean_env(tmp_path))
    assert "Your tour is at lesson 1, step 2 (0 of 8 lessons done): `tour` resumes it." in again.child.before
    again.line("tour")
    again.expect("step 2/3: subscribe a sink to it")
    again.prompt()
    assert again.quit() == 0


def test_an_empty_conduit_tour_keeps_no_file(playground, tmp_path):
    p = playground(env=clean_env(tmp_path, CONDUIT_TOUR=""))
    p.line("tour 2")
    p.expect("tour lesson 2/8: operators")
    p.prompt()
    assert p.quit() == 0
    assert not (tmp_path / ".conduit_tour").exists()

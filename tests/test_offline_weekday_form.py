""""What day of the week …?" asks for a day: a section naming no weekday cannot answer it, however many of the
question's words ("day", "week") it repeats (agent.offline.answerforms). Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.offline.answerforms import answer_forms
from mpa.engine import build_engine
from tests.offline_turns import answer_to
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
TXT3_ASK = "what day of the week do we go live?"
MD_ASK = "what day of the week should we go live?"
MD_KB = """# Launch timing and weekly rhythm

## Weekly budget rhythm

Spread each week's budget so that no single day takes more than a fifth of the week. A day
that overspends early in the week leaves too little for the days when buyers compare offers.
Review the week's spend every day and move unspent money to the following day of the week.

## Launch day

Start every new campaign on a Tuesday, so the first full day of data is a normal working day and
the team is at hand to fix tracking. Avoid starting in the run-up to a public holiday.

## Creative checks

Every ad is checked against the brief by a second person before it is approved.
"""


def test_the_wording_is_its_own():
    assert_unseen([TXT3_ASK, MD_ASK])


def test_the_form_asked_and_the_sentences_having_it():
    (form,) = answer_forms("which days of the week should get less money?")
    assert form.search("lower on weekends") and form.search("Launch on a Tuesday") and not form.search("every day")
    assert form not in answer_forms("what share of the weekly budget goes to search?")


def test_a_plain_text_kb_names_the_day(kb_txt3_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    answer = answer_to(kb_txt3_engine, TXT3_ASK)
    assert "[launch_roadmap_stages#7]" in answer and "Tuesday" in answer, answer


def test_a_markdown_kb_names_the_day(tmp_path, monkeypatch, meaning):
    (tmp_path / "launch-timing.md").write_text(MD_KB)
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    answer = answer_to(build_engine(tmp_path, index_path=tmp_path / "index.json"), MD_ASK)
    assert "Tuesday" in answer, answer

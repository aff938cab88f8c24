"""A question that only points back into its message's story ("… deliverability. why does it matter so much?"):
retried whole when every search comes back empty, and answered from the section the story names by its whole
heading (agent/offline/pointsback.py) — on kb/ and on the plain-text kb_txt. Wording of this file's own."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import pointsback
from agent.offline.searchq import retry
from agent.offline.toolread import ToolOutcome
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
EMAIL = "the email guy keeps going on about deliverability. why does it matter so much"
SHELF = "my agency keeps recommending sponsored products on retailer websites. what are they exactly"
SNACKS = "the rep from the network mentioned sponsored products for our snacks. what are those"
GEO = "my manager brought up geo tests at the review. how do they work"
OWN = ["what are they exactly", "how do they work?", "why does it matter so much", "is it worth it",
       "what do they mean", "what's that"]
NOT = ["how much do they cost per click on retail sites?", "what should our email budget be?",
       "why does my cpm rise in december", "what are sponsored products"]


def test_wording_is_own():
    assert_unseen([EMAIL, SHELF, SNACKS, GEO])


@pytest.mark.parametrize("asked", OWN)
def test_a_pronoun_and_at_most_one_own_word_points_back(asked):
    assert pointsback.points_back([asked])


@pytest.mark.parametrize("asked", NOT)
def test_a_question_naming_its_own_subject_does_not(asked):
    assert not pointsback.points_back([asked])


def _empty(query: str, never: str) -> ToolOutcome:
    return ToolOutcome(name="search_knowledge_base", input={"query": query}, is_error=False,
                       content=f"No knowledge-base passage answers this query. Words of the query the knowledge base "
                               f"never uses: {never}. Say so; do not guess or cite.")


def test_the_retry_keeps_the_story_a_pointing_question_stands_on():
    got = retry(EMAIL, [_empty(EMAIL, "guy")])
    assert got and "deliverability" in got and "guy" not in got
    story = "our launch moved up two weeks. when can we start the retargeting?"   # a question of its own: alone
    assert retry(story, [_empty(story, "moved")]) == "when can we start the retargeting?"


def test_a_story_with_the_users_figures_names_no_heading():
    ranked = [(0, "Rule of thumb: the window-inflation test"), (1, "Conversion windows")]
    assert pointsback.first("one store goes from 300 sales on a 28-day window to 150 on a 7-day window. should that "
                            "worry me?", ranked, {}, lambda u: False) == ranked


def test_on_kb_the_section_the_story_names_answers(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    [(email, calls)] = turns(shipped_engine, [EMAIL])
    assert "[channel-email#3]" in email and "SPF, DKIM and DMARC" in email
    assert len(calls) == 2 and "deliverability" in calls[1]["query"].lower()  # not "why does it matter so much" alone
    shelf = answer_on(shipped_engine, [SNACKS], monkeypatch)
    assert "[channel-retail-media#3]" in shelf and "Product listings promoted" in shelf
    assert "Product listings promoted" in answer_on(shipped_engine, [SHELF], monkeypatch)


def test_on_a_plain_text_kb_the_section_the_story_names_answers(kb_txt_engine, monkeypatch, meaning):
    got = answer_on(kb_txt_engine, [GEO], monkeypatch, str(ROOT / "tests" / "fixtures" / "kb_txt"))
    assert "[geography_market_guidance#3]" in got and "pairs of markets" in got

"""A question asking when in the year to spend, or when the business's demand comes, answered from the business's own
statement of its times of year (agent.offline.whenask, agent.offline.whenbiz) — on the shipped KB (a vertical's
"seasonality" section) and on plain-text KBs (a sentence naming the business in a section over several, a profile
block's "Peak Season:" field). Every wording here is this file's own (:func:`test_own_wording_is_unseen`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.offline import focus, whenask
from agent.offline.answerforms import answer_forms
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]

ASKS = [
    "which months should we be spending the most in?",
    "our busy season is december, when should the booking ads start running",
    "what time of year should we go heaviest on spend",
    "when in the year do software buyers usually sign contracts",
    "what part of the year should we push our ads hardest",
    "when during the year should we spend more",
    "christmas is huge for us, when do we ramp up",
]
NOT_ASKED = [
    "when should we stop the test if it looks like it is winning",
    "what time should we post on instagram",
    "when should we start the test",
    "when is it worth adding a second channel?",
    "what day of the week should we go live?",
    "our launch is in march. when should we start the test?",  # a start asked of no spend: not a time of year
]
KB_CASES = [  # (kb, engine fixture, the introduction, the question, words the answer must hold, its citation)
    ("kb", "shipped_engine", "we sell sunscreen through drugstores. whats a typical cpm for cpg",
     "which months should we be spending the most in?", ["summer"], "[benchmarks-cpg#"),
    ("kb", "shipped_engine", "we run sunset sailing trips for tourists. typical roas for travel?",
     "our busy season is december, when should the booking ads start running", ["booking date", "weeks before"],
     "[benchmarks-travel#"),
    ("kb", "shipped_engine", "we're an online shoe store. typical ecommerce conversion rate?",
     "what time of year should we go heaviest on spend", ["Cyber Monday"], "[benchmarks-ecommerce#"),
    ("tests/fixtures/kb_txt3", "kb_txt3_engine", "we run a wedding venue outside austin. what does a click usually cost us?",
     "what time of year should most of our budget go out", ["late November", "February"], "[spend_and_pacing_rules#"),
    ("tests/fixtures/kb_txt3", "kb_txt3_engine", "we're a charter school in ohio. whats a typical cost per lead for us?",
     "which months should our paid media run", ["January to April"], None),
    ("tests/fixtures/kb_txt6", "kb_txt6_engine",
     "we own three tax preparation franchise offices. what's a booked return usually cost?",
     "when in the year do most of the bookings come in", ["February"], "[franchise_networks_and_local_marketing#"),
]


def test_own_wording_is_unseen():
    assert_unseen(ASKS, NOT_ASKED, [c[2] for c in KB_CASES], [c[3] for c in KB_CASES])


@pytest.mark.parametrize("question,asked", [(q, True) for q in ASKS] + [(q, False) for q in NOT_ASKED])
def test_a_time_of_year_asked_or_not(question, asked):
    assert whenask.asks(question) is asked


def test_the_answer_form_is_a_point_of_the_calendar():
    form = answer_forms("what time of year should we go heaviest on spend")[-1]
    assert form is whenask.CALENDAR
    assert form.search("Demand peaks before the winter holidays.")
    assert form.search("Bookings come roughly 6 to 10 weeks before departure.")
    assert not form.search("Cap frequency at three a week and rotate creative.")


def test_what_time_of_year_asks_a_time_not_its_words():
    passage = [{"id": "x#1", "source": "x.md › Lending peaks", "text": "Loan demand follows the spring housing market."}]
    assert focus.stated("what time of year do loan applications climb", passage)


def test_a_profile_block_field_naming_a_season_is_read():
    text = "SURF SCHOOLS - LESSON PROFILE\nCost Per Lesson Booked: $20-30\nBusiest Stretch: June to August\n"
    blocks = whenask._blocks(text)
    assert [u.text for _, us in blocks for u in us] == ["Surf Schools - Lesson Profile — Busiest Stretch: June to August."]


@pytest.mark.parametrize("kb,engine,intro,question,said,cite", KB_CASES)
def test_the_business_s_own_times_of_year_answer(request, monkeypatch, kb, engine, intro, question, said, cite):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / kb))
    answer, calls = turns(request.getfixturevalue(engine), [intro, question])[-1]
    assert all(s in answer for s in said), answer
    assert cite is None or cite in answer, answer


def test_a_sentence_is_about_the_business_it_opens_with():
    named = {"retail"}
    assert whenask._about(named, "Retail auctions tighten from early November.")
    assert not whenask._about(named, "Software costs are less driven by the holiday quarter than costs in retail are.")

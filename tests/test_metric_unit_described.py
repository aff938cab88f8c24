"""A metric asked by the thing it counts, in this file's own wording (``tests/unseen_wording.py``), on ``kb/`` and
on the plain-text ``tests/fixtures/kb_txt2``:

* what a KB says the unit of its own "cost per <unit>" metric is (:mod:`mpa.unitmeant`: "A booked call is a lead
  that ended with an appointment, an inspection or a consultation …"; a glossary line for "Approved application");
* the stop list's nouns that name a counted thing ("call", "fill", :data:`mpa.counted.STOP_NOUNS`);
* the last word of a unit names a metric only when the vertical's note names a thing near the whole unit, and the
  words before it said by one metric's own vertical text beat a general definition's list (:mod:`mpa.counted`);
* the price forms that put a price on one of a described action ("per … sign-up", "signs up for …", "each applicant
  our underwriters approve", "pay on linkedin ads for …", "what does it take to sell one car") and a KB's own
  step-to-step rate asked as a share (:mod:`agent.offline.ownrate`);

and an event no metric of the business counts is still declined."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import parse
from mpa.fact_lookups import find_benchmarks
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

KB_TXT2 = [  # (vertical, priced unit, the metric the KB's text says counts it; None: none does)
    ("Roofing Contractors", "cost per booked roof inspection", "cost per booked call"),  # "A booked call is … an inspection"
    ("Credit Cards", "cost per approved applicant", "cost per approved application"),  # its glossary line
    ("SaaS (Mid-Market Tier)", "cost per demo", "cost per demo request"),  # the one own name saying the word
    ("Roofing Contractors", "cost per signed roofing contract", None),
    ("Veterinary Clinics", "cost per five-star review", None),
    ("Dog Grooming", "cost per booked grooming slot", None),  # the business has a click price only
]
KB = [
    ("saas", "cost per webinar sign-up", "CPL"),  # its CPL cell says webinars; only the general CPA definition says sign-up
    ("automotive", "cost per car sold", "CAC"),  # "vehicles sold to buyers": near by meaning
    ("healthcare", "cost per dental booking", "CPA"),  # "booked appointments"
    ("automotive", "cost per windscreen repair booking", None),  # its CPA counts "a booked test drive": far by meaning
]
PRICED = {  # message → the "cost per <unit>" phrase the parser hands the benchmark tool
    "for a plumber, what does each inbound call cost us?": "cost per inbound call",
    "dentist here: what does every web form fill run us?": "cost per web form fill",
    "for a college, how much per seminar sign-up?": "cost per seminar sign-up",
    "credit union: what's the cost of each person who signs up for our savings newsletter?":
        "cost per savings newsletter sign-up",
    "for a lender, what do we pay on linkedin ads for each applicant our underwriters approve?": "cost per applicant",
    # the spend it takes to make one thing happen: the thing with what is done to it
    "roughly how much media does it take a dealership to sell a single truck?": "cost per truck sold",
    "what would it take in ads to get one viewing booked for an estate agent?": "cost per viewing booked",
}


def test_wording_is_own():
    assert_unseen([u for _, u, _ in KB_TXT2 + KB], list(PRICED), [m for m, _, _ in ASKED_TXT2])


def _found(engine, vertical, metric):
    got = find_benchmarks(engine, vertical, metric).result
    return got[0].metric if got else None


@pytest.mark.parametrize("vertical,unit,metric", KB_TXT2)
def test_a_plain_text_kb_resolves_a_unit_by_what_it_says_the_unit_is(kb_txt2_engine, vertical, unit, metric):
    assert _found(kb_txt2_engine, vertical, unit) == metric


@pytest.mark.parametrize("vertical,unit,metric", KB)
def test_the_shipped_kb_resolves_a_unit_by_its_vertical_notes_with_a_margin(shipped_engine, meaning, vertical, unit,
                                                                              metric):
    assert _found(shipped_engine, vertical, unit) == metric


@pytest.mark.parametrize("text,phrase", list(PRICED.items()))
def test_a_described_action_is_priced(text, phrase):
    assert phrase in parse(text).metric_phrases


ASKED_TXT2 = [  # message → a figure the answer states, and one it must not state
    ("pest control firm here. what does each tracked call from google cost us?", "$48-57", "$88-104"),
    ("for credit cards on tiktok, what's the going rate per six-second view?", "$0.041-0.049", "$11.40"),
    ("for undergraduate admissions, what percentage of inquiries go on to enroll?", "3.0-3.6%", "CVR"),
]


@pytest.mark.parametrize("text,said,unsaid", ASKED_TXT2)
def test_the_agent_quotes_the_row_the_described_metric_is(kb_txt2_engine, text, said, unsaid):
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(text)
    assert said in turn.assistant and unsaid not in turn.assistant


def test_an_event_the_vertical_does_not_count_is_declined_on_the_shipped_kb(shipped_engine, meaning):
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(
        "car dealership: what do we pay per windscreen repair booking?")
    assert "$50" not in turn.assistant and "not" in turn.assistant.lower()

"""Benchmark questions said in everyday words, in this file's own wording (``tests/unseen_wording.py``), on kb/ and on
the plain-text tests/fixtures/kb_txt and kb_txt2:

* the conversation's business named again only loosely ("sauces and condiments, that sort of thing", "pest stuff"):
  the vertical already settled (:mod:`agent.offline.loosebiz`); a business introduced as one is not;
* a price moved to a person who does something ("and each student who ends up enrolling?", "and a homeowner who
  actually books an inspection?"): the "cost per <unit>" the KB's own text says that person is
  (:mod:`agent.offline.personprice`);
* a rate asked as how often people do its act ("how often do people click dentist ads") (:mod:`agent.offline.metricask`);
* a kind said later "like us" for a business no vertical fit (:func:`agent.offline.routeretry.glossed`), and an own cost
  per some unit judged ("… 70 orders out of that. is that roughly normal?") set beside the KB's norm for that unit;
* a price asked by a message opening "per <unit>", a unit followed by "off …", a question followed by an aside
  sentence, a price asked beside a ratio, and a norm asked of a worth-to-cost ratio with no figure given (the parser).
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, asidetail, loosebiz, personprice
from agent.offline.memory import remember
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

LOOSE = [
    ("we bottle small-batch barbecue sauce and sell it in supermarkets. what's a typical CPM for a product like ours?",
     "and the usual return on ad spend for sauces and condiments, that sort of thing?"),
]
PERSON = {  # follow-up → the "cost per <unit>" phrase it asks
    "and each student who ends up enrolling?": "cost per student who ends up enrolling",
    "and every learner who really enrolls?": "cost per learner who enrolls",
    "and somebody who actually books a test drive?": "cost per person who books a test drive",
    "and someone just opening the free trial?": "cost per person opening the free trial",
    "ok and a real buyer, somebody who signs the papers?": "cost per buyer who signs the papers",
}
NOT_PERSON = ["and people in ohio?", "and someone who is worth more?", "and for a florist?"]
OTHER_KB_TURNS = [
    "my brother-in-law does pest control out of omaha. what does one lead cost him?",
    "ok and the click price for pest stuff, roughly?",
    "we're a roofing contractor near tulsa. whats a typical cost per lead?",
    "and a homeowner who actually books an inspection?",
    "we're a dental practice in boise. whats the usual cost per click on google?",
    "how often do people actually click dentist ads on google?",
]
PARSED = {  # message → metrics it names
    "per lead on facebook for gyms like ours?": ["CPL"],
    "what does it cost to get one lead off facebook for a gym?": ["CPL"],
    "what does a signed-up customer usually cost software companies, and what's a healthy lifetime value to "
    "acquisition cost ratio?": ["LTV:CAC", "CAC"],
    "whats a good ratio of customer value to acquisition cost": ["LTV:CAC"],  # its parts in the ratio's own clause
    "is there a typical ratio of what a customer is worth versus what it costs to win them, for banks?": ["LTV:CAC"],
}


def test_wording_is_own():
    assert_unseen([t for pair in LOOSE for t in pair], list(PERSON), NOT_PERSON, OTHER_KB_TURNS, list(PARSED),
                  ["we're a car dealership. what's a typical CPC?", "what about a car wash, what's their CPC?",
                   "same thing for a clinic? my sister manages one", "per week?"])


def _talk(engine, *texts):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [conv.send(t) for t in texts]


def _benchmarks(turn) -> list[dict]:
    return [c["input"] for c in turn.tool_calls if c["name"] == "get_benchmark"]


@pytest.mark.parametrize("first,loose", LOOSE)
def test_kb_a_business_said_loosely_is_the_conversations(shipped_engine, first, loose):
    _, turn = _talk(shipped_engine, first, loose)
    assert [b["vertical"] for b in _benchmarks(turn)] == ["cpg"] and "benchmarks-cpg" in " ".join(turn.citations)
    assert "ROAS" in turn.assistant


def test_a_business_introduced_as_one_is_not_the_conversations():
    mem = remember([("we're a car dealership. what's a typical CPC?", [])])
    text = "what about a car wash, what's their CPC?"
    assert loosebiz.read(parse(text), text, mem).vertical is None


def test_kb_txt2_a_business_said_loosely_keeps_its_label(kb_txt2_engine):
    _, turn = _talk(kb_txt2_engine, *OTHER_KB_TURNS[:2])
    assert [b["vertical"] for b in _benchmarks(turn)] == ["Pest Control"] and "$4.80-5.60" in turn.assistant


@pytest.mark.parametrize("text,phrase", PERSON.items())
def test_a_person_and_an_act_after_a_price_is_priced(text, phrase):
    assert personprice.phrase(text) == phrase


@pytest.mark.parametrize("text", NOT_PERSON)
def test_a_place_a_question_or_a_business_is_no_person_priced(text):
    assert personprice.phrase(text) is None


def test_kb_a_student_who_enrolls_is_the_education_cac(shipped_engine):
    _, turn = _talk(shipped_engine, "I run marketing for a tutoring company. whats a typical cost per lead?",
                    "and every learner who really enrolls?")
    assert [c["name"] for c in turn.tool_calls] == ["get_benchmark"] and "CAC" in turn.assistant
    assert "benchmarks-education" in " ".join(turn.citations)


def test_kb_txt2_a_homeowner_who_books_is_its_own_booked_call(kb_txt2_engine):
    _, turn = _talk(kb_txt2_engine, *OTHER_KB_TURNS[2:4])
    assert "cost per booked call" in turn.assistant and "$210-260" in turn.assistant


def test_kb_how_often_people_click_is_the_click_rate(shipped_engine):
    _, turn = _talk(shipped_engine, "we're a hotel in maine. what's the usual CPC?", "how often do folks click hotel ads?")
    assert [b["metric"] for b in _benchmarks(turn)] == ["CTR"] and "benchmarks-travel" in " ".join(turn.citations)


def test_kb_txt_how_often_people_click_is_the_click_rate(kb_txt_engine):
    _, turn = _talk(kb_txt_engine, *OTHER_KB_TURNS[4:6])
    assert "6.10-6.60%" in turn.assistant


@pytest.mark.parametrize("text,metrics", PARSED.items())
def test_the_metrics_said_are_read(text, metrics):
    p = parse(text)
    assert p.metrics == metrics and p.calc is None


def test_a_period_after_per_is_no_unit():
    assert parse("per week?").metric_phrases == []


def test_an_aside_sentence_after_the_question_keeps_it_a_follow_up():
    assert asidetail.counted("same thing for a clinic? my sister manages one") == "same thing for a clinic?"
    assert parse("same thing for a clinic? my sister manages one").followup


TWO_TURNS = [  # (kb fixture, the first turn, the second, what its answer must say, what it must not)
    # a kind said later "like us" stands for a business no vertical fit, and the earlier phrase's miss is not said again
    ("shipped_engine", "we're a small pawnshop in el paso. what does a new customer cost us in ads?",
     "whats a normal cpc for lenders like us", "benchmarks-financial-services", "no benchmark"),
    ("kb_txt2_engine", "we fix up storm-damaged shingles around wichita. whats a typical cost per click for us?",
     "what do roofing contractors like us pay per lead", "$96-121", "no benchmark"),
    # an own cost per some unit, judged, is set beside the norm the KB's own text says that unit is
    ("shipped_engine", "I run a little online store selling parts for old lawnmowers. whats a normal conversion rate?",
     "we spent $2,100 on ads in june and got 70 orders out of that. is that roughly normal?", "ecommerce CPA", "does not"),
    ("kb_txt2_engine", "we're a roofing contractor near tulsa. whats a typical cost per click?",
     "we spent 4,000 on google last month and got 16 appointments out of it. is that normal?", "$210-260", "does not"),
]


def test_two_turn_wording_is_own():
    assert_unseen([t for g in TWO_TURNS for t in g[1:3]])


@pytest.mark.parametrize("fixture,first,then,said,unsaid", TWO_TURNS)
def test_the_second_turn_finds_the_kbs_figure(request, fixture, first, then, said, unsaid):
    _, turn = _talk(request.getfixturevalue(fixture), first, then)
    assert said in turn.assistant + " ".join(turn.citations) and unsaid not in turn.assistant

"""An audience described by what its people are (ages, what they do) instead of by the KB's row name
(mpa.audience_described), on the shipped KB, the plain-text fixture KB and the third fixture KB; ages
said as numbers are not figures to compute with (agent.offline.numbers). Wording of our own."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.numbers import digits, parse_numbers
from mpa.audience_described import query_band, row_band
from mpa.fact_lookups import find_audience
from mpa.tools import ToolExecutor

from tests.test_business_resolution import _meaning  # noqa: F401  the encoder on: "university" is "college"

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [("teenagers who game every week", "California", "Gen Z gamers", "5.7 million"),
           ("people aged 19 to 22 who go to college", "New York", "College students", "834,000"),
           ("people aged 20 to 23 studying at university", "Chicago DMA", "College students", "370,000"),
           ("homes that have a dog or a cat", "Texas", "Pet-owning households", "6.0 million")]
SHIPPED_NOT = [("university lecturers", "New York"), ("30 to 40 year olds who cycle to work", "Texas"),
               ("kids under 12 who play video games", "California"), ("people aged 40 to 50 who run marathons", "Florida"),
               ("dentists", None)]
TXT = [("people aged 20 to 50 who go to a gym or studio a few times a month", "Austin", "Gym-Active Adults"),
       ("folks in their fifties with a parent over 75", "Charlotte", "Adult Children Of Aging Parents"),
       ("homeowners whose roof can take panels", "Denver", "Solar-Ready Homeowners")]
TXT_NOT = [("people aged 30 who ride horses", "Austin"), ("teenagers who skateboard", "Phoenix")]
ALT = [("folks who took at least two holiday trips this year", "Phoenix", "leisure trips"),
       ("people who keep or lease a horse", "Kentucky", "Horse owners")]
ALT_NOT = [("people who own a boat", "Kentucky")]
CHAT = ["how many teenagers who game every week are there in california?", "what about the LA market",
        "how many people aged 19 to 22 who actually go to college live in new york?"]


def _seen() -> str:
    folders = ["datasets/scenarios"] + [f"tests/fixtures/{s}/scenarios" for s in (
        "paraphrase", "paraphrase_holdout", "paraphrase_holdout2", "paraphrase_holdout4", "paraphrase_holdout5",
        "paraphrase_holdout6")]
    return " ".join(json.dumps(json.load(open(p))) for f in folders for p in (ROOT / f).glob("*.json")).lower()


def test_own_wording_is_not_in_the_seen_sets():
    seen = _seen()
    own = [q for q, *_ in SHIPPED + SHIPPED_NOT + TXT + TXT_NOT + ALT + ALT_NOT] + CHAT
    assert not [t for t in own if t.lower() in seen]


def test_ages_said_in_words_and_numbers():
    assert query_band("teens and people in their twenties") == (13, 29)
    assert query_band("18 to 24 year olds") == (18, 24)
    assert query_band("people over 60") == (61, 120)
    assert query_band("kids under 12") == (0, 11)
    assert query_band("people who ride horses") is None
    assert row_band("adults aged 45-64 with at least one parent aged 75 or older") == (45, 64)
    assert row_band("Retirees (ages 55+, retired)") == (55, 120)


def test_ages_are_not_quantities():
    assert parse_numbers(digits("how many 18 to 24 year olds live in ohio")) == []
    assert parse_numbers(digits("people aged 20-23 at university")) == []
    assert [n.value for n in parse_numbers(digits("we spend 50 a day for 30 days"))] == [50.0, 30.0]


@pytest.mark.parametrize("query,geo,name,size", SHIPPED)
def test_shipped_kb_described_audience(shipped_engine, query, geo, name, size):
    r = find_audience(shipped_engine, query, geo).result
    assert r is not None and r.audience_type.startswith(name) and r.size_text == size
    assert r.source == "audience-sizing-reference.md"


@pytest.mark.parametrize("query,geo", SHIPPED_NOT)
def test_shipped_kb_audience_it_does_not_hold_is_declined(shipped_engine, query, geo):
    assert find_audience(shipped_engine, query, geo).result is None


@pytest.mark.parametrize("kb,query,geo,name", [("kb_txt_engine", *x) for x in TXT] + [("kb_alt_engine", *x) for x in ALT]
                         + [("kb_txt_engine", *x, None) for x in TXT_NOT] + [("kb_alt_engine", *x, None) for x in ALT_NOT])
def test_fixture_kbs_described_audience_or_declined(request, kb, query, geo, name):
    r = find_audience(request.getfixturevalue(kb), query, geo).result
    assert (r is None) if name is None else (r is not None and name in r.audience_type)


def test_a_described_audience_is_sized_and_followed_to_another_place(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    assert "5.7 million" in c.send(CHAT[0]).assistant
    second = c.send(CHAT[1])
    assert "2.6 million" in second.assistant and "audience-sizing-reference" in second.assistant
    third = c.send(CHAT[2])
    assert "834,000" in third.assistant


DECLINE = {"shipped_engine": "how many 30 to 40 year olds who cycle to work live in texas?",
           "kb_txt_engine": "how many teenagers who skateboard live in the Phoenix market?"}


@pytest.mark.parametrize("kb", sorted(DECLINE))
def test_an_audience_the_kb_does_not_size_is_declined_not_answered_with_another(request, kb):
    assert DECLINE[kb].lower() not in _seen()
    got = _conv_send(request.getfixturevalue(kb), DECLINE[kb])
    assert got.startswith("The knowledge base does not contain a size for") and "612,000" not in got and "694,000" not in got


def _conv_send(engine, text: str) -> str:
    return ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(text).assistant

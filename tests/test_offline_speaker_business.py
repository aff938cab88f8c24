"""The business a newcomer names by who they are or what a relative runs (agent.offline.business,
agent.offline.supposedbiz, agent.offline.priceforms): the speaker's job is not the vertical when the message names
the business the ads are for; "a regular store like hers" is a store; "fair enough." is talk; "the amount a mosque
pays per attendee" asks a price for that business (which a KB without it declines). Wording of our own."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

TEACHER = "I'm a fourth grade art teacher and i got put in charge of our schools admissions ads. what does one lead usually cost for a school"
BAKERY = "I'm a retired accountant helping my daughter's bakery with ads. what does a new customer usually cost a bakery?"
DENTIST = "I'm a dentist. what does a new patient cost?"
STORE = "ok fair enough. my friend has a tiny bike shop across town, for a normal store like his whats it cost to get one new buyer"
AUNT = "my aunt runs a hat shop. what does a new customer cost?"
MOSQUE = "Is there a usual amount a mosque pays per new attendee through ads?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([TEACHER, BAKERY, DENTIST, STORE, AUNT, MOSQUE])


def test_readings():
    assert parse(TEACHER).business_phrase == "school"
    assert parse(BAKERY).business_phrase == "bakery"
    assert parse(DENTIST).business_phrase == "dentist"  # a job that is a business stays
    assert parse(STORE).business_phrase == "store"
    assert parse(AUNT).business_phrase == "hat shop"
    assert parse("fair enough. what about cpc for retail?").business_phrase is None
    p = parse(MOSQUE)
    assert p.business_phrase == "mosque" and p.metric_phrases == ["cost per attendee"]


def _conv(request, kb="shipped_engine"):
    return ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)


def test_school_not_teacher(request):
    a = _conv(request).send(TEACHER).assistant
    assert "education CPL" in a and "teacher" not in a, a


def test_uncovered_business_declined_first(request):
    a = _conv(request).send(MOSQUE).assistant
    assert a.startswith(("The knowledge base has no mosque", "The knowledge base does not contain a mosque")), a


PLUMBING = "my plumbing business needs more jobs. what does a lead cost?"
SEATS = ["we run a small daycare. what does a lead usually cost for childcare or education?",
         "ok we have $2,000 for the spring.",
         "the owner wants me to choose a budget that fills our empty spots for september. what should it be"]
COVER = ["i sell candles online. what does a new customer usually cost?",
         "i can spend $900 a month. how many sales a month do i need for the ads to cover their cost"]


def test_possessive_business_as_subject(request):
    assert parse(PLUMBING).business_phrase == "plumbing"
    a = _conv(request).send(PLUMBING).assistant
    assert "plumbing" in a and "saas" not in a.split("covered verticals")[0].lower(), a


def test_target_and_profit_asked(request):
    assert_unseen(SEATS, COVER, [PLUMBING])
    conv = _conv(request)
    for m in SEATS[:-1]:
        conv.send(m)
    a = conv.send(SEATS[-1]).assistant  # a budget said before: the new one is sized from a target nobody said
    assert "target for the period" in a and "?" in a, a
    conv = _conv(request)
    conv.send(COVER[0])
    a = conv.send(COVER[1]).assistant
    assert "profit on one sale" in a and "?" in a, a


def test_break_even_count_asks_profit_after_own_cac(request):
    """A CAC the user's figures gave is no profit per sale: the break-even count still asks for it."""
    turns = ["i sell knitted hats online. what does it usually cost a web shop to get a first time buyer",
             "i ran ads for a month, spent $800 and got 12 new customers. how does that compare",
             "how many orders each week would i need for the ads to pay for themselves"]
    assert_unseen(turns)
    conv = _conv(request)
    for t in turns[:-1]:
        conv.send(t)
    a = conv.send(turns[-1]).assistant
    assert "profit on one sale" in a, a


def test_entire_us_is_the_country(request):
    """"entire us" typed terse after a state's count: the United States (never the pronoun after whole/entire)."""
    from agent.offline import typed
    assert_unseen(["entire us", "roughly how many farm operators live in texas?"])
    assert typed.read("entire us") == "entire US" and typed.read("this helps us") == "this helps us"
    conv = _conv(request)
    conv.send("roughly how many farm operators live in texas?")
    a = conv.send("entire us").assistant
    assert "United States: about 2.2 million" in a, a

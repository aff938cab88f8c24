"""Places said the short way in a follow-up, an audience named while sizing audiences, and an
audience described by the words of one of its synonyms (agent/offline/places.py, memory.carry,
mpa.audience_lookups.match_audience). What ``geographies()`` reads of a message is one table here (``PLACES_SAID``).
Wording of our own, checked against the seen sets."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.memory import Memory, carry
from agent.offline.parse import parse
from agent.offline.places import geographies, without_places
from mpa.audience_lookups import match_audience
from mpa.tools import ToolExecutor
from mpa.vocabulary import VOCABULARY
from tests.test_offline_steps import _seen
from tests.unseen_wording import assert_unseen

OWN = ["Can we narrow the pull to NV only?", "what does it look like statewide, WA?", "ok, and AZ?",
       "grab new parents for Ohio and Utah", "folks in the market for an electric car",
       "How many gen z gamers are there nationwide?", "could you narrow that down to CA", "registered nurses: NV vs PA?",
       "what do new parents in Ohio click on?", "the NV and Chicago DMAs"]


def test_own_wording_is_not_in_the_seen_sets():
    seen = _seen()
    assert all(t.lower() not in seen for t in OWN)


@pytest.mark.parametrize("text,code", [(OWN[0], "NV"), (OWN[1], "WA"), (OWN[2], "AZ"), (OWN[6], "CA"),
                                       ("switch the budget to AI tools", None), (OWN[9], "NV dma"), ("Move it to PR", None),
                                       ("and the CPA?", None)])
def test_a_state_code_where_only_a_place_fits(text, code):
    found = [g for _, g in geographies(text)]
    assert (code in found) if code else not found
    assert code is None or code.split()[0] not in without_places(text)


# (message, the places it names, in order) — what ``geographies()`` and so ``parse()`` read of a message: one table
PLACES_SAID = [
    # a capitalised name said as a market or after "in" is a place; a platform or a month is none
    ("how big is the Boise market for retirees?", ["Boise market"]),
    ("we're expanding in Spokane. how many renters?", ["Spokane"]),
    ("what's a CPC in Google Ads these days?", []),
    ("we relaunch in April, how many students are there?", []),
    # a code in lower case said as a market, a state's name clipped after "state of"
    ("how many luxury travelers in the ny metro?", ["NY metro"]),
    ("size new parents across the la dma for me", ["LA dma"]),
    ("what about the whole state of minn?", ["Minnesota"]),
    ("and the entire state of penn", ["Pennsylvania"]),
    ("how about the state of wash?", ["Washington"]),
    ("gamers in the tx market", ["TX market"]),
    # the whole country typed apart or hyphenated is the US
    ("ok and nation wide?", ["United States"]),
    ("hm, nation-wide then", ["United States"]),
    ("and country wide", ["United States"]),
    ("Countrywide?", ["United States"]),
]


def test_the_places_wording_is_unseen():
    assert_unseen([t for t, _ in PLACES_SAID])


@pytest.mark.parametrize("text,places", PLACES_SAID)
def test_the_places_a_message_names(text, places):
    assert [g for _, g in geographies(text)] == places == parse(text).geographies


def test_an_audience_and_places_named_while_sizing_ask_for_the_sizes():
    mem = Memory(last_kind="audience", audiences=[("retirees", "Florida")])
    p = carry(parse(OWN[3]), mem)
    assert p.sizing_cue and p.audiences == [("new parents", "Ohio"), ("new parents", "Utah")]
    assert not carry(parse(OWN[3]), Memory(last_kind="benchmark")).sizing_cue  # "grab" is asked while sizing
    fresh = carry(parse("registered nurses: NV vs PA?"), Memory())  # says nothing but who and where
    assert fresh.sizing_cue and fresh.audiences == [("registered nurses", "NV"), ("registered nurses", "PA")]
    assert not carry(parse("what do new parents in Ohio click on?"), mem).sizing_cue  # asks something else


def test_an_audience_said_with_the_words_of_a_synonym_in_other_order():
    names = list(VOCABULARY["audiences"])
    assert match_audience(OWN[4], names) == "electric vehicle intenders"
    assert match_audience("used car buyers", names) is None  # one shared content word does not decide


def test_a_follow_up_narrowed_to_a_state_code_sizes_that_state(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    c.send(OWN[5])
    turn = c.send(OWN[6])
    assert [t["input"].get("geography") for t in turn.tool_calls if t["name"] == "get_audience_sizing"] == ["CA"]
    assert "California" in turn.assistant


KIND = ["Roughly how many gen z gamers does the Los Angeles DMA hold?", "what about the entire state?"]


def test_a_place_named_by_its_kind_is_the_one_the_tool_also_sizes(shipped_engine):
    from agent.offline.places import place_of_kind
    assert all(t.lower() not in _seen() for t in KIND)
    assert place_of_kind(KIND[1], ["United States", "Ohio"]) == "Ohio"
    assert place_of_kind(KIND[1], ["United States", "Ohio", "Utah"]) is None  # two states: which one?
    assert place_of_kind("and the metro?", ["Ohio", "Columbus DMA"]) == "Columbus DMA"
    assert place_of_kind("what about retirees?", ["Ohio"]) is None
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    c.send(KIND[0])
    turn = c.send(KIND[1])
    assert [t["input"].get("geography") for t in turn.tool_calls] == ["California"]


UNSIZED = ["roughly how many drone hobbyists live in Ohio?", "ok, and in Utah?"]


def test_people_the_tool_did_not_size_stay_the_topic_of_a_place_only_follow_up():
    from agent.offline.memory import update
    from agent.offline.toolread import ToolOutcome
    assert all(t.lower() not in _seen() for t in UNSIZED)
    mem = Memory(last_kind="audience", audiences=[("retirees", "Florida")])
    miss = ToolOutcome("get_audience_sizing", {"audience_type": "drone hobbyists", "geography": "Ohio"},
                       "get_audience_sizing(...): not in the knowledge base", False)
    update(mem, carry(parse(UNSIZED[0]), mem), [miss])
    assert mem.audiences == [("drone hobbyists", "Ohio")]
    assert carry(parse(UNSIZED[1]), mem).audiences == [("drone hobbyists", "Utah")]


def test_two_remembered_places_swapped_for_one_ask_once():
    mem = Memory(last_kind="audience", audiences=[("retirees", "Florida"), ("retirees", "United States")])
    assert carry(parse(UNSIZED[1]), mem).audiences == [("retirees", "Utah")]


COUNTS = ["roughly how many times a week should a viewer see it?", "how many impressions would 5k get us",
          "how many pilots live in Ohio?"]


def test_a_count_of_events_or_priced_units_is_no_audience_to_size():
    from agent.offline.sizing import counts_things as _counts_things
    assert all(t.lower() not in _seen() for t in COUNTS)
    assert _counts_things(COUNTS[0]) and _counts_things(COUNTS[1])
    assert not _counts_things(COUNTS[2])

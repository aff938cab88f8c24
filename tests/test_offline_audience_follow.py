"""Audience follow-ups (probe of 2026-11-30, h_audfollow): a follow-up that names only a place — typed "how bout",
"nation wide", "nation-wide", "country wide", "all of <state>" — keeps the conversation's audience, and a sizing
question that names the people by a pointer ("how many of those", "how big is that group") sizes the people the
message, or the one before it, described (:mod:`agent.offline.pointedaudience`). Wording of our own, on kb/ and on
the plain-text kb_txt2, kb_txt3 and kb_txt4. How "bout" and "nation wide" are read are rows of the readers' tables
(tests/test_offline_typed.py, tests/test_offline_places.py)."""
from __future__ import annotations

import pytest

from agent.offline.pointedaudience import named
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen


@pytest.mark.parametrize("text,earlier,meant", [
    ("our customers are mostly remote workers. how many of them are in chicago?", [],
     "our customers are mostly remote workers. how many remote workers are in chicago?"),
    ("we target first time home buyers. how many of these people in dallas?", [],
     "we target first time home buyers. how many first time home buyers in dallas?"),
    ("Gamers are our main customers. How many of those in LA?", [], "Gamers are our main customers. How many Gamers in LA?"),
    ("how many of them are in new york?", ["we sell scrubs and clogs to registered nurses"],
     "how many registered nurses are in new york?"),
    ("roughly how many of them live in texas", ["i run a daycare chain. our families are new parents mostly"],
     "roughly how many new parents live in texas"),
    # the place said with the description stays where it was said: one place, looked up once
    ("we're a florist chain selling to brides around Chicago. how many of those are there?", [],
     "we're a florist chain selling to brides around Chicago. how many brides are there?"),
])
def test_a_pointer_is_read_as_the_people_just_described(text, earlier, meant):
    assert_unseen(text, earlier)
    assert named(text, earlier) == meant


@pytest.mark.parametrize("text,earlier", [
    ("how many of those gamers are in LA", []),           # the sentence names the people itself
    ("how many of them in ohio", []),                      # nothing described before
    ("we run three gyms. how many of those in ohio", []),  # a scene, no description of who buys
    ("how many of them in ohio", ["what's a typical cpc for gyms"]),
    # not a headcount of people: what they do, or a source, a count or channels pointed at
    ("our clients are mostly dentists. how many of those convert?", []),
    ("our users are mostly students. how many of them come back each year?", []),
    ("our signups are mostly from bing. how many of those are in ohio?", []),
    ("we sell to 40 garden stores. how many of those are in ohio?", []),
])
def test_nothing_described_leaves_the_message_as_typed(text, earlier):
    assert named(text, earlier) == text


def test_follow_ups_on_the_shipped_kb(shipped_engine):
    msgs = ["we mostly sell to biz owners. how many of those are in the dallas fort worth area",
            "and how bout across all of california", "hm and nation-wide"]
    assert_unseen(msgs)
    (dfw, _), (ca, calls), (us, _) = turns(shipped_engine, msgs)
    assert "626,000" in dfw, dfw
    assert "3.3 million" in ca and {"audience_type": "small business owners", "geography": "California"} in calls, ca
    assert "25.7 million" in us, us


def test_a_pointer_to_the_previous_message_on_the_shipped_kb(shipped_engine):
    msgs = ["we cater to luxury travelers", "how many of them are in the new york dma?", "and across the country?"]
    assert_unseen(msgs)
    _, (ny, _), (us, _) = turns(shipped_engine, msgs)
    assert "453,000" in ny and "4.6 million" in us, (ny, us)


@pytest.mark.parametrize("first,then,want", [
    ("how many hispanic adults in texas", "and nation wide?", ("8.4 million", "43.9 million")),
    ("new parents in texas how many", "how 'bout nationally?", ("694,000", "6.7 million")),
    ("pet owning households in texas?", "and country wide", ("6.0 million", "69.6 million")),
    # the same figure asked again: as a request ("run that for …"), or named after a place alone ("national figure?")
    ("how many registered nurses in ny", "can you run that for the whole country", ("183,000", "3.2 million")),
    ("how many gen z gamers in LA", "national figure?", ("2.6 million", "46.2 million")),
])
def test_a_place_typed_loosely_keeps_the_audience_on_the_shipped_kb(shipped_engine, first, then, want):
    assert_unseen(first, then)
    (a, _), (b, _) = turns(shipped_engine, [first, then])
    assert want[0] in a and want[1] in b, (a, b)


def test_a_pointer_on_kb_txt3(kb_txt3_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt3")
    msgs = ["we make wedding stuff, our buyers are couples planning a wedding. how many of them in ontario?",
            "and how bout all of alberta"]
    assert_unseen(msgs)
    (on, _), (ab, _) = turns(kb_txt3_engine, msgs)
    assert "212,000" in on and "66,000" in ab, (on, ab)


def test_a_pointer_to_the_previous_message_on_kb_txt3(kb_txt3_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt3")
    msgs = ["our buyers are plant managers at factories", "how many of those work in quebec?"]
    assert_unseen(msgs)
    assert "24,000" in turns(kb_txt3_engine, msgs)[1][0]


def test_how_bout_keeps_the_audience_on_kb_txt2_and_kb_txt4(kb_txt2_engine, kb_txt4_engine, monkeypatch):
    msgs2 = ["recent home buyers in orlando how many", "how bout st louis"]
    msgs4 = ["our customers are recent movers. how many of those in western australia?", "how bout new south wales"]
    assert_unseen(msgs2, msgs4)
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    assert "76,000" in turns(kb_txt2_engine, msgs2)[1][0]
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt4")
    (wa, _), (nsw, _) = turns(kb_txt4_engine, msgs4)
    assert "139,000" in wa and "357,000" in nsw, (wa, nsw)


def _sized(engine, audience, geo):
    from mpa.tools import ToolExecutor
    r = ToolExecutor(engine).execute("get_audience_sizing", {"audience_type": audience, "geography": geo})
    return r if isinstance(r, str) else getattr(r, "content", str(r))


def test_the_same_people_under_another_label_for_the_place_asked(kb_txt2_engine):
    # kb_txt2 sizes dogs by market as "Dog-Owning Households" and nationally as "Households with a dog"
    assert "65.1M" in _sized(kb_txt2_engine, "dog owning households", "United States")
    assert "1,010,000" in _sized(kb_txt2_engine, "dog owning households", "Atlanta")
    # no label sized there names those people: declined as before
    assert "not in the knowledge base" in _sized(kb_txt2_engine, "dog owning households", "Pittsburgh")
    assert "not in the knowledge base" in _sized(kb_txt2_engine, "recent home buyers", "United States")


def test_a_follow_up_to_the_country_finds_the_national_label_on_kb_txt2(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    msgs = ["how many dog owning households in atlanta?", "and nation wide?"]
    assert_unseen(msgs)
    (atl, _), (us, _) = turns(kb_txt2_engine, msgs)
    assert "1,010,000" in atl and "65.1M" in us, (atl, us)

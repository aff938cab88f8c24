"""Answerable questions no longer declined or misread (agent/offline/verdicttag.py, glosshead.py, askedkind.py,
ourrate.py; the proposal phrases of mpa/everyday.json): a proposal judged by a verdict tag is read for the proposal,
through the KB's term for what it names (kb_txt4's reallocation rules: probed by hand, 'pull a third of our facebook money'); the vertical the question names wins over the story's business; "same
thing for a web-only shop" is a follow-up; a working "at our CPM" with no CPM said asks for it. Wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from agent.offline.verdicttag import only_tag
from mpa.everyday import glosses
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_REALLOC = "my director wants to pull a third of our facebook money and put it into search from tomorrow. thoughts?"
_ALL_IN = "we spend about 25,000 a month across search and social. the new guy wants to pour all of it into google. good call?"
_INSURED = "I run ads for a small car insurance brokerage in Tulsa, mostly renters policies. What does a click usually cost in financial services?"
_OUR_CPM = "we want to reach every college student in ohio twice. what would that cost at our cpm?"
_SAME = ["I run a shoe store with two locations in Fresno. what's a normal click-through rate?", "ok now the same for a web-only shoe store"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([_REALLOC, _ALL_IN, _INSURED, _OUR_CPM, *_SAME])


@pytest.mark.parametrize("tag,is_tag", [("smart?", True), ("is she right?", True), ("good idea or no?", True),
                                        ("is that normal?", False), ("what about tiktok?", False)])
def test_a_verdict_tag_names_no_topic(tag, is_tag):
    assert only_tag([tag]) is is_tag


@pytest.mark.parametrize("text,concept", [(_REALLOC, "reallocation"), (_ALL_IN, "concentration"),
                                          ("the banner is easy to roll back so we don't need to test it", "when not to test")])
def test_a_proposal_in_everyday_words_names_its_concept(text, concept):
    assert concept in {g.concept for g in glosses(text)}


def test_all_of_it_on_one_channel_is_read_under_the_concentration_rules(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, [_ALL_IN])[-1][0]
    assert "No single channel takes more than 70%" in out, out


def test_asked_vertical_and_our_rate(shipped_engine):
    got = turns(shipped_engine, [_INSURED])[0]
    assert got[1] == [{"vertical": "financial-services", "metric": "CPC"}] and "$2.50–$6.00" in got[0], got
    assert turns(shipped_engine, [_OUR_CPM]) == [("To work that out I need one number from you: what is your CPM?", [])]


def test_same_thing_for_a_web_only_shop_is_a_follow_up_naming_a_web_store():
    p = parse(_SAME[1])
    assert p.followup and not p.smalltalk and p.business_phrase == "shoe store online store"
    assert parse("thanks, that's all for today").smalltalk


@pytest.mark.parametrize("text,rival", [("can you check what the bakery up in boise spends on facebook?", True),
                                        ("find out what the taco truck over on 5th spends on instagram", True),
                                        ("what does the average shop in town spend on ads?", False)])
def test_a_business_named_by_where_it_is_is_a_rival_whose_spend_no_kb_holds(text, rival):
    from agent.offline.othersown import asks
    assert_unseen([text])
    assert asks(text) is rival

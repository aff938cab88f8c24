"""A market typed in lower case (probe of 2026-11-29, h_calc): "how many dog owning households in atlanta",
then "and boise", "san antonio?". The vocabulary knows the shipped KB's places; a plain-text KB sizes its audiences
for markets of its own, and people type those without capitals. Two rules:

* the sizing tool, given an audience phrase that still holds the place and no geography, reads as the place the one
  market that audience is sized for which the phrase names in full (:func:`mpa.audience_lookups.place_said`);
* a follow-up naming, in any case, a place the tool said the last audience is also sized for is that place — a
  slot swapped, not new words (:func:`agent.offline.places.sized_place`).
Wording of our own, on a plain-text KB and on kb/."""
from __future__ import annotations


from agent.offline.places import sized_place
from mpa.audience_lookups import place_said
from mpa.fact_lookups import find_audience
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

DOGS = ["how many dog owning households in atlanta", "and boise", "san antonio?"]
SOLAR = ["how many solar-ready homeowners in phoenix", "and denver"]
RETIREES = ["how many retirees are there in the florida market", "and for the whole country"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(DOGS, SOLAR, RETIREES)


def test_readings():
    assert place_said("dog owning households atlanta", ["Atlanta", "Boise"], "Dog-Owning Households") == "Atlanta"
    assert place_said("dog owners", ["Atlanta", "Boise"], "Dog-Owning Households") is None
    assert place_said("dog owners atlanta or boise", ["Atlanta", "Boise"], "Dog-Owning Households") is None  # two
    assert place_said("texas ranchers", ["Texas", "Ohio"], "Texas ranchers") is None  # part of who is counted
    assert place_said("atlantans", ["Atlanta"], "x") is None  # a whole name, not a word's start
    assert sized_place("san antonio?", ["Boise", "San Antonio"]) == "San Antonio"
    assert sized_place("and the los angeles dma", ["Los Angeles DMA", "California"]) == "Los Angeles DMA"
    assert sized_place("and statewide?", ["Los Angeles DMA", "California"]) == "California"  # by its kind, as before
    assert sized_place("and boise or atlanta", ["Boise", "Atlanta"]) is None


def test_the_tool_reads_the_place_in_the_audience_phrase(kb_txt2_engine, shipped_engine):
    found = find_audience(kb_txt2_engine, "dog owning households atlanta").result
    assert found is not None and found.geography == "Atlanta" and found.size_text == "1,010,000", found
    found = find_audience(shipped_engine, "retirees florida").result  # the shipped KB's table: the same rule
    assert found is not None and found.geography == "Florida" and found.size_text == "5.0 million", found
    assert find_audience(shipped_engine, "retirees").result.geography == "United States"  # none named: the nation


def test_a_lowercase_market_and_its_follow_ups_on_a_plain_text_kb(kb_txt2_engine):
    first, boise, texan = (a for a, _ in turns(kb_txt2_engine, DOGS))
    assert "1,010,000" in first and "Atlanta" in first, first
    assert "158,000" in boise and "1,010,000" not in boise, boise
    assert "436,000" in texan, texan


def test_a_lowercase_market_follow_up_on_kb_txt(kb_txt_engine):
    first, denver = (a for a, _ in turns(kb_txt_engine, SOLAR))
    assert "612,000" in first, first
    assert "429,000" in denver and "612,000" not in denver, denver


def test_a_lowercase_market_on_the_shipped_kb(shipped_engine):
    first, nation = (a for a, _ in turns(shipped_engine, RETIREES))
    assert "5.0 million" in first, first
    assert "53.5 million" in nation, nation

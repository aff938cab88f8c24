"""An audience look-up never answers with a different audience (mpa.audience_unsaid): a row found by a
shared word must say the head of the query's phrase — "golf players" are not mobile-game players,
"solar installers" are not solar-ready homeowners — while loose names of sized audiences keep their
row. On the rule alone, on the shipped KB and on the three plain-text fixture KBs; wording of our own,
checked against the seen sets. The encoder is off (the suite's default): each case holds by words."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mpa.audience_unsaid import keeper, says, unsaid
from mpa.fact_lookups import find_audience
from mpa.labels import match_audience

from tests.test_offline_described_audience import _seen

ROOT = Path(__file__).resolve().parent.parent

# (query, row text, the head left unsaid or None) — rows written in the plain-text KBs' style
RULE = [
    ("golf players", "Adults who play tabletop games monthly", "golf"),
    ("people who play chess", "Adults who play tabletop games monthly", "chess"),
    ("tabletop game players", "Adults who play tabletop games monthly", None),
    ("people who play tabletop games", "Adults who play tabletop games monthly", None),
    ("roof installers", "Roof-Ready Homeowners Definition: owner-occupied home, roof under ten years old.", "installers"),
    ("boat dealers", "Boat-Owning Households", "dealers"),
    ("boat owners", "Boat-Owning Households", None),
    ("horse trailer owners", "Horse owners own or lease at least one horse", "trailer"),
    ("frequent museum goers", "Museum-Active Adults", None),
    ("people looking after ageing parents", "Adult Children Of Aging Parents", None),
    ("hiking clubs", "Adults who hiked in the past 12 months", "clubs"),
    # the question around an audience is not read: only the phrase that shares a word with the row
    ("Trail runners are our key segment. How many are there in Ohio?", "Trail runners (ran on trails 2+ times a year)", None),
    ("high-spending trail runners area", "Trail runners (ran on trails 2+ times a year)", None),
]


@pytest.mark.parametrize("query, row, head", RULE)
def test_a_phrase_sharing_a_word_must_have_its_head_said(query, row, head):
    assert unsaid(query, row, places=["Ohio"]) == ([head] if head else [])


def test_a_place_the_kb_sizes_is_not_a_word_of_who():
    assert says("horse owners kentucky", "Horse owners", places=["Kentucky"])
    assert not says("horse owners kentucky", "Horse owners")


def test_the_label_rules_keep_only_rows_that_say_the_head():
    labels = ["Adults who play tabletop games monthly", "Boat-Owning Households", "Gym-Active Adults"]

    def aud(query, said=None):
        return match_audience(query, labels, labels, keeper(query, said or {}))
    assert aud("golf players") == []          # shares only "play"
    assert aud("boat dealers") == []          # shares only "boat"
    assert aud("boat owners") == ["Boat-Owning Households"]
    assert aud("frequent gym goers") == ["Gym-Active Adults"]
    assert aud("gym studio members") == []    # the label does not say "studio" …
    # … its definition does
    said = {"Gym-Active Adults": "Gym-Active Adults Definition: adults who visited a gym or studio twice a month."}
    assert aud("gym studio members", said) == ["Gym-Active Adults"]


def test_a_name_with_one_word_clipped_is_that_name():
    assert says("small biz owners", "Small business owners × 10% own a small business", name="Small business owners")
    assert not says("college professors", "College students (ages 18-24, enrolled)", name="College students")


# (engine, query, geography, expected row start or None)
KBS = [
    ("shipped_engine", "college professors", "New York", None),
    ("shipped_engine", "luxury car owners", None, None),
    ("shipped_engine", "video game developers", "California", None),
    ("shipped_engine", "EV buyers", "California", "Electric vehicle intenders"),
    ("shipped_engine", "people who own a small business", None, "Small business owners"),
    ("kb_txt_engine", "solar panel cleaners", "Phoenix", None),
    ("kb_txt_engine", "gym equipment manufacturers", "Austin", None),
    ("kb_txt_engine", "cat cafe owners", None, None),
    ("kb_txt_engine", "house moving firms", None, None),
    ("kb_txt_engine", "people who go to the gym regularly", "Austin", "Gym-Active Adults"),
    ("kb_txt_engine", "homeowners ready for solar panels", "Phoenix", "Solar-Ready Homeowners"),
    ("kb_txt_engine", "people who recently moved", None, "Adults who moved house"),
    ("kb_txt2_engine", "golf players", None, None),
    ("kb_txt2_engine", "piano players", "United States", None),
    ("kb_txt2_engine", "dog walkers", "Atlanta", None),
    ("kb_txt2_engine", "rental car customers", None, None),
    ("kb_txt2_engine", "student athletes", None, None),
    ("kb_txt2_engine", "home builders", "Orlando", None),
    ("kb_txt2_engine", "software developers", None, None),
    ("kb_txt2_engine", "weekly mobile game players", None, "Adults who play mobile games weekly"),
    ("kb_txt2_engine", "people who own a dog", "Atlanta", "Dog-Owning Households"),
    ("kb_txt2_engine", "people who just bought a home", "Orlando", "Recent Home Buyers"),
    ("kb_txt3_engine", "wedding photographers", "Ontario", None),
    ("kb_txt3_engine", "solar panel installers", "Wales", None),
    ("kb_txt3_engine", "home care workers", "Scotland", None),
    ("kb_txt3_engine", "homes suitable for solar", "Wales", "Households Suitable For Rooftop Solar"),
    ("kb_txt3_engine", "couples planning a wedding", "Ontario", "Adults Planning A Wedding"),
    ("kb_txt3_engine", "plant managers", "Quebec", "Plant And Operations Managers"),
]


@pytest.mark.parametrize("kb, query, geo, row", KBS)
def test_an_audience_is_sized_by_its_own_row_or_declined(request, kb, query, geo, row):
    r = find_audience(request.getfixturevalue(kb), query, geo).result
    if row is None:
        assert r is None, r.audience_type
    else:
        assert r is not None and r.audience_type.startswith(row)


def test_a_size_read_from_a_sentence_is_known_by_the_whole_sentence(kb_txt_engine):
    # "… adults aged 25-44 with some college but no degree, the core audience for online degree-completion
    # programs": the sentence's last words say who those adults are
    r = find_audience(kb_txt_engine, "online degree completion prospects", "Raleigh-Durham DMA").result
    assert r is not None and r.size_text == "186,000"


def test_own_wording_is_not_in_the_seen_sets():
    seen = _seen() + " ".join(p.read_text().lower() for d in ("datasets", "tests/fixtures/kb_txt_datasets",
                                                                "tests/fixtures/kb_txt2_datasets")
                              for p in (ROOT / d).glob("*.jsonl"))
    own = [q for q, *_ in RULE] + [q for _, q, *_ in KBS] + ["online degree completion prospects"]
    assert not [q for q in own if json.dumps(q.lower())[1:-1] in seen and len(q.split()) > 1]

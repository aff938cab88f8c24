"""The rules that match a user's words to a KB's own labels (mpa.labels): derivational roots,
industry families, age bands, and the market-scoped audience rule — each with the near miss it
must refuse. Labels are written here in the style of plain-text KBs, not copied from a fixture."""
from __future__ import annotations

import pytest

from mpa.labels import age_band, match_audience, match_labels, root

VERTICALS = ["Dental Practices", "Senior Living", "Beauty and Personal Care", "Pet Supplies", "Plumbers and HVAC",
             "Home Improvement and Roofing", "Fitness and Gyms", "Travel and Hospitality"]


@pytest.mark.parametrize("query, label", [
    ("dentists", "Dental Practices"),            # root: dentist / dental
    ("orthodontist offices", None),              # no shared root with any label: absent, not "Dental"
    ("assisted living", "Senior Living"),        # industry family
    ("memory care facilities", "Senior Living"),
    ("cosmetics brands", "Beauty and Personal Care"),
    ("HVAC contractors", "Plumbers and HVAC"),   # a compound label's part
    ("veterinary clinics", None),                # a neighbouring trade is not Pet Supplies
    ("funeral homes", None),                     # "home" is not the specific word
    ("wedding planners", None),
])
def test_vertical_label_rules(query, label):
    got = match_labels(query, VERTICALS)
    assert got == ([label] if label else [])


def test_root_strips_only_derivational_endings():
    assert root("dentist") == root("dental") == "dent"
    assert root("clinic") == "clin" and root("gym") == "gym"  # too short to strip
    assert root("legal") == "legal"                          # "leg" would be under four letters


@pytest.mark.parametrize("text, band", [
    ("Adults 65 and older", (65, None)), ("people over 65", (65, None)), ("65+ adults", (65, None)),
    ("adults aged 25-44 with some college", (25, 44)), ("seniors", (65, None)), ("teenagers", (13, 19)),
    ("Adult Children Of Aging Parents", None), ("gym-active adults", None),
])
def test_age_band(text, band):
    assert age_band(text) == band


AUDIENCES = ["Adults 65 and older", "Adult Children Of Aging Parents", "Gym-Active Adults", "Solar-Ready Homeowners",
             "Households with a dog or cat", "Yoga-Practising Adults"]


def test_age_group_query_matches_the_band_it_names():
    assert match_audience("seniors", AUDIENCES) == ["Adults 65 and older"]
    assert match_audience("people 65 and over", AUDIENCES) == ["Adults 65 and older"]
    # the age word qualifies another audience: not the age group itself
    assert match_audience("people caring for elderly parents", AUDIENCES) == []


def test_market_rule_needs_a_unique_shared_specific_word():
    market = ["Adult Children Of Aging Parents", "Solar-Ready Homeowners"]
    assert match_audience("people caring for elderly parents", AUDIENCES, market) == ["Adult Children Of Aging Parents"]
    assert match_audience("regular gym goers", AUDIENCES, ["Gym-Active Adults", "Solar-Ready Homeowners"]) == \
        ["Gym-Active Adults"]
    # outside the market's audiences the loose rule does not reach
    assert match_audience("regular gym goers", AUDIENCES, market) == []
    # generic words ("households", "adults") never make a match; a tie makes none
    assert match_audience("vegan households", AUDIENCES, ["Households with a dog or cat"]) == []
    assert match_audience("regularly active people", [], ["Gym-Active Adults", "Active Retirees"]) == []

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


# ------------------------------------------------------------------ the offline agent asks the tool
@pytest.mark.parametrize("question, business", [
    ("What is the typical CPC on Meta for Yoga Studios brands?", "Yoga Studios"),  # "for X" with no article
    ("What do veterinary clinics pay per click on Google?", "veterinary clinics"),  # the payer
    ("What does a lead usually cost in beekeeping?", "beekeeping"),                # "cost … in X"
    ("We install heat pumps. What does a click cost?", "heat pumps"),
    ("What do stores like ours pay per thousand impressions?", "stores"),
    ("What do leads typically go for in our space?", None),                        # a stand-in, not a name
    ("What is the CPC for a business like mine on Google?", None),
    ("What are typical CPC ranges for ads on Pinterest?", None),
])
def test_offline_agent_names_the_business_the_vocabulary_lacks(question, business):
    from agent.offline.parse import parse

    assert parse(question).business_phrase == business


def test_offline_agent_asks_each_platform_named():
    from agent.offline.policy import bench_inputs

    got = bench_inputs("solar", "CPC", "What will clicks cost us on Google, and on Bing?")
    assert [b.get("platform") for b in got] == ["Google Ads", "Bing Ads"]
    assert bench_inputs("solar", "CPC", "What does a click cost?") == [{"vertical": "solar", "metric": "CPC"}]


def test_offline_agent_does_not_answer_an_earlier_year_with_later_figures():
    from agent.offline.compose import other_period
    from agent.offline.toolread import ToolOutcome

    content = ("get_benchmark(vertical='solar', metric='CPC'): 1 fact\n- Google Ads 2024: $4.20-5.00 [a#1]\n")
    o = ToolOutcome(name="get_benchmark", input={"vertical": "solar", "metric": "CPC"}, content=content, is_error=False,
                    passages=[{"id": "a#1", "text": ""}])
    assert other_period(o, "What was the solar CPC in 2021?") == ("a solar CPC benchmark for 2021", "it states 2024 only")
    assert other_period(o, "What solar CPC should we plan for 2026?") is None  # plan with the latest figures
    assert other_period(o, "What is the solar CPC?") is None

"""The most one result may cost asked "for a <unit>" or as "how much can we afford per <unit>" asks the user's worth
of one result first (agent.offline.ceilingask), and a calculation's lead-in names the platform whose row it quoted
(agent.offline.figlabel). Wordings of our own."""
from __future__ import annotations

import pytest

from agent.offline import ceilingask, figlabel, planmath


@pytest.mark.parametrize("text, asks", [
    ("What's the most we'd be willing to pay for a signed lease?", True),
    ("how much could we afford per enrolled student?", True),
    ("what's the highest we should bid for an install?", True),
    ("what's the most we can spend for a month?", False),         # a spend cap, not a price per result
    ("the most we'd pay for a CTV campaign", False),
    ("How much can we afford to spend on Meta this year?", False),
])
def test_ceiling_forms(text, asks):
    assert ceilingask.asks(text) is asks


def test_a_ceiling_asked_for_a_unit_asks_the_worth_first():
    for text in ("What's the most we should pay for a signed contract?", "how much can we afford per booked job?"):
        w = planmath.work(text, "", None)
        assert planmath.missing(w) and "gross profit" in planmath.missing(w), text
    assert planmath.missing(planmath.work("what's the most we can spend for a month?", "", None)) is None


def test_a_platform_rows_figure_is_named_with_its_platform():
    facts = [("Spotify Marquee 2025", "$4.70-5.50", "a#2")]
    assert figlabel.with_platform("Arena Concerts CPTS", facts) == "Arena Concerts CPTS on Spotify Marquee"
    blended = [("no platform named (blended) 2025", "$4.10-5.30", "a#1")]
    assert figlabel.with_platform("Comedy Shows CPTS", blended) == "Comedy Shows CPTS"
    assert figlabel.with_platform("Comedy Shows CPTS", blended + facts) == "Comedy Shows CPTS"  # several rows: none named


def test_an_end_asked_is_the_one_row_with_ends():
    looked = {"range": [], "facts": [("no platform named (blended) 2025", "$4.10-5.30", "l#1"), ("TikTok", "$6.40", "l#1")]}
    assert figlabel.ends_row(looked, "high") == (4.10, 5.30, "l#1")
    assert figlabel.ends_row(looked, None) is None  # no end asked: each platform's figure
    two = {"range": [], "facts": [("Meta", "$1.30-1.55", "a#1"), ("Google Ads", "$3.40-3.90", "a#1")]}
    assert figlabel.ends_row(two, "high") is None  # several rows with ends: which one is not said

"""A unit priced in statement order with a word of how often between it and "costs" ("what a lead generally
costs a dealer like us", agent/offline/priceforms.py): the adverb does not hide the unit, so the price metric
is looked up for the business, on the shipped KB and the plain-text kb_txt2. Wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

# (the metric, a message pricing its unit with an adverb before "costs")
ASKED = [("CPL", "tell me what a lead generally costs a dealer like us"),
         ("CPC", "remind me what one click normally costs a florist"),
         ("CAC", "I wonder what a new customer typically costs a gym")]
SHIPPED = ["we run a car dealership", "tell me what a lead generally costs a dealer like us"]
TXT2 = ["we are a roofing company", "any idea what a lead usually costs folks like us?"]


def test_an_adverb_before_costs_keeps_the_unit():
    assert_unseen([t for _, t in ASKED], SHIPPED, TXT2)
    for metric, text in ASKED:
        assert parse(text).metrics == [metric], text


@pytest.mark.parametrize("fixture,messages,vertical", [("shipped_engine", SHIPPED, "automotive"),
                                                        ("kb_txt2_engine", TXT2, "roofing")])
def test_the_price_metric_is_looked_up(request, fixture, messages, vertical):
    _, (answer, calls) = turns(request.getfixturevalue(fixture), messages)
    assert {"vertical": vertical, "metric": "CPL"} in calls, calls
    assert "$" in answer

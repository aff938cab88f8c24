"""A follow-up that swaps the business keeps the platform (probe of 2026-11-29, h_calc): "google cpc for dental
offices?" then "and for real estate agents?" asks Google's figure again for another business; "what about cpm"
changes the metric, which the KB may price on other platforms, so it starts from no platform
(:mod:`agent.offline.keptplatform`). Wording of our own, on two plain-text KBs and on kb/."""
from __future__ import annotations

from agent.offline.keptplatform import kept
from agent.offline.toolread import ToolOutcome
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

DENTAL = ["google cpc for dental offices?", "and for real estate agents?", "what about cpm"]
ROOFS = ["how much does a click cost for roofers on google", "and for pest control companies?"]
SHIPPED = ["what cpc should an online store expect on google", "and for travel brands?"]


def test_the_reading():
    assert_unseen(DENTAL, ROOFS, SHIPPED)  # the wording here is no data set's

    def found(inp):
        return ToolOutcome(name="get_benchmark", input=inp, content="", is_error=False, passages=[{"id": "x#0"}])
    last = [found({"vertical": "dental", "metric": "CPC", "platform": "Google Ads"})]
    assert kept("and for real estate agents?", last, ["CPC"]) == "Google Ads"
    assert kept("and for real estate agents on meta?", last, ["CPC"]) is None  # a platform named: read for it
    assert kept("what about cpm", last, ["CPM"]) is None  # another metric: no platform kept
    assert kept("and for gyms?", [found({"vertical": "dental", "metric": "CPC"})], ["CPC"]) is None  # none to keep
    two = last + [found({"vertical": "dental", "metric": "CPC", "platform": "Meta"})]
    assert kept("and for gyms?", two, ["CPC"]) is None  # several: none is the one


def test_a_swapped_business_keeps_the_platform_on_kb_txt(kb_txt_engine):
    _, (swapped, calls), (cpm, cpm_calls) = turns(kb_txt_engine, DENTAL)
    assert any(c.get("platform") == "Google Ads" and c.get("metric") == "CPC" for c in calls), calls
    assert "$2.10-2.50" in swapped and "Meta" not in swapped, swapped
    assert all("platform" not in c for c in cpm_calls if c.get("metric") == "CPM") and "$13.10-14.90" in cpm, cpm


def test_a_swapped_business_keeps_the_platform_on_kb_txt2(kb_txt2_engine):
    _, (swapped, calls) = turns(kb_txt2_engine, ROOFS)
    assert any(c.get("platform") == "Google Ads" for c in calls), calls
    assert "$4.80-5.60" in swapped and "$3.55-4.05" not in swapped, swapped  # Google's, not Microsoft's too


def test_the_shipped_kb_answers_as_before(shipped_engine):
    _, (swapped, calls) = turns(shipped_engine, SHIPPED)  # its tables are not by platform: the note stays
    assert any(c.get("vertical") == "travel" and c.get("metric") == "CPC" for c in calls), calls
    assert "$0.60–$1.40" in swapped, swapped

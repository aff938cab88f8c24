"""A how-to question that points at the conversation's budget instead of stating it ("at that budget
level", "given our spend") is read against the knowledge base's budget bands as if it had stated it
(agent.offline.bands.referred, reader.extract ``budget_said``): the section whose heading band holds the
budget answers, the budget put in the heading's period first. Wording of our own, checked unseen; the
mechanism on hand-written passages (any KB with band headings) and end to end on the shipped KB."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, bands
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.test_offline_named_rules import _sec
from tests.unseen_wording import assert_unseen

POINTING = ["given that budget, how many flyer routes can we cover?", "at our spend level, which radio slots fit?",
            "with the current monthly budget, what should the poster plan look like?",
            "for a budget size like this, how wide should the leaflet drop be?"]
STATING = ["with $40k a month, how many flyer routes can we cover?"]
# a document splitting its leaflet advice by monthly budget band
LEAFLETS = [_sec("l#1", "Leaflet drops in general", "Leaflet drops should be planned street by street, and a leaflet "
                 "drop should be wide enough to reach every street of the catchment."),
            _sec("l#2", "Up to $30k per month", "Keep the leaflet drop narrow: two postcodes, one design, weekly."),
            _sec("l#3", "$30k to $120k per month", "Widen the leaflet drop to the whole town and test two designs."),
            _sec("l#4", "$120k+ per month", "Run leaflet drops regionally with a matched-market holdout.")]
E2E = [("we run three garden centres and spend 150,000 a month on ads",
        "at our spend level, what should the channel mix look like?", "Tier 2"),
       ("our language-learning app has a 12k monthly ad budget",
        "given this budget size, how concentrated should our channel mix be?", "Tier 1"),
       ("we put 300k a month into media for our furniture stores",
        "for that budget level, how should the channel mix be built?", "Tier 3")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(POINTING, STATING, [a for _, a, _ in E2E], [s for s, _, _ in E2E])


@pytest.mark.parametrize("ask", POINTING)
def test_a_budget_pointed_at_is_the_conversations(ask):
    assert bands.referred(ask, 45000.0, "month") == (45000.0, "month")
    assert bands.referred(ask, None) is None


def test_a_budget_stated_is_not_pointed_at():
    assert bands.referred(STATING[0], 45000.0, "month") is None
    assert bands.referred("how many flyer routes can we cover?", 45000.0, "month") is None


def test_the_budget_is_put_in_the_headings_period():
    assert bands.in_period(150000.0, "quarter", "$30k to $120k per month") == pytest.approx(50000.0)
    assert bands.fit(150000.0, "$30k to $120k per month", "quarter") > 1  # $50k a month
    assert bands.fit(150000.0, "$120k+ per month", "quarter") < 1
    assert bands.in_period(150000.0, None, "$120k+ per month") == 150000.0


@pytest.mark.parametrize("ask", POINTING[-1:] + ["at our spend level, how wide should the leaflet drop be?"])
@pytest.mark.parametrize("said,band", [((20000.0, "month"), "[l#2]"), ((60000.0, "month"), "[l#3]"),
                                       ((180000.0, "quarter"), "[l#3]"), ((500000.0, "month"), "[l#4]")])
def test_the_band_holding_the_pointed_budget_answers(ask, said, band):
    got = extract(ask, LEAFLETS, 3, budget_said=said)
    assert got and band in got, got


@pytest.mark.parametrize("statement,ask,tier", E2E)
def test_end_to_end_the_pointed_budget_picks_its_tier(statement, ask, tier, shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    conv.send(statement)
    got = conv.send(ask).assistant
    assert tier in got and "step-07-channel-mix" in got, got

"""Two general readings, on wording of our own (checked unseen):

* An acronym's plural ("CPCs", "KPIs", a metric typed lower-case "cpms") is the acronym: the stemmer keeps
  its "s", so without this the reader and the search saw two words (passages.singular_acronyms).
* The whole budget asked for with nothing to derive it from ("the owners want to know how much we should
  spend this year") is a clarifying question for the target and what one may cost — a budget is one times
  the other (worthask.budget_need) — not a passage on pacing.
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.passages import singular_acronyms, terms
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

PLURALS = [("our CPCs on the florist account doubled", "cpc"), ("which KPIs matter for a ferry operator", "kpi"),
           ("the three DMAs our bakeries sit in", "dma"), ("tiktok cpms for the candle shop", "cpm")]
KEPT = ["RADIUS TARGETING", "the bus and gas costs", "this is news"]
BUDGET_ASKS = ["The founders keep asking how much we should budget for next year. What do I tell them?",
               "how much money should we set aside for ads this quarter?",
               "what budget should our pilates studio run with?",
               "How much do we need to spend on marketing next month?",
               "our investors want a number: how much should we spend on ads this year?"]
NOT_BUDGET_ASKS = ["how much should we spend on connected TV at minimum?", "how much would that cost the florist?",
                   "we need 300 new members a month at $40 each. how much should we spend?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([t for t, _ in PLURALS], KEPT, BUDGET_ASKS, NOT_BUDGET_ASKS)


@pytest.mark.parametrize("text,term", PLURALS)
def test_an_acronyms_plural_is_the_acronym(text, term):
    assert term in terms(text)


@pytest.mark.parametrize("text", KEPT)
def test_other_words_ending_in_s_are_kept(text):
    assert singular_acronyms(text) == text


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
@pytest.mark.parametrize("ask", BUDGET_ASKS)
def test_the_whole_budget_with_nothing_to_derive_it_from_is_asked_back(kb, ask, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert got.rstrip().endswith("?") and "target" in got and "Based on Knowledge Base" not in got, got


@pytest.mark.parametrize("ask", NOT_BUDGET_ASKS)
def test_a_budget_with_its_inputs_or_for_one_channel_is_not_asked_back(ask, shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert "target for the period" not in got, got

"""Two how-to question forms, on wording of our own (checked unseen):

* "at what point / stage do we act?" asks for the threshold that sets an action off — the figures the
  message tells are its situation, not a calculation or a benchmark to look up (searchq.asks_threshold;
  the search also asks for "threshold trigger").
* "A or B?" closing a question is a choice: when the knowledge base heads one section per option, the
  answer quotes both (agent.offline.alternatives).
"""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.alternatives import options, other_side
from agent.offline.searchq import asks_threshold, attributes
from mpa.tools import ToolExecutor
from tests.test_offline_named_rules import _sec
from tests.unseen_wording import assert_unseen

THRESHOLD = ["our streaming TV flight is delivering below pacing. at what stage do we escalate with the vendor?",
             "blended new-customer CAC for our mattress brand is 20% over plan this week. at what point do we act?",
             "the pharmacy chain's campaign is pacing 12% behind plan. at what point do we intervene?"]
NOT_THRESHOLD = ["what point of sale data do you hold?", "how many points does a TV spot cost?",
                 "at what point does the kayak shop break even at a $45 CPA and a $70 margin?"]
CHOICE = ["for the gym chain's new app promo, should we run a user-level A/B test or a geo test?",
          "a solar installer licensed in two states: is it better to plan by DMA or by state?",
          "our bakery has shops in four metro areas. do we plan by metro DMA or by state?",
          "we want to measure the TV flight's lift for the brewery. geo test or A/B test?"]
NO_CHOICE = ["should we keep brand search running or not?", "what do radio spots cost?"]
E2E_THRESHOLD = [("shipped_engine", THRESHOLD[0], "Below 75%"), ("shipped_engine", THRESHOLD[1], "+30% for two weeks"),
                 ("shipped_engine", THRESHOLD[2], "Below 80% or above 120%"),
                 ("kb_txt_engine", "frequency on the ski resort's video flight keeps rising. at what point do we cap it?",
                  "above six")]
E2E_CHOICE = [("shipped_engine", CHOICE[0], ("A/B test", "geo experiments")),
              ("shipped_engine", CHOICE[1], ("Plan by state", "Plan by DMA")),
              ("shipped_engine", CHOICE[2], ("Plan by state", "Plan by DMA")),
              ("shipped_engine", CHOICE[3], ("A/B test", "geo experiments")),
              ("kb_txt_engine", "for a roofing company, should we target by state or by DMA?", ("State targeting", "DMA targeting"))]
# after a how-to turn on another topic, the threshold question's own situation decides, not the carried topic
AFTER = [("what's the minimum budget to get a social campaign out of the learning phase?",
          "instagram cpms are up about 40% on the four-week average this week. at what point do we act on that?",
          "RSK-CPM-SPIKE"),
         ("how do we split budget between prospecting and retargeting?",
          "our blended new-customer CAC is running 20% over plan this week. at what point do we step in on that?",
          "+30% for two weeks")]
# two sibling sections, one per option, in hand-written passages
KITES = [_sec("k#3", "When to fly paper kites", "Fly paper kites on calm dry days; they tear in gusts."),
         _sec("k#4", "When to fly nylon kites", "Fly nylon kites when the wind is strong or the beach is wet."),
         _sec("k#5", "Storing kites", "Dry every kite before storing it.")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(THRESHOLD, NOT_THRESHOLD, CHOICE, NO_CHOICE, [a for _, a, _ in E2E_THRESHOLD + E2E_CHOICE],
                  [t for a in AFTER for t in a[:2]])


@pytest.mark.parametrize("ask", THRESHOLD)
def test_at_what_point_asks_for_the_threshold(ask):
    assert asks_threshold(ask) and "threshold trigger" in attributes(ask)


@pytest.mark.parametrize("ask", NOT_THRESHOLD)
def test_other_points_ask_no_threshold(ask):
    assert not asks_threshold(ask)


@pytest.mark.parametrize("ask", CHOICE)
def test_a_closing_a_or_b_is_a_choice(ask):
    assert options(ask) is not None


@pytest.mark.parametrize("ask", NO_CHOICE)
def test_no_two_options_no_choice(ask):
    assert options(ask) is None


def test_the_other_options_section_is_quoted_too():
    para = "Based on Knowledge Base [k#4]: Fly nylon kites when the wind is strong or the beach is wet."
    got = other_side("for the beach shop's event, paper kites or nylon kites?", para, KITES)
    assert got and got.startswith(para) and "[k#3]: Fly paper kites on calm dry days" in got and "Dry every" not in got
    assert other_side("what kites sell best?", para, KITES) is None


@pytest.mark.parametrize("kb,ask,said", E2E_THRESHOLD)
def test_end_to_end_the_threshold_is_quoted(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert said in got and "Based on Knowledge Base" in got, got


@pytest.mark.parametrize("kb,ask,said", E2E_CHOICE)
def test_end_to_end_both_options_are_answered(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    got = conv.send(ask).assistant
    assert all(s in got for s in said), got


@pytest.mark.parametrize("first,ask,said", AFTER)
def test_end_to_end_the_threshold_question_is_its_own_topic(first, ask, said, shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    conv.send(first)
    got = conv.send(ask).assistant
    assert said in got, got

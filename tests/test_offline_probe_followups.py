"""Follow-ups and questions a new user phrases their own way (probe of 2026-11-29), each a class:

* "the step before it?" / "the stage after that?" after a turn about one step: its neighbour
  (stepask._NEIGHBOUR reads "step|stage|phase|one" + before/after + a pronoun);
* "how does that stack up against X?" after a figure: the same figure for X (parse._FOLLOWUP);
* "how many X do we need before Y?": the count a rule sets, not a calculation needing a budget
  (searchq.THRESHOLD_ASK).
Wording of our own, on kb/ and the plain-text fixture KB."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import parse
from agent.offline.searchq import asks_threshold
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

STEP = ["Sum up the audience step for me", "ok, and the stage after that?", "the one before it?"]
VS = ["What CPM do travel brands usually pay?", "how does that stack up against ecommerce?"]
COUNT = "How many sales should we collect before we call a winner in an ad test?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(STEP, VS, [COUNT])


def test_readings():
    assert parse("how does that stack up against ecommerce?").followup
    assert parse("How would it compare for retail?").followup
    assert not parse("How does attribution compare channels?").followup
    assert asks_threshold(COUNT) and asks_threshold("how many leads do I need to see before scaling?")
    assert not asks_threshold("How many leads will $5k get us?")


def _conv(request, kb):
    return ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_neighbour_steps_by_pronoun(kb, request):
    conv = _conv(request, kb)
    conv.send(STEP[0])
    assert conv.send(STEP[1]).assistant.startswith("The next step after Step 3"), conv
    assert conv.send(STEP[2]).assistant.startswith("The step before Step 4"), conv


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_stack_up_against_another_business(kb, request):
    conv = _conv(request, kb)
    conv.send(VS[0])
    turn = conv.send(VS[1])
    calls = [c if isinstance(c, dict) else vars(c) for c in turn.tool_calls]
    assert {"name": "get_benchmark", "input": {"vertical": "ecommerce", "metric": "CPM"}} in [
        {"name": c.get("name"), "input": c.get("input")} for c in calls], calls


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_a_count_before_a_decision_is_no_budget_question(kb, request):
    text = _conv(request, kb).send(COUNT).assistant
    assert "budget?" not in text and "Based on Knowledge Base [" in text, text


CORRECT = ["What's the CPC for gaming companies?", "oops, I meant education"]


def test_a_corrected_business_is_a_follow_up():
    assert_unseen(CORRECT)
    assert parse("oops, I meant education").followup and parse("no, we meant travel").followup
    assert not parse("I meant to ask about budgets in general, what should we do first?").followup


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_the_corrected_business_gets_the_same_figure(kb, request):
    conv = _conv(request, kb)
    conv.send(CORRECT[0])
    calls = [c if isinstance(c, dict) else vars(c) for c in conv.send(CORRECT[1]).tool_calls]
    assert {"vertical": "education", "metric": "CPC"} in [c.get("input") for c in calls], calls


WALK = "Could you walk me through the measurement step?"


@pytest.mark.parametrize("kb,n", [("shipped_engine", 8), ("kb_txt_engine", 9)])
def test_walking_through_one_step_sums_it_up(kb, n, request):
    assert_unseen([WALK])
    text = _conv(request, kb).send(WALK).assistant
    assert text.startswith(f"Step {n} ("), text


CHEAPER = "Which is cheaper per click for a dentist, Google or Meta?"


def test_a_price_compared_per_unit_names_its_metric():
    assert_unseen([CHEAPER])
    assert parse(CHEAPER).metrics == ["CPC"]
    assert parse("Is Meta less expensive per lead than LinkedIn?").metrics == ["CPL"]
    assert parse("Which platform has the most reach per dollar?").metrics == []


def test_each_platforms_price_of_the_compared_unit(kb_txt_engine, request):
    text = _conv(request, "kb_txt_engine").send(CHEAPER).assistant
    assert "Google Ads 2024: $" in text and "Meta 2024: $" in text, text

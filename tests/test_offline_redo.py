"""A changed budget with a request to redo asks the last question again with the new budget
(agent.offline.redo), when the last answer looked things up or advised rather than calculated.
Own wording; both KBs. The redone answer is the answer a fresh conversation gets for the last
question with the new budget in it."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, redo
from mpa.tools import ToolExecutor


@pytest.fixture(params=["shipped_engine", "kb_txt_engine"])
def talk(request):
    executor = ToolExecutor(request.getfixturevalue(request.param))

    def send(*texts: str) -> list[str]:
        conv = ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3)
        return [conv.send(t).assistant for t in texts]
    return send


CASES = [
    ("We sell furniture online and spend $40k a month. How should that be divided across channels?",
     "Finance just moved us to 95000. Can you redo it?",
     "We sell furniture online and spend $95,000 a month. How should that be divided across channels?"),
    ("how should an online store split its budget between search and social?",
     "we have 120k a month now, rework that",
     "how should an online store split its budget between search and social? Our budget is $120,000."),
    ("What ROAS should a retailer with a $30k monthly budget plan around?",
     "budget is 60k now — update the answer please",
     "What ROAS should a retailer with a $60,000 monthly budget plan around?"),
]


@pytest.mark.parametrize("first, again, restated", CASES)
def test_a_redo_with_a_new_budget_answers_the_last_question_with_it(talk, first, again, restated):
    _, redone = talk(first, again)
    (fresh,) = talk(restated)
    assert redone == fresh


@pytest.mark.parametrize("first, again, restated", CASES)
def test_the_restated_question_keeps_the_last_one_and_swaps_the_figure(first, again, restated):
    assert redo.restated(again, (first, "an answer with no working", [])) == restated


@pytest.mark.parametrize("text", ["we have 120k a month", "redo it", "redo it for healthcare with 50k",
                                  "what's the CPA for 80k? run it again"])
def test_no_redo_without_exactly_a_new_budget_and_a_request(text):
    assert redo.restated(text, ("how should we split the budget?", "an answer", [])) is None


def test_a_calculation_is_left_to_the_memory_which_reruns_it(talk):
    assert redo.restated("budget is 60k now, redo it", ("with $30k how many customers at $50 each?", "", []), True) is None
    _, redone = talk("with $30k how many customers would we win at $50 each?", "budget is 60k now, redo it")
    assert "$60,000 ÷ $50 = 1,200" in redone

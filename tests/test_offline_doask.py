"""A follow-up asking what the user does after a figure was looked up is searched, not looked up again
(agent/offline/doask.py) — on kb/ and on a plain-text KB, in wording of its own (checked against the seen sets)."""
from __future__ import annotations


import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.doask import asks_own_action
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen


_ACTION = ["and if we end up above it?", "and what do we monitor weekly?", "and if we fall short of it?",
           "ok and what do we send the board?"]
_FIGURE = ["and what would we pay for gaming?", "and what do we get at the top end?", "and for gaming?",
           "and if we spend 20k?", "and what are we looking at on linkedin?", "and what should we expect?"]


def test_the_wording_is_its_own():
    assert_unseen(_ACTION, _FIGURE)  # the wording here is no seen data set's


@pytest.mark.parametrize("text", _ACTION)
def test_a_question_of_what_the_user_does(text):
    assert asks_own_action(parse(text))


@pytest.mark.parametrize("text", _FIGURE)
def test_a_question_of_a_figure_or_a_slot(text):
    assert not asks_own_action(parse(text))


def _turns(engine, *messages: str) -> list[tuple[list[tuple[str, dict]], str]]:
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    out = []
    for m in messages:
        t = conv.send(m)
        out.append(([(c["name"], c["input"]) for c in t.tool_calls], t.assistant))
    return out


def test_kb_a_how_to_after_a_benchmark_is_searched_and_a_slot_swap_still_looks_up(shipped_engine):
    first, action, swap = _turns(shipped_engine, "what's a normal CPC for a travel brand?", "and what do we monitor weekly?",
                                 "and what would we pay for gaming?")
    assert [n for n, _ in first[0]] == ["get_benchmark"]
    assert "get_benchmark" not in [n for n, _ in action[0]] and "search_knowledge_base" in [n for n, _ in action[0]]
    assert ("get_benchmark", {"vertical": "gaming", "metric": "CPC"}) in swap[0]


def test_plain_text_kb_what_happens_below_a_ratio_floor_is_read_from_its_rule(kb_txt2_engine):
    first, action, swap = _turns(kb_txt2_engine, "which LTV:CAC ratio do local services plans need?",
                                 "and if we fall short of it?", "and for subscription software?")
    assert "4:1" in first[1]
    assert "get_benchmark" not in [n for n, _ in action[0]]
    assert "misses the LTV:CAC floor" in action[1]   # the consequence the KB states, not the figure again
    assert [n for n, _ in swap[0]] == ["get_benchmark"] and "3.2:1" in swap[1]


def test_kb_a_slot_swap_right_after_the_how_to_still_belongs_to_the_look_up(shipped_engine):
    *_, platform, _, end = _turns(shipped_engine, "what's a normal CPC for a travel brand?", "and what do we monitor weekly?",
                                  "and on bing?", "and what do we monitor weekly?", "and the high end?")
    assert ("get_benchmark", {"vertical": "travel", "metric": "CPC", "platform": "Bing Ads"}) in platform[0]
    assert [n for n, _ in end[0]] == ["get_benchmark"]


def test_plain_text_kb_the_upper_end_after_the_how_to_is_the_ratio_again(kb_txt2_engine):
    *_, end = _turns(kb_txt2_engine, "which LTV:CAC ratio do local services plans need?",
                     "and if we fall short of it?", "and at the top end?")
    assert "get_benchmark" in [n for n, _ in end[0]]

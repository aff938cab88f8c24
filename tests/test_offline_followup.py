"""Follow-ups that lean on the previous turn (agent/offline/followup.py, memory.carry): a budget cut said
of the speakers re-runs the last division, advice asked with a new budget is looked up instead, a
judgement of value for money asks for what a customer is worth, and "what comes first" after a
quoted section is not answered with that quote again — on wording of this file's own (checked
against every seen data set), on the shipped KB and the plain-text fixture KB."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, followup
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_SAID = {
    "cut": ["our dealership spends 50k a month. what's a typical cost per lead for auto?",
            "head office trimmed us 15% from next quarter. rerun the leads please"],
    "advice": ["We install solar panels. What does a lead usually cost in solar?",
               "We have 30000 dollars a month. How many leads at the expensive end?",
               "Leadership just trimmed us to 20000 a month. Which channels should we drop first?"],
    "value": ["what's a typical CAC for a saas company?", "so would that be a good deal for us?"],
    "own topic": ["what's a typical CAC for a saas company?", "is the programmatic channel worth it for us?"],
}
_NEXT = "ok so which bit comes first?"


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*_SAID.values(), _NEXT)


@pytest.fixture(scope="module")
def kb_txt_engine():
    from mpa.engine import build_engine
    return build_engine(Path(__file__).parent / "fixtures" / "kb_txt")


def _talk(engine, *texts):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [c.send(t) for t in texts]


def test_a_cut_said_of_the_speakers_re_runs_the_last_division(shipped_engine):
    out = _talk(shipped_engine, *_SAID["cut"])[-1].assistant
    assert "$50,000 × (1 − 15%)" in out and "$42,500 ÷ $60" in out


@pytest.mark.parametrize("kb_engine", ["shipped_engine", "kb_txt_engine"])
def test_advice_asked_with_a_new_budget_is_looked_up_not_re_run(kb_engine, request):
    turns = _talk(request.getfixturevalue(kb_engine), *_SAID["advice"])
    assert any(t["name"] == "search_knowledge_base" for t in turns[-1].tool_calls)
    assert "÷" not in turns[-1].assistant


@pytest.mark.parametrize("kb_engine", ["shipped_engine", "kb_txt_engine"])
def test_a_judgement_of_value_for_money_asks_what_a_customer_is_worth(kb_engine, request):
    out = _talk(request.getfixturevalue(kb_engine), *_SAID["value"])[-1]
    assert out.assistant.rstrip().endswith("?") and not out.tool_calls


def test_a_judgement_of_something_named_is_answered_not_asked_back(shipped_engine):
    out = _talk(shipped_engine, *_SAID["own topic"])[-1]
    assert any(t["name"] == "search_knowledge_base" for t in out.tool_calls)


_PASSAGE = {"id": "launch-notes#2", "source": "launch-notes.md › Rollout", "text": (
    "## Fixed lead times\n\nLegal review and tag testing take the same time however late the launch is. Skipping "
    "them means flying blind for weeks.\n\n## Rollout order\n\n1. Start with search and email, which need no new "
    "assets.\n2. Add video once production is done.")}
_QUOTED = ("Based on Knowledge Base [launch-notes#2]: Legal review and tag testing take the same time however late the "
           "launch is. Skipping them means flying blind for weeks.")


def test_what_comes_first_is_not_answered_with_the_quote_just_given():
    left = followup.unsaid([_PASSAGE], _NEXT, ("which steps can't be rushed?", _QUOTED, []))
    assert "Legal review" not in left[0]["text"] and "Start with search and email" in left[0]["text"]


def test_other_follow_ups_may_be_answered_by_the_same_quote():
    prev = ("which steps can't be rushed?", _QUOTED, [])
    assert followup.unsaid([_PASSAGE], "can we ever skip that?", prev) == [_PASSAGE]   # no order asked
    assert followup.unsaid([_PASSAGE], "and which comes first on Bing?", prev) == [_PASSAGE]  # a slot of its own
    assert followup.unsaid([_PASSAGE], "What should a brand new store launch with first, and why?", prev) == [_PASSAGE]

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


# ------------------------------------------------------------------ the topic a follow-up carries
def test_a_word_said_before_after_the_points_back():
    from agent.offline.searchq import points_back
    assert points_back("so where does the trim land?", "the board trimmed us 10% today")
    assert points_back("ah those numbers look old. still fine?", "we got 300 sign-ups")
    assert not points_back("what does the playbook say about radio?", "the board trimmed us 10% today")
    assert not points_back("This is our first launch. what should search cost?", "hello")


def test_the_topic_keeps_what_the_answer_took_up_and_names_a_budget_change():
    from agent.offline.searchq import topic_of
    topic = topic_of("meh, the board trimmed us 10% today. rerun the signups thx",
                     "$20,000 × (1 − 10%) = $18,000 — the budget after the cut; $18,000 ÷ $40 = 450 signups", [])
    assert "budget" in topic.split() and "trimmed" in topic.split() and "signups" in topic.split()
    assert "meh" not in topic.split() and "thx" not in topic.split()


@pytest.mark.parametrize("kb_engine,opening", [
    ("shipped_engine", "our clinic spends 40k a month. at a typical healthcare CAC how many new patients is that?"),
    ("kb_txt_engine", "we install solar panels and spend 40k a month. at a typical solar CPL how many leads is that?")])
def test_where_a_cut_should_come_from_follows_the_cut(kb_engine, opening, request):
    assert_unseen(opening, "the board cut us 10% today. rerun that", "right, so where does the cut land? evenly?")
    turns = _talk(request.getfixturevalue(kb_engine), opening, "the board cut us 10% today. rerun that",
                  "right, so where does the cut land? evenly?")
    assert "$40,000 × (1 − 10%)" in turns[1].assistant
    assert "Based on Knowledge Base [" in turns[-1].assistant and "cut" in turns[-1].assistant.lower()


# ------------------------------------------------------------------ small talk in between
def test_a_pleasantry_then_a_question_is_no_small_talk():
    from agent.offline.parse import parse
    assert not parse("cool, then which one do we start with?").smalltalk
    assert parse("cheers, so how are you?").smalltalk and parse("nice one, thanks").smalltalk


@pytest.mark.parametrize("kb_engine,opening", [
    ("shipped_engine", "how often should creative be refreshed on social?"),
    ("kb_txt_engine", "how long should a geo test run before we read it?")])
def test_a_thank_you_in_between_carries_no_topic(kb_engine, opening, request):
    later = "cool, then which one do we start with?"
    assert_unseen(opening, later)
    turns = _talk(request.getfixturevalue(kb_engine), opening, "nice one, thanks", later)
    queries = [t["input"]["query"] for t in turns[-1].tool_calls if t["name"] == "search_knowledge_base"]
    assert len(queries) == 2 and len(queries[0]) > len(queries[1]) + 10  # the first turn's topic is carried


# ------------------------------------------------------------------ advice is no re-run, a new total is
@pytest.mark.parametrize("kb_engine,opening", [
    ("shipped_engine", "our dealership spends 50k a month. how many leads at a typical auto CPL?"),
    ("kb_txt_engine", "we install solar panels and spend 50k a month. at a typical solar CPL how many leads is that?")])
def test_asking_for_the_new_numbers_re_runs_and_asking_what_to_do_looks_it_up(kb_engine, opening, request):
    again, advice = "finance moved us to 40k. what should the numbers look like now?", "ok and what should we drop first?"
    assert_unseen(opening, again, advice)
    turns = _talk(request.getfixturevalue(kb_engine), opening, again, advice)
    assert "$40,000 ÷" in turns[1].assistant
    assert [t["name"] for t in turns[2].tool_calls] and {t["name"] for t in turns[2].tool_calls} == {"search_knowledge_base"}


@pytest.mark.parametrize("kb_engine,opening,fresh", [
    ("shipped_engine", "our dealership spends 50k a month. how many leads at a typical auto CPL?",
     "What's the frequency rule for the streaming TV channel?"),
    ("kb_txt_engine", "we install solar panels and spend 50k a month. at a typical solar CPL how many leads is that?",
     "How should a geo test pick its control markets?")])
def test_a_fresh_question_after_a_cut_carries_nothing(kb_engine, opening, fresh, request):
    assert_unseen(opening, fresh)
    turns = _talk(request.getfixturevalue(kb_engine), opening, "the board cut us 10% today. rerun that", fresh)
    queries = [t["input"]["query"] for t in turns[-1].tool_calls if t["name"] == "search_knowledge_base"]
    assert queries and all("budget" not in q and "cut" not in q for q in queries)

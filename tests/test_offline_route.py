"""Which route a turn takes: a how-long / is-there-a-rule question is searched, not looked up
(agent/offline/ruleask.py); a business slot is a noun phrase, never a piece of the asking clause
(agent/offline/nounphrase.py); the asking sentence, not a statement before it, sets two channels side by side
(agent/offline/sidebyside.py); "how many weeks" counts time and "how big should the holdout be" advises a size, no
people counted (agent/offline/sizing.py); a method asked with no figure is searched, not answered with a request for
inputs (agent/offline/formulas.py); a question made of
stop words is the turn a follow-up leans on (agent/offline/searchq.py) — on kb/ and on a plain-text KB, in wording
of its own (checked against the seen sets)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, nounphrase, ruleask, searchq, sidebyside, sizing
from agent.offline.parse import parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_RULE = ["we run a chain of dental clinics. how long should it take to recoup what we pay to bring in one patient?",
         "we're a local plumbing service. how long should it take to recoup what we spend to land a customer?",
         "is there a cap on how fast we can grow a campaign's daily spend?",
         "for a pet groomer, how many weeks should a new offer test run?",
         "we sell software to accountants. how often should we revisit our CAC ceiling?",
         "we're a local plumbing service. what should we do if our cost per lead doubles overnight?",
         "we're a bakery. when should we start worrying about our cost per click?"]
_FIGURE = ["how long is the usual payback for a pet groomer?", "how often do people click a bakery's search ads?", "what's a normal cost to bring in one new patient for a dental clinic?",
           "is there a typical cost per lead for plumbers?", "what do dental clinics pay per click these days?"]
_CLAUSE = ["how soon should a member make back what we spend on them?",
           "is there a rule for whether the pilot is large enough to matter?"]
_STATED = "meta vs google ads has been lopsided for us lately. should i pull a quarter of the google money this month?"
_POINTED = "google ads or meta. which one is cheaper for a bakery?"


def test_the_wording_is_its_own():
    assert_unseen(_RULE, _FIGURE, _CLAUSE, _STATED, _POINTED, _ADVISED, _METHOD, "so what should we do first",
                  "we're a dental clinic. how often should we check our cost per click? and what's a normal one?",
                  "a customer is worth $900 to us and we aim for 3:1. what's the most we can pay per customer?",
                  "how big is the audience of new parents in texas?")


@pytest.mark.parametrize("text,rule", [(t, True) for t in _RULE] + [(t, False) for t in _FIGURE])
def test_a_duration_speed_or_rule_is_asked_not_a_figure(text, rule):
    assert ruleask.asks_rule(text) is rule


@pytest.mark.parametrize("text", _CLAUSE)
def test_a_piece_of_the_asking_clause_names_no_business(text):
    assert parse(text).business_phrase is None


def test_a_business_named_by_a_price_question_is_still_read():
    assert parse("what do dental clinics pay per click these days?").business_phrase == "dental clinics"
    assert not nounphrase.holds_clause_words("it services firm")  # "IT" names a trade


def test_the_asking_sentence_sets_the_sides():
    assert sidebyside.sides(_STATED) == []  # the comparison is the situation; the question asks about one side
    assert [s.name for s in sidebyside.sides(_POINTED)] == ["Google Ads", "Meta"]  # "which one": the sides before


def test_how_many_weeks_counts_time_not_people():
    assert sizing.counts_things("how many weeks should a new offer test run?")


_ADVISED = "how large should the control group be for a two-week test?"


@pytest.mark.parametrize("engine", ["shipped_engine", "kb_txt2_engine"])
def test_the_size_a_test_group_ought_to_have_sizes_no_audience(engine, request):
    tools, _ = _turn(request.getfixturevalue(engine), _ADVISED)
    assert "get_audience_sizing" not in tools and "search_knowledge_base" in tools


_METHOD = ["how do we get to the maximum we can afford per new customer?", "how do we arrive at the most we can pay for one lead?"]


def test_kb_a_method_asked_without_figures_is_searched_not_answered_with_a_request(shipped_engine):
    tools, answer = _turn(shipped_engine, _METHOD[0])
    assert "search_knowledge_base" in tools and "To work that out" not in answer and "Based on Knowledge Base [" in answer


def test_plain_text_kb_a_method_asked_without_figures_is_read_from_the_kb(kb_txt2_engine):
    tools, answer = _turn(kb_txt2_engine, _METHOD[1])
    assert "search_knowledge_base" in tools and "gross profit per customer times close rate" in answer


def test_kb_the_user_s_own_figures_are_still_worked(shipped_engine):
    _, answer = _turn(shipped_engine, "a customer is worth $900 to us and we aim for 3:1. what's the most we can pay per customer?")
    assert "$300" in answer


def test_kb_a_headcount_is_still_sized(shipped_engine):
    assert _turn(shipped_engine, "how big is the audience of new parents in texas?")[0] == ["get_audience_sizing"]


def test_a_question_of_stop_words_is_the_turn_a_follow_up_leans_on():
    history = [("our conversions fell off a cliff after the site update", []), ("so what should we do first", [])]
    assert searchq.previous_turn(history, ["a", "b"])[0] == "so what should we do first"
    assert searchq.previous_turn(history + [("thanks!", [])], ["a", "b", "c"])[0] == "so what should we do first"


def _turn(engine, message: str) -> tuple[list[str], str]:
    t = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3).send(message)
    return [c["name"] for c in t.tool_calls], t.assistant


def test_kb_a_payback_rule_is_searched_not_a_cost_looked_up(shipped_engine):
    tools, answer = _turn(shipped_engine, _RULE[0])
    assert "get_benchmark" not in tools and "search_knowledge_base" in tools
    assert "[step-02-unit-economics#" in answer and "12 months" in answer
    assert "no healthcare figure" not in answer  # a rule asked: no note that the figure is another business's


def test_kb_a_cadence_the_user_keeps_is_searched(shipped_engine):
    tools, answer = _turn(shipped_engine, _RULE[4])
    assert "get_benchmark" not in tools and "[step-05-budget-setting#" in answer and "Quarterly" in answer


def test_plain_text_kb_what_to_do_when_a_cost_doubles_is_searched(kb_txt2_engine):
    tools, answer = _turn(kb_txt2_engine, _RULE[5])
    assert "get_benchmark" not in tools and "[planning_stages#" in answer and "fourteen days" in answer


def test_kb_a_cost_asked_is_still_looked_up(shipped_engine):
    tools, _ = _turn(shipped_engine, "what's a normal cost to bring in one new patient for a dental clinic?")
    assert tools == ["get_benchmark"]


def test_a_figure_asked_beside_a_cadence_keeps_the_look_up():
    assert not ruleask.asks_rule("we're a dental clinic. how often should we check our cost per click? and what's a normal one?")


def test_plain_text_kb_a_payback_rule_is_searched_not_a_cost_looked_up(kb_txt2_engine):
    tools, answer = _turn(kb_txt2_engine, _RULE[1])
    assert "get_benchmark" not in tools
    assert "[budget_rules_and_ratios#" in answer and "under 3 months for local services" in answer


def test_plain_text_kb_a_rule_of_months_sizes_no_audience(kb_txt2_engine):
    tools, _ = _turn(kb_txt2_engine, "we're a local plumbing service. is there a rule on how many months a new customer "
                                     "gets to repay what we spent acquiring them?")
    assert "get_audience_sizing" not in tools and "get_benchmark" not in tools

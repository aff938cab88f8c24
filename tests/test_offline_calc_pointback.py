"""Remembered prices and amounts said loosely (agent/offline/parse.py count asks, agent/offline/arith.py
"at that price"), and the KB factor a reported count is multiplied by (planmath.rate_sentence), on wording of this file's own — checked against every seen data set."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, parse
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_ASKS = ["what could 70 thousand dollars buy in clicks at that price?", "what will 45 grand get us in signups",
         "what does $9,500 bring in views?", "What does a click cost for a software company?",
         "and 70 thousand dollars, how many clicks is that at the bottom of the range?",
         "the ad platform reports 900k gamers in Texas. how many actual people would that be?",
         "our social platform estimate is 250k runners; how many real people is that?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_ASKS)


@pytest.mark.parametrize("text,unit", [(_ASKS[0], "clicks"), (_ASKS[1], "signups"), (_ASKS[2], "views")])
def test_what_an_amount_buys_is_a_count_of_the_unit_named_after_in(text, unit):
    p = parse(text)
    assert p.calc is not None and p.calc.op == "div" and p.unit == unit
    assert p.numbers[0].role == "budget"


@pytest.fixture(scope="module")
def chat(shipped_engine):
    executor = ToolExecutor(shipped_engine)

    def run(*messages: str) -> str:
        c = ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3)
        for m in messages:
            out = c.send(m).assistant
        return out
    return run


def test_at_that_price_after_a_benchmark_works_the_typical_range_and_the_high_value(chat):
    out = chat(_ASKS[3], _ASKS[0])
    assert "$70,000 ÷ $7.00" in out or "$70,000 ÷ $7 " in out
    assert "$70,000 ÷ $3.50 = 20,000" in out
    assert "$70,000 ÷ $14 = 5,000 clicks at the High value" in out
    assert "range of $3.50–$7.00" in out  # the row's own cell, not a reformatted one


def test_a_named_end_of_the_range_is_not_stress_tested(chat):
    out = chat(_ASKS[3], _ASKS[4])
    assert "$70,000 ÷ $3.50 = 20,000" in out and "High value" not in out


@pytest.mark.parametrize("text,line", [(_ASKS[5], "900,000 × 0.60 = 540,000"), (_ASKS[6], "250,000 × 0.60 = 150,000")])
def test_a_platform_count_is_deflated_with_the_factor_for_platform_reach(chat, text, line):
    # the factor sentence sharing the question's words (the platform's reach), not the first factor found
    assert line in chat(text)


def test_the_factor_sentence_is_the_one_sharing_the_questions_words():
    from agent.offline.planmath import fitting, rate_sentence
    births = {"id": "a#1", "text": "Parents\n\nThe chain multiplies annual births by 1.9 parents per baby."}
    sites = {"id": "b#2", "text": "Site counts\n\nMultiply crawler-reported site visits by 0.4 to count distinct visitors."}
    q = "the crawler reports 80k site visits; how many real visitors?"
    assert rate_sentence(fitting(q, [births, sites])).startswith("Based on Knowledge Base [b#2]")
    assert fitting(q, [births]) == []


_MORE_ASKS = ["what's the going CPC for auto dealers?", "fine, and what could 30k buy us at those prices?",
              "what budget do we need to get 1,500 leads for a fintech?",
              "We have 50 grand a month; what's a normal CPA for an online store?", "and if spending gets cut by 25%?",
              "and how many is that?", "could we shift 30% of that budget to tiktok?"]


def test_the_further_wording_is_in_no_seen_data_set():
    assert_unseen(_MORE_ASKS)


def test_what_an_amount_buys_at_those_prices_is_worked_at_the_shown_figures(chat):
    out = chat(_MORE_ASKS[0], _MORE_ASKS[1])
    assert "$30,000 ÷ $2.60" in out and "$30,000 ÷ $1.20 = 25,000" in out and "at the High value" in out


def test_a_budget_for_a_count_prices_the_noun_after_the_count(chat):
    out = chat(_MORE_ASKS[2])
    assert "1,500 × $110 = $165,000" in out and "1,500 × $45 = $67,500" in out


def test_a_budget_moved_by_a_percentage_re_runs_the_last_division(chat):
    out = chat(_MORE_ASKS[3], _MORE_ASKS[4])
    assert "$50,000 × (1 − 25%) = $50,000 × 0.75 = $37,500" in out and "$37,500 ÷ $40" in out


def test_that_alone_is_no_pointing_to_a_price_and_a_share_moved_is_no_budget_change(chat):
    assert "High value" not in chat("what's the going CPC for auto dealers?", "we've got 18k, how many clicks is that?")
    assert "(1 − 30%)" not in chat(_MORE_ASKS[3], _MORE_ASKS[6])


@pytest.mark.parametrize("said,value", [("about 1.5 mil a year", 1_500_000), ("half a mil", 500_000),
                                        ("a quarter mil, give or take", 250_000), ("roughly 3mil", 3_000_000),
                                        ("a hundred grand", 100_000), ("a hundred k", 100_000)])
def test_spoken_short_amounts(said, value):
    from agent.offline.numbers import digits, parse_numbers
    assert [n.value for n in parse_numbers(digits(said))] == [value]
    assert_unseen(said)


_REDO = {"bench": "what's a typical CPC for travel?", "budget": "we've got 40k. how many clicks?",
         "end": "what about at the expensive end?", "new": "and with 55k instead?",
         "own": "we pay $4 a click and have 20 grand. how many clicks?", "price": "what if the click price rises to $5?",
         "first": "we have 75k for the quarter in ecommerce. how many customers at a typical CAC?",
         "other": "and how many purchases at a typical CPA?"}


def test_the_redo_wording_is_in_no_seen_data_set():
    assert_unseen(_REDO.values())


def test_an_end_of_the_range_after_a_calculation_redoes_it_at_that_end(chat):
    out = chat(_REDO["bench"], _REDO["budget"], _REDO["end"])
    assert "$40,000 ÷ $1.40 ≈ 28,571 clicks at the top" in out and "$0.60" not in out.split("\n\n")[0].split(":\n")[1]


def test_a_new_budget_said_as_a_follow_up_redoes_the_calculation(chat):
    assert "$55,000 ÷ $1.40 ≈ 39,286" in chat(_REDO["bench"], _REDO["budget"], _REDO["new"])


def test_a_price_that_rises_to_a_figure_is_the_new_price(chat):
    out = chat(_REDO["own"], _REDO["price"])
    assert "$20,000 ÷ $5 = 4,000 clicks" in out and "$5 ÷ $4" not in out


def test_another_count_at_another_named_price_uses_the_remembered_budget(chat):
    assert "$75,000 ÷ $40 = 1,875 purchases" in chat(_REDO["first"], _REDO["other"])


_RATIO_REDO = ["a customer is worth about $900 to us over their lifetime.", "we're paying $300 per customer right now. "
               "is that ratio ok?", "and if CAC climbs to $400?", "our target CAC is 50 bucks and we have 10 grand.",
               "how many customers?", "what if we double the budget?", "and if we halve the budget instead?"]


def test_the_ratio_wording_is_in_no_seen_data_set():
    assert_unseen(_RATIO_REDO)


def test_a_ratio_asked_after_the_value_was_said_and_redone_with_a_new_cost(chat):
    assert "$900 ÷ $300 = 3.0, i.e. an LTV:CAC of 3.0:1" in chat(*_RATIO_REDO[:2])
    assert "$900 ÷ $400 = 2.25" in chat(*_RATIO_REDO[:3])


def test_a_doubled_or_halved_budget_redoes_the_division(chat):
    assert "$10,000 × 2 = $20,000" in chat(*_RATIO_REDO[3:6]) and "$20,000 ÷ $50 = 400 customers" in chat(*_RATIO_REDO[3:6])
    assert "$10,000 × 0.50 = $5,000" in chat(*_RATIO_REDO[3:5], _RATIO_REDO[6])


def test_how_many_per_period_names_the_unit_alone():
    from agent.offline.parse import parse
    assert parse("so how many signups a week would that be?").unit == "signups"


_PERIOD = ["we have 1.2M a year for saas ads. how many leads a month at a typical CPL?",
           "our monthly budget is 20k. how many clicks a year at $2 a click?",
           "we have 100k a quarter for a saas product.", "what's the typical CPL?", "so how many leads a month is that?",
           "we have 30k a month. how many leads at $50 each?"]


def test_the_period_wording_is_in_no_seen_data_set():
    assert_unseen(_PERIOD)


def test_a_budget_for_another_period_is_spread_over_the_asked_one(chat):
    out = chat(_PERIOD[0])
    assert "$1,200,000 ÷ 12 = $100,000 a month" in out and "$100,000 ÷ $180" in out
    assert "$20,000 × 12 = $240,000 a year" in chat(_PERIOD[1]) and "$240,000 ÷ $2 = 120,000" in chat(_PERIOD[1])
    assert "$100,000 ÷ 3 = $33,333.33 a month" in chat(*_PERIOD[2:5])


def test_the_same_period_or_none_asked_leaves_the_budget_whole(chat):
    out = chat(_PERIOD[5])
    assert "$30,000 ÷ $50 = 600 leads" in out and "spread" not in out


def test_a_cost_worked_out_with_a_lifetime_value_said_gives_the_ratio_and_its_benchmark(chat):
    q = "this half we put $300k into ads and won 250 new accounts; each is worth about $4,200 in margin. healthy for b2b software?"
    assert_unseen(q)
    out = chat(q)
    assert "$300,000 ÷ 250 = $1,200 — your CAC" in out and "$4,200 ÷ $1,200 = 3.50, i.e. an LTV:CAC of 3.50:1" in out
    assert "LTV:CAC (lifetime value to CAC ratio) range" in out

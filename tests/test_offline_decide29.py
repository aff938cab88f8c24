"""Asking for an amount a KB cost will divide (clarifycite), in wording of our own on kb/ and a plain-text fixture KB:
the cost quoted before is said beside the question even when a ratio or a rate was judged since — the last cost
the KB gave, not the last figure."""
from __future__ import annotations

from agent.offline import clarifycite, otherbudget
from agent.offline.memory import Memory
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

POOLED = "and if we pooled in the budget of our sister bakery, how many more orders?"
KB_TURNS = ["we run a bakery shop online, budget is 6,000 a month. whats a typical cost to win a new customer for ecommerce?",
            "each customer is worth about 150 to us over their life, is the ratio healthy?", POOLED]
TXT_TURNS = ["we run a bakery shop online, budget is 6,000 a month. whats a typical cpa on facebook for online shops?",
             "and the usual return on ad spend for online sellers?", POOLED]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(KB_TURNS, TXT_TURNS)


def test_the_last_cost_is_said_after_a_ratio_was_judged():
    mem = Memory(vertical="retail", last_metric="LTV:CAC", ranges={
        "CAC": (20.0, 40.0, "benchmarks-retail#0"), "LTV:CAC": (3.0, 5.0, "benchmarks-retail#1")},
        range_verticals={"CAC": "retail", "LTV:CAC": "retail"}, labels={"CAC": "retail CAC (customer acquisition cost)"})
    need = otherbudget.need(parse(POOLED))
    assert clarifycite.line(need, mem).endswith("range of $20–$40 (Based on Knowledge Base [benchmarks-retail#0]).")
    mem.facts["price"] = 35.0  # the user's own price is the one to use
    assert clarifycite.line(need, mem) == ""


def test_the_shipped_and_a_plain_text_kb_say_the_cost_beside_the_question(shipped_engine, kb_txt_engine):
    got = turns(shipped_engine, KB_TURNS)[-1][0]
    assert got.startswith("To work that out") and "ecommerce CAC" in got and "[benchmarks-ecommerce#" in got, got
    got = turns(kb_txt_engine, TXT_TURNS)[-1][0]
    assert got.startswith("To work that out") and "CPA" in got and "[conversion_and_cpa_benchmarks#" in got, got

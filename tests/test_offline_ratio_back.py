"""The most to pay for a customer, asked with the customer's value right after the knowledge base's LTV:CAC ratio was
given, is the value ÷ that ratio (agent/offline/ratioback.py) — each end of a Typical range, the ratio's passage cited:
the turn asked the user for "a target LTV:CAC ratio" the answer before had just stated, or quoted a passage about caps
with no working. On the shipped KB and a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import planmath, ratioback
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_KB = ("ltv to cac for a software company, what's healthy?", "a client nets us roughly 2,400 over their life — what cac "
                                                              "could we justify then")
_TXT = ("ltv:cac target for subscription software?", "each subscriber is worth 960 in gross profit, so the most we "
                                                     "should pay to land one is what")
_MOST = [("kb", "healthy ltv:cac for travel brands?", "the average customer brings in 600 over their lifetime, so what's "
          "the highest we'd want to pay", "$600 ÷ 3 = $200"),
         ("kb_txt2", "ltv to cac floor for consumer finance?", "each customer makes us about 750 in gross profit, what's "
          "the max we can pay", "$750 ÷ 2.5 = $300")]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(list(_KB) + list(_TXT) + [t for c in _MOST for t in c[1:3]])


def test_the_ratio_read_back_is_the_typical_range_else_the_one_ratio():
    assert ratioback.ratios("Based on Knowledge Base [b#0], the Typical saas LTV:CAC (lifetime value to CAC ratio) "
                            "range is 3.0:1–5.0:1, with 2.0:1 at the Low end") == ([3.0, 5.0], "b#0")
    assert ratioback.ratios("the Local Services LTV:CAC figures are: 2025: 4:1 [r#1].") == ([4.0], "r#1")
    assert ratioback.ratios("Typical CPC is $1–$2 [x#0]") == ([], "")  # no LTV:CAC answer: nothing to read back
    assert ratioback.ratios("LTV:CAC floors: 3.2:1 for software, 4:1 for services [r#1]") == ([], "")  # which one?


def test_a_ratio_the_user_gives_is_the_planners_formula_not_this():
    assert ratioback.work("worth $900, what's the most to pay per customer at 3:1", "LTV:CAC 4:1 [r#1]",
                          planmath.asks_most_per_unit) is None


def test_the_most_to_pay_at_the_ratio_just_given_on_the_shipped_kb(shipped_engine):
    out = answer_on(shipped_engine, list(_KB), None)
    assert "$2,400 ÷ 3 = $800" in out and "$2,400 ÷ 5 = $480" in out and "[benchmarks-saas#1]" in out, out


def test_the_most_to_pay_at_the_ratio_just_given_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    first, out = [a for a, _ in turns(kb_txt2_engine, list(_TXT))]
    assert "3.2:1" in first
    assert "$960 ÷ 3.2 = $300" in out and "[budget_rules_and_ratios#1]" in out, out


@pytest.mark.parametrize("kb,first,then,line", _MOST)
def test_the_most_to_pay_said_with_one_customer_and_no_per_unit(shipped_engine, kb_txt2_engine, monkeypatch, kb, first,
                                                                then, line):
    if kb != "kb":
        monkeypatch.setenv("MPA_KB_DIR", f"tests/fixtures/{kb}")
    out, _ = turns(shipped_engine if kb == "kb" else kb_txt2_engine, [first, then])[1]
    assert line in out, out

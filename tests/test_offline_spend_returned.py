"""Revenue asked of a spend with "return" as a verb — "we put 8k in last month. what should that have returned" — is the
spend × the ROAS just looked up (agent/offline/stagerate.py reads "returned" as it reads "bring back"): such a turn was
searched and answered with an unrelated passage. "return on ad spend" names the metric and "return to" is no revenue.
On the shipped KB and a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import parse, stagerate
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_KB = ("ecommerce roas?", "we put 8k in last month. what should that have returned")
_TXT = ("amazon ads roas for pet food", "we put 5k into it last month, what should that have returned")


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(list(_KB) + list(_TXT))


@pytest.mark.parametrize("text,asked", [(_KB[1], "ROAS"), ("we spend 9k, what will it return?", "ROAS"),
                                        ("we spend 9k; what's a normal return on ad spend?", None),
                                        ("we spend 9k, let's return to the budget split", None)])
def test_return_as_a_verb_asks_the_revenue_of_a_spend(text, asked):
    assert stagerate.rate(parse(text)) == asked


def test_the_revenue_of_a_spend_on_the_shipped_kb(shipped_engine):
    out = answer_on(shipped_engine, list(_KB), None)
    assert "$8,000 × 2.5 = $20,000" in out and "$8,000 × 4.0 = $32,000" in out, out


def test_the_revenue_of_a_spend_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, list(_TXT), monkeypatch, "tests/fixtures/kb_txt2")
    assert "$5,000 × 4.0 = $20,000" in out and "$5,000 × 4.5 = $22,500" in out, out

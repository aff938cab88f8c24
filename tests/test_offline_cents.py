"""A price said in cents ("at 45 cents a click", "45c per click") is a money figure of that many hundredths of a dollar
(agent/offline/typed.py): read as a bare "45", a budget was divided by $45 a click ("$6,000 ÷ $45"). On the shipped KB
and a plain-text KB, in wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import typed
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_KB = ("retail cpc?", "at 45 cents a click, what does 6k buy")
_TXT = ("driving school cpc on google", "at 95 cents per click how many clicks would 2k get")


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(list(_KB) + list(_TXT))


@pytest.mark.parametrize("said,read", [("at 45 cents a click", "at $0.45 a click"), ("we pay 45c per click", "we pay $0.45 per click"),
                                       ("12.5 cents a view?", "$0.125 a view?"), ("a 2c increase", "a 2c increase"),
                                       ("we got 60 clicks", "we got 60 clicks")])
def test_a_price_in_cents_is_read_in_dollars(said, read):
    assert typed.read(said) == read


def test_a_budget_at_a_price_in_cents_on_the_shipped_kb(shipped_engine):
    out = answer_on(shipped_engine, list(_KB), None)
    assert "$6,000 ÷ $0.45 ≈ 13,333 clicks" in out, out


def test_a_budget_at_a_price_in_cents_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, list(_TXT), monkeypatch, "tests/fixtures/kb_txt2")
    assert "$2,000 ÷ $0.95 ≈ 2,105 clicks" in out, out

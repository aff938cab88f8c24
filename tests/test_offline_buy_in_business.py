"""A budget asked what it buys in a business ("… buy in pet insurance", "… buy for a …") is never read as a metric
made of the business's first word ("cost per pet"): the business's own row of a KB price list is worked, or which
result to count is asked, and the reply naming one is worked (agent.offline.parse, rowprice, resultask). Wording of
our own."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from tests.offline_turns import assert_answered_on
from tests.unseen_wording import assert_unseen

_ASK = "Which result do you mean $7,500 to buy in travel"
_CASES = [  # (engine, folder, messages, shown, absent)
    ("kb_txt7_engine", "tests/fixtures/kb_txt7", ["how much would $3,500 buy us in pet insurance?"],
     ["Pet Insurance: $11-14", "$3,500 ÷ $14 ≈ 250 to $3,500 ÷ $11 ≈ 318 completed quotes"],
     ["cost per pet", "Renters Insurance"]),  # the row named whole, not every "… Insurance" row
    ("shipped_engine", None, ["what will $7,500 buy in travel?"], [_ASK], ["cost per travel", "÷"]),
    ("shipped_engine", None, ["what will $7,500 buy in travel?", "first-time customers"], ["$7,500 ÷", "first-time customers"], [_ASK]),
]


def test_the_wording_is_our_own():
    assert_unseen([m for _, _, ms, _, _ in _CASES for m in ms])


@pytest.mark.parametrize("ask,unit", [("what would $3,500 buy us in pet insurance?", ""),
                                      ("what will $7,500 buy in travel?", ""),  # a vertical: where, not what
                                      ("what would 6k get us in leads?", "leads"),
                                      ("what does 2k buy in clicks on Meta?", "clicks")])
def test_a_noun_after_buy_in_is_counted_only_as_the_whole_phrase(ask, unit):
    p = parse(ask)
    assert p.unit == unit and not p.metric_phrases, (p.unit, p.metric_phrases)


@pytest.mark.parametrize("kb,folder,messages,shown,absent", _CASES)
def test_what_a_budget_buys_in_a_business(request, monkeypatch, kb, folder, messages, shown, absent):
    assert_answered_on(request, monkeypatch, kb, folder, messages, shown, absent)

"""Remembered prices and amounts said loosely (agent/offline/parse.py count asks, agent/offline/arith.py
"at that price"), on wording of this file's own — checked against every seen data set."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, parse
from mpa.tools import ToolExecutor
from tests.test_offline_carry import _seen_dataset_text

_ASKS = ["what could 70 thousand dollars buy in clicks at that price?", "what will 45 grand get us in signups",
         "what does $9,500 bring in views?", "What does a click cost for a software company?",
         "and 70 thousand dollars, how many clicks is that at the bottom of the range?"]


def test_the_wording_here_is_in_no_seen_data_set():
    seen = _seen_dataset_text()
    assert not [t for t in _ASKS if t.lower() in seen]


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

"""A multiple said with nothing after it, just after a budget was divided (probe of 2026-11-29, h_calc): "How many
leads would $45,000 get an auto dealership?" then "what if we double" — the budget is what was divided, so it is
doubled and divided again; before, "double" with no "budget" or "it" after it was searched and quoted a ramp rule.
Wording of our own, on kb/ and the plain-text fixture KB kb_txt2."""
from __future__ import annotations

from agent.offline.budgetmove import moves_budget
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

AUTOS = ["How many leads would $45,000 get an auto dealership?", "what if we double"]
PESTS = ["pest control cost per lead on google", "we have 20k a month, how many leads", "what if we halve?"]


def test_readings():
    assert_unseen(AUTOS, PESTS)  # the wording here is no data set's
    assert moves_budget(parse("what if we double"), pointing=True)
    assert moves_budget(parse("and if we halve?"), pointing=True)
    assert not moves_budget(parse("what if conversions double next month, what then"), pointing=True)


def test_a_bare_multiple_on_the_shipped_kb(shipped_engine):
    _, (text, _) = turns(shipped_engine, AUTOS)
    assert "$45,000 × 2 = $90,000" in text and "$90,000 ÷ $60 = 1,500 leads" in text, text


def test_a_bare_multiple_on_a_plain_text_kb(kb_txt2_engine):
    *_, (text, _) = turns(kb_txt2_engine, PESTS)
    assert "$10,000" in text and "$10,000 ÷ $57 ≈ 175 leads" in text, text

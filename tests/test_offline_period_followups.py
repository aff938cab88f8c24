"""A period named after a calculation (probe of 2026-11-29, h_calc): "…$60k per quarter… how many leads?" then
"and per month?" / "what about per year" — the same working for that period (:mod:`agent.offline.calcperiod`),
not a look-up of a "cost per month" metric. Wording of our own, on kb/ and the plain-text fixture KB kb_txt2."""
from __future__ import annotations

from agent.offline.calcperiod import _only_period, restated
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SAAS = ["We're a B2B SaaS startup with a budget of sixty thousand dollars per quarter. Roughly how many leads does "
        "that buy?", "and per month?", "what about per year"]
PESTS = ["we're a pest control company with 9k a month for google ads. how many leads will that get us?", "quarterly?"]


def test_readings():
    assert_unseen(SAAS, PESTS)  # the wording here is no data set's
    assert _only_period("and per month?") == "month" and _only_period("quarterly?") == "quarter"
    assert _only_period("what about per year") == "year"
    assert _only_period("what's our CPL per month?") is None  # a metric besides
    assert _only_period("and 5k per month?") is None  # a new budget: the memory's re-run
    assert _only_period("per month or per year?") is None  # two periods
    assert restated("and per month?", []) is None


def test_a_period_after_a_working_on_the_shipped_kb(shipped_engine):
    _, (month, calls), (year, _) = turns(shipped_engine, SAAS)
    assert {"vertical": "saas", "metric": "CPL"} in calls, calls
    assert "$60,000 ÷ 3 = $20,000 a month" in month and "$20,000 ÷ $80 = 250 leads" in month, month
    assert "$60,000 × 4 = $240,000 a year" in year and "$240,000 ÷ $80 = 3,000 leads" in year, year


def test_a_period_after_a_working_on_a_plain_text_kb(kb_txt2_engine):
    _, (text, calls) = turns(kb_txt2_engine, PESTS)
    assert any(c.get("metric") == "CPL" for c in calls), calls
    assert "$9,000 × 3 = $27,000 a quarter" in text and "$27,000 ÷ $57 ≈ 474 leads" in text, text

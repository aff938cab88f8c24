"""A spend supposed right after a price was looked up (probe of 2026-11-29, h_calc): "cpa for retail" then "what if
we spend 60 grand" asks what that spend buys at the price just given — in the price's own unit — and "and if we halve
it" then moves that budget (:func:`agent.offline.buyask.spent`); before, both were searched. Wording of our own, on
kb/ and the plain-text fixture KB kb_txt2."""
from __future__ import annotations

from agent.offline.buyask import spent
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

RETAIL = ["cpa for retail", "what if we spend 60 grand", "and if we halve it"]
DECOR = ["pinterest cpc for home decor", "say we put in $12k?"]


def test_readings():
    assert_unseen(RETAIL, DECOR)  # the wording here is no data set's
    assert spent(parse("what if we spend 60 grand"), "CPA").target == "acquisitions"
    assert spent(parse("say we put in $12k?"), "CPM").per_thousand
    assert spent(parse("what if we spend 60 grand"), None) is None  # no price looked up
    assert spent(parse("what if we spend 60 grand on tv, is that smart?"), "CPC") is None  # a question of its own
    assert spent(parse("what if we spend 60 grand"), "CTR") is None  # a rate buys nothing


def test_a_supposed_spend_on_the_shipped_kb(shipped_engine):
    _, (spend, _), (half, _) = turns(shipped_engine, RETAIL)
    assert "$60,000 ÷ $30 = 2,000 acquisitions" in spend and "$60,000 ÷ $15 = 4,000 acquisitions" in spend, spend
    assert "$30,000 ÷ $30 = 1,000 acquisitions" in half, half


def test_a_supposed_spend_on_a_plain_text_kb(kb_txt2_engine):
    _, (text, _) = turns(kb_txt2_engine, DECOR)
    assert "$12,000 ÷ $1.35 ≈ 8,889 clicks" in text, text

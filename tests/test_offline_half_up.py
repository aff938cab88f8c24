"""A count that falls on a half is rounded up (probe of 2026-11-29, h_calc): "$25,000 ÷ $3.20" is 7,812.5, shown as
"≈ 7,812" by Python's round(), which takes a half to the even neighbour and reads as an arithmetic slip. Wording
of our own, on kb_txt and kb/."""
from __future__ import annotations

from agent.offline.numbers import result
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SENIOR = ["cpc for real estate agents on google", "and for senior living?", "25k, clicks?"]
SAAS = ["saas cpl?", "we have 45k, how many leads?"]


def test_halves_up():
    assert_unseen(SENIOR, SAAS)  # the wording here is no data set's
    assert result(7812.5, True) == ("≈", "7,813") and result(562.5, True) == ("≈", "563")
    assert result(7812.4, True) == ("≈", "7,812") and result(250.0, True) == ("=", "250")


def test_on_the_plain_text_kb_and_the_shipped_kb(kb_txt_engine, shipped_engine):
    *_, (text, _) = turns(kb_txt_engine, SENIOR)
    assert "$25,000 ÷ $3.20 ≈ 7,813 clicks" in text, text
    _, (text, _) = turns(shipped_engine, SAAS)
    assert "$45,000 ÷ $80 ≈ 563 leads" in text, text

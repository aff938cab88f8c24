"""A new price for the metric the last working was done at (probe of 2026-11-29, h_calc): "saas cpc please",
"with $35k how many clicks", then "and if the cpc rises to $8?" — the same working at the user's price ($35,000 ÷ $8),
counting the same unit (clicks, not "CPCs"), when the price came from the KB's range rather than from the user;
before, the $8 was only judged against the range. Wording of our own, on kb/ and the plain-text fixture KB."""
from __future__ import annotations

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

SAAS = ["saas cpc please", "with $35k how many clicks", "and if the cpc rises to $8?"]
MOVERS = ["moving company cpc on google", "15k a month, how many clicks?", "and if cpc is 5 dollars"]


def test_a_new_price_after_a_working_on_the_shipped_kb(shipped_engine):
    assert_unseen(SAAS, MOVERS)  # the wording here is no data set's
    *_, (text, _) = turns(shipped_engine, SAAS)
    assert "$35,000 ÷ $8 = 4,375 clicks" in text, text


def test_a_new_price_after_a_working_on_a_plain_text_kb(kb_txt2_engine):
    *_, (text, _) = turns(kb_txt2_engine, MOVERS)
    assert "$15,000 ÷ $5 = 3,000 clicks" in text, text

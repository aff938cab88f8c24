"""A result counted after a media unit's price (probe of 2026-11-29, h_calc): "what's the cpc for travel brands"
then "with 10k, how many bookings?" — a click's price buys clicks, not bookings; the remembered CPC is kept only
for its own unit, and a result is priced by what it is ("cost per booking", which the benchmark tool reads as the
KB's own metric for it) (:data:`agent.offline.arith._MEDIA_UNIT`). Wording of our own, on kb/ and kb_txt2."""
from __future__ import annotations

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

TRAVEL = ["what's the cpc for travel brands", "with 10k, how many bookings?"]
VETS = ["vet clinic cpc", "budget $5,000/mo how many booked calls"]


def test_a_result_after_a_click_price_on_the_shipped_kb(shipped_engine):
    assert_unseen(TRAVEL, VETS)  # the wording here is no data set's
    _, (text, calls) = turns(shipped_engine, TRAVEL)
    assert all(c.get("metric") != "CPC" for c in calls), calls
    assert "$10,000 ÷ $55 ≈ 182 bookings" in text and "$1.40" not in text.split("\n\n")[0], text


def test_a_result_after_a_click_price_on_a_plain_text_kb(kb_txt2_engine, meaning):  # "vet clinic": by meaning
    _, (text, calls) = turns(kb_txt2_engine, VETS)
    assert any(c.get("metric") == "cost per booked call" for c in calls), calls
    assert "$5,000 ÷ $55 ≈ 91 booked calls" in text and "$3.40" not in text, text

"""The unit counted stops before "on <platform>" (probe of 2026-11-29, h_calc): "$10k a month how many clicks on
google" counted "clicks on" ("≈ 1,852 clicks on at the top of the Typical range"). Wording of our own, on kb_txt
and kb/."""
from __future__ import annotations

from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

PLUMBERS = ["google cpc for plumbers", "$10k a month how many clicks on google"]
SHOPS = ["ecommerce cpc?", "$8k how many clicks on meta?"]


def test_the_unit(kb_txt_engine, shipped_engine):
    assert_unseen(PLUMBERS, SHOPS)  # the wording here is no data set's
    assert parse(PLUMBERS[1]).unit == "clicks" and parse(SHOPS[1]).unit == "clicks"
    _, (text, _) = turns(kb_txt_engine, PLUMBERS)
    assert "≈ 1,852 clicks at the top" in text, text
    _, (text, _) = turns(shipped_engine, SHOPS)
    assert "clicks on" not in text and "$8,000 ÷ $1.30 ≈ 6,154 clicks" in text, text

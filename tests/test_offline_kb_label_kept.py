"""The business a conversation is about, when the KB's own labels are narrower than the vocabulary's industry
(probe of 2026-11-29, h_calc): "personal injury law firm cost per lead google ads" names the KB label "Personal
Injury Law Firms" in full, narrower than the industry "legal services" (which the KB lists under two labels); the
label is the business, this turn and the next. And when a look-up answered with several labels ("A / B"), the
business remembered is the one asked, not the joined labels — which the tool had read by meaning as one of them
("Family Law" for a personal-injury firm). Wording of our own, on kb_txt2 and kb/."""
from __future__ import annotations

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

INJURY = ["personal injury law firm cost per lead google ads", "we have 20k a month, how many leads", "what if we double"]
BANK = ["what's the cpc for a credit union", "and with 12k how many clicks?"]


def test_the_label_said_in_full_on_a_plain_text_kb(kb_txt2_engine):
    assert_unseen(INJURY, BANK)  # the wording here is no data set's
    (first, calls), (second, calls2), (third, calls3) = turns(kb_txt2_engine, INJURY)
    assert all(c.get("vertical") == "Personal Injury Law Firms" for c in calls + calls2 + calls3 if "metric" in c), \
        (calls, calls2, calls3)
    assert "$185-240" in first and "Family Law" not in first, first
    assert "$20,000 ÷ $240 ≈ 83 leads" in second and "$118" not in second, second
    assert "$40,000 ÷ $240 ≈ 167 leads" in third and "Family Law" not in third, third


def test_an_industry_still_reads_on_the_shipped_kb(shipped_engine):
    (first, _), (text, calls) = turns(shipped_engine, BANK)
    assert "financial-services CPC" in first and {"vertical": "financial-services", "metric": "CPC"} in calls, calls
    assert "$12,000 ÷ $6 = 2,000 clicks" in text, text

"""A new user's probe of the offline agent on kb_txt4, kb_txt5 and kb_txt6 (session 31): the general rules its wrong
answers led to, each checked on the KB where it was found and on another KB, in wordings of our own."""
from __future__ import annotations

from pathlib import Path

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

FIX = Path(__file__).resolve().parent / "fixtures"

TWO_PART = {
    "kb_txt6": "How much is one eligible applicant for a public school district, and what applicant-to-hire rate do "
               "transit operators get?",
    "kb_txt4": "What does a booked appointment run for a chiropractor, and what's their Google CPC?",
    "kb": "What CPL should a B2B SaaS company expect, and what's the Google Ads CPC for an online store?",
}


def test_each_part_keeps_its_own_business_and_platform(monkeypatch, kb_txt6_engine, kb_txt4_engine, shipped_engine):
    """Two figures asked in two parts were the cross product of the message's metrics, its first business and every
    platform it named: the second business was never looked up (kb_txt6 answered the school district's hire rate for
    transit operators), and the platform of one part was put on the other (kb_txt4: "no chiropractor cost per booked
    appointment on Google Ads", where the KB keeps it blended)."""
    assert_unseen(TWO_PART.values())
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt6"))
    (a, calls), = turns(kb_txt6_engine, [TWO_PART["kb_txt6"]])
    assert "$41-49" in a and "14%" in a and "18-22%" not in a
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt4"))
    (a, calls), = turns(kb_txt4_engine, [TWO_PART["kb_txt4"]])
    assert "$42-55" in a and "$3.10-3.55" in a and "no chiropractor" not in a.lower()
    monkeypatch.delenv("MPA_KB_DIR")
    (a, calls), = turns(shipped_engine, [TWO_PART["kb"]])
    looked = [(c.get("vertical"), c.get("metric"), c.get("platform")) for c in calls if "metric" in c]
    assert ("saas", "CPL", None) in looked and ("ecommerce", "CPC", "Google Ads") in looked
    assert not [x for x in looked if x[:2] in {("ecommerce", "CPL"), ("saas", "CPC")}]

"""One of the businesses the last answer listed, picked by the words only it has (probe of 2026-11-29, h_calc):
"saas linkedin cpc enterprise" is answered for three tiers ("SaaS (Enterprise Tier) / SaaS (Mid-Market Tier) / SaaS
(SMB Tier)"); "and mid market" then picks one (:mod:`agent.offline.labelpick`), and "on google instead" keeps it.
kb/ answers with one table per vertical, so nothing is picked there. Wording of our own, on kb_txt2 and kb/."""
from __future__ import annotations

from agent.offline.labelpick import picked
from agent.offline.toolread import ToolOutcome
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

TIERS = ["saas linkedin cpc enterprise", "and mid market", "on google instead"]
SMB = ["google cpc for saas companies", "and the smb tier?"]


def _looked(head: str) -> list:
    return [ToolOutcome("get_benchmark", {"vertical": "saas", "metric": "CPC"}, "", False, [{"id": "x#1"}],
                        {"get_benchmark": f"{head} CPC — 3 figure(s) in the knowledge base"})]


def test_readings():
    assert_unseen(TIERS, SMB)  # the wording here is no data set's
    tiers = _looked("SaaS (Enterprise Tier) / SaaS (Mid-Market Tier) / SaaS (SMB Tier)")
    assert picked("and mid market", tiers) == "SaaS (Mid-Market Tier)"
    assert picked("what about enterprise on google", tiers) == "SaaS (Enterprise Tier)"
    assert picked("and for saas", tiers) is None  # every label's word: none picked
    assert picked("and cpm?", tiers) is None and picked("and for dentists", tiers) is None
    assert picked("and mid market", _looked("saas")) is None  # one label: nothing to pick


def test_a_tier_picked_on_a_plain_text_kb(kb_txt2_engine):
    _, (mid, calls), (google, calls2) = turns(kb_txt2_engine, TIERS)
    assert any(c.get("vertical") == "SaaS (Mid-Market Tier)" for c in calls + calls2), (calls, calls2)
    assert "$8.20-9.40" in mid and "$10.90" not in mid, mid
    assert "$5.70-6.50" in google and "$8.40" not in google, google
    _, (smb, _) = turns(kb_txt2_engine, SMB)
    assert "$3.95-4.55" in smb and "$8.40" not in smb, smb


def test_nothing_to_pick_on_the_shipped_kb(shipped_engine):
    _, (text, calls) = turns(shipped_engine, ["saas cpc?", "and mid market"])
    assert all(c.get("vertical") in (None, "saas") for c in calls), calls

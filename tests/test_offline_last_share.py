"""The share of a budget the last answer quoted, in money once the user gives the budget (agent/offline/lastshare.py).
Own wording, on a plain-text KB too."""
from __future__ import annotations

from agent.offline.lastshare import amend, working
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_QUOTED = "Based on Knowledge Base [plan-rules#4]: Set aside 8%–12% of the total budget for tests, and review it monthly."
_ASK = ["our fall budget is $65k, what does that come to in real money", "ok the plan is 120k total. how much is that"]
_NOT = ["we have 3 stores, how much is that", "our budget is $65k and 20% goes to search. what is that in dollars"]
_OTHER = "Based on Knowledge Base [x#1]: A good click-through rate is 1%–2% of impressions."
_TXT = ["how much budget can a channel get if we have no way to prove it works",
        "our monthly budget is $25,000, so what is that in dollars"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([*_ASK, *_NOT], _TXT)


def test_the_quoted_share_of_the_users_budget_in_money():
    got = working(_ASK[0], _QUOTED)
    assert "$65,000 × 8% = $5,200 — low end of 8%–12% of the total budget for tests [plan-rules#4]" in got and got.startswith("Based on Knowledge Base [plan-rules#4]: Set aside 8%–12%"), got
    assert "$65,000 × 12% = $7,800" in got
    assert "$120,000 × 8% = $9,600" in working(_ASK[1], _QUOTED)
    assert amend(_ASK[0], [_QUOTED], "Quoted.").endswith("Quoted.")


def test_nothing_without_a_budget_share_quoted_or_a_budget():
    assert working(_ASK[0], _OTHER) == ""  # a share of impressions is no share of a budget
    assert all(working(t, _QUOTED) == "" for t in _NOT)


def test_on_a_plain_text_kb(kb_txt6_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt6")
    out, _ = turns(kb_txt6_engine, _TXT)[-1]
    assert "$25,000 × 10% = $2,500" in out, out

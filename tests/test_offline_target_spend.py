"""A budget asked for a target of results past the click ("what would we have to spend to get 90 signups"), after
the conversation showed a click price range and the conversion rate (agent/offline/targetspend): the target is
worked back through the rate first (target ÷ rate × price), at the dear end and the cheap end — not priced as if
each result were a click. A count of clicks itself stays count × price. On the shipped KB and a plain-text KB,
in own wording."""
from __future__ import annotations

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_KB = ["i sell b2b accounting software. typical cpc?", "whats the usual conversion rate for software like ours",
       "what would we have to spend to get 90 signups next month", "how much to get 5000 clicks then"]
_TXT = ["we run a gym in tucson. what does a google search click usually cost for fitness places",
        "and what share of those clickers turn into members usually",
        "what would we need to spend to get 45 signups a month"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB, _TXT)


def test_a_target_past_the_click_is_worked_through_the_rate_on_the_shipped_kb(shipped_engine):
    got = turns(shipped_engine, _KB)
    out = got[2][0]
    assert "÷ 1.20% = 7,500 clicks" in out and "$52,500" in out, out
    assert "÷ 2.50% = 3,600 clicks" in out and "$12,600" in out, out
    assert "5,000 × $7 = $35,000" in got[3][0], got[3][0]  # clicks themselves: count × price


def test_a_target_past_the_click_is_worked_through_the_rate_on_a_plain_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out = turns(kb_txt_engine, _TXT)[2][0]
    assert "÷ 5.60%" in out and "$1,848" in out and "$1,402" in out, out

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
    assert "90 ÷ 1.20% × $7 = $52,500" in out, out
    assert "90 ÷ 2.50% × $3.50 = $12,600" in out, out
    assert "5,000 × $7 = $35,000" in got[3][0], got[3][0]  # clicks themselves: count × price


def test_a_target_past_the_click_is_worked_through_the_rate_on_a_plain_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out = turns(kb_txt_engine, _TXT)[2][0]
    assert "45 ÷ 5.60% × $2.30" in out and "$1,848" in out and "$1,402" in out, out


_BACK_KB = ["we sell candles online and have 15k a month for ads. how many clicks is that",
            "whats the usual return on ad spend for online shops", "alright, and what would our 15k bring us back"]
_BACK_TXT = ["we sell dog treats on amazon. whats a normal roas for pet food there",
             "we're putting 20k into amazon ads this quarter. how many clicks is that", "ok and what would that 20k bring us back"]


def test_the_return_wording_here_is_in_no_seen_data_set():
    assert_unseen(_BACK_KB, _BACK_TXT)


def test_what_a_spend_brings_back_after_a_count_is_spend_times_roas_on_the_shipped_kb(shipped_engine):
    out = turns(shipped_engine, _BACK_KB)[2][0]  # (the unit counted before is not carried into a revenue question)
    assert "$15,000 × 2.5 = $37,500" in out and "$15,000 × 4.0 = $60,000" in out, out


def test_what_a_spend_brings_back_after_a_count_is_spend_times_roas_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, _BACK_TXT)[2][0]
    assert "$20,000 × 4.0 = $80,000" in out and "$20,000 × 4.5 = $90,000" in out, out

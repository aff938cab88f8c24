"""The rate of the user's own events out of what they sent (agent/offline/eventrate.py): the smaller count over the
larger, in percent, set beside the percentages the answer quotes for the same thing. Own wording, on the shipped KB
and on a plain-text KB."""
from __future__ import annotations

from agent.offline.eventrate import rate, working
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_SENT = "we sent 22,000 last tuesday and got 30 complaints. is that over the line?"
_UNSUB = "mailed 40k last week and 212 people unsubscribed, is that bad?"
_VISITS = "the page had 9,300 visitors and 160 signed up. what's the rate"
_NO_ASK = "we sent 20,000 emails and got 12 complaints last week."
_MONEY = "we spent $5,000 and got 40 orders, good?"
_QUOTED = "Keep the complaint rate below 0.1% of delivered mail, and treat 0.3% as a hard stop. Opens run 30%."
_KB = ["we sent 22,000 last tuesday and got 30 complaints. is that over the line?"]
_TXT = ["we emailed 25,000 people and got 9 complaints back, is that too high?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([_SENT, _UNSUB, _VISITS, _NO_ASK, _MONEY, _QUOTED, *_KB], _TXT)


def test_the_rate_of_what_they_did_out_of_what_was_sent():
    assert rate(_SENT)[2] == 30 / 22000 * 100
    assert rate(_UNSUB)[3] == "unsubscribe"
    assert rate(_VISITS)[:2] == (160, 9300)
    assert rate(_NO_ASK) is None and rate(_MONEY) is None


def test_set_beside_the_quoted_rates_for_the_same_thing_only():
    got = working(_SENT, answer=_QUOTED)
    assert "30 ÷ 22,000 × 100 ≈ 0.136 — your complaint rate, in percent (0.136%)" in got and "above 0.1%, and below 0.3%" in got, got
    assert "30%" not in working(_UNSUB, answer=_QUOTED)  # an unsubscribe rate is not set beside complaint lines


def test_on_the_shipped_kb(shipped_engine):
    out, _ = turns(shipped_engine, _KB)[-1]
    assert "30 ÷ 22,000 × 100 ≈ 0.136 — your complaint rate" in out, out


def test_on_a_plain_text_kb(kb_txt3_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt3")
    out, _ = turns(kb_txt3_engine, _TXT)[-1]
    assert "9 ÷ 25,000 × 100 ≈ 0.036 — your complaint rate" in out, out


_GREW = ["our older customer groups land at 1.4x their 90-day value by the one year mark, and the march group sits at $220 after 90 days",
         "repeat buyers usually reach 3 times their first-order value, and this month's first orders average $38"]
_NOT_GREW = ["our roas is 3x the old value and we spent $10k", "cpms are 2x their usual figure at $12"]


def test_a_multiple_the_user_states_projects_their_newer_figure():
    from agent.offline.statedmultiple import amend, projected
    assert_unseen(_GREW + _NOT_GREW, [])
    assert "$220 × 1.40 = $308 — projected" in amend(_GREW[0], "Quoted."), amend(_GREW[0], "Quoted.")
    assert "$38 × 3 = $114" in amend(_GREW[1], "")
    assert all(projected(t) is None for t in _NOT_GREW)

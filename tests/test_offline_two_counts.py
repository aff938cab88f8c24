"""Two counts of the same thing under two settings, the change asked as a test (agent/offline/twocounts.py). Own
wording, on a plain-text KB too."""
from __future__ import annotations

from agent.offline.twocounts import amend, change
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_WINDOW = "pulled it: 610 purchases on the 28-day click setting, 350 on 1 day. does that fail the screen?"
_VIEW = "we logged 1,200 signups with view-through on and 700 with it off, is that too big a gap?"
_NOT = ["our 3 stores in ohio and 2 in indiana dropped sales", "we spent $300 on search and $200 on social, difference?",
        "610 purchases on the 28-day click setting, 350 on 1 day."]
_TXT = ["we counted 480 leads with the 30 day window and 300 with the 7 day window, how big is that drop"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([_WINDOW, _VIEW, *_NOT], _TXT)


def test_the_change_from_the_first_count_to_the_second():
    a, b, pct, what = change(_WINDOW)
    assert (a, b, what) == (610, 350, "purchases") and abs(pct - 42.62) < 0.01
    got = amend(_VIEW, "Quoted.")
    assert "1,200 − 700 = 500 signups fewer" in got and "500 ÷ 1,200 × 100 ≈ 41.67 — the drop in percent" in got, got


def test_no_change_worked_for_places_money_or_no_question():
    assert all(change(t) is None for t in _NOT)


def test_on_a_plain_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out, _ = turns(kb_txt_engine, _TXT)[-1]
    assert "180 ÷ 480 × 100 = 37.5 — the drop" in out, out

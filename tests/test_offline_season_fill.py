"""A budget to fill a capacity said per week over a span named by its noun ("all summer", "the whole campaign"), whose
length an earlier turn gave (agent/offline/seasonlen, agent/offline/unsized, agent/offline/targetspend.shown_price):
the capacity said is not asked for again, the count is multiplied out over the span, and "the top of that range"
is the last result price range shown. On the shipped KB and a plain-text KB, in own wording."""
from __future__ import annotations

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_KB = ["we run kayak tours in duluth. for travel businesses, what does it usually cost to win one new customer",
       "our summer lasts 14 weeks",
       "we can handle 12 paddlers a week tops. how much would we have to spend to fill every seat all summer at the low end of that range"]
_TXT = ["we run a senior living community in tampa. what does a lead usually cost places like us",
        "our open house campaign runs 8 weeks",
        "we can take 15 inquiries a week max. what would we need to spend to keep the tour calendar full the whole campaign "
        "at the top of that range"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB, _TXT)


def test_a_weekly_capacity_over_the_season_said_earlier_on_the_shipped_kb(shipped_engine):
    out = turns(shipped_engine, _KB)[2][0]
    assert "capacity" not in out, out
    assert "12 × 14 = 168 over the summer" in out and "168 × $40 = $6,720" in out, out


def test_a_weekly_capacity_over_the_campaign_said_earlier_on_a_plain_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out = turns(kb_txt_engine, _TXT)[2][0]
    assert "15 × 8 = 120 over the campaign" in out and "120 × $78 = $9,360" in out, out

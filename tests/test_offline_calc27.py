"""Workings asked but not shown (own wordings): a share said with a phrasal "up" ("end up", "show up", "sign up") is
a rate on the count, never a rise; a rate on the last count shows the count's own working; a whole span asked ("all
season", "over a 16 week season") is counted again when the same question comes back at the range's other end —
on the shipped KB and the plain-text KB."""
from __future__ import annotations

import pytest

from agent.offline import phrasalup
from agent.offline.roles import pct_sign
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_GAME = ["we make a mobile puzzle game and have $10,000 for installs", "so how many installs does that buy us",
         "roughly 4% of those end up buying something. how many buyers at both ends?"]
_CLINIC = ["we run a physio clinic with $6,000 a month", "how many leads at the cheap end", "what if 30% of them sign up"]
_SEASON = ["we run a weekend sailing school, travel and leisure",
           "we can take 12 students a week. what would we need to spend to fill every place over a 16 week season if "
           "each student costs the top of the typical acquisition cost", "and at the cheap end?"]
_GYM = ["we run a gym", "we want 30 new members a week. what would we need to spend on google ads over a 12 week season "
        "at the top of the typical cpa", "and at the cheap end?"]


def test_own_wordings_are_unseen():
    assert_unseen(_GAME, _CLINIC, _SEASON, _GYM)


@pytest.mark.parametrize("text,sign", [("roughly 4% of players end up buying", 0), ("a quarter of them show up, 25%", 0),
                                       ("cpc is up 20%", 1), ("it ended up 20% higher", 1), ("sign-ups went up 10%", 1)])
def test_a_phrasal_up_is_no_rise(text, sign):
    assert pct_sign(text.lower(), False) == sign


def test_blank_keeps_offsets():
    assert len(phrasalup.blank("5% end up paying")) == len("5% end up paying")


def test_the_rate_is_worked_on_the_count_not_moved_up(shipped_engine):
    out = turns(shipped_engine, _GAME)[-1][0]
    assert "2,000 × 4% = 80 buyers" in out and "(1 + 4%)" not in out, out


def test_a_rate_on_the_last_count_shows_the_count_working(shipped_engine):
    out = turns(shipped_engine, _CLINIC)[-1][0]
    assert "$6,000 ÷ $40 = 150" in out and "150 × 30% = 45" in out, out


def test_the_season_is_counted_again_at_the_other_end(shipped_engine):
    got = [a for a, _ in turns(shipped_engine, _SEASON)]
    assert "12 × 16 = 192 over the season" in got[1] and "192 × $85 = $16,320" in got[1], got[1]
    assert "12 × 16 = 192 over the season" in got[2] and "192 × $40 = $7,680" in got[2], got[2]


def test_the_season_is_counted_again_on_the_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")  # the KB the agent's whole-KB readers serve
    got = [a for a, _ in turns(kb_txt_engine, _GYM)]
    assert "30 × 12 = 360 over the season" in got[2] and "360 × $34 = $12,240" in got[2], got[2]


_TARGET = ["we sell accounting software to small firms",
           "we need 90 demo bookings this quarter at the typical cost per lead. what budget is that",
           "ok and what does that come to a month"]
_PER_WEEK = ["we run a dental practice with $12,000 a year for ads", "how many leads at the cheap end",
             "and if 20% of those become patients?", "so how many is that a week"]
_TXT_PER_WEEK = ["we run a gym. our search budget is $6,000 a month", "how many conversions at the typical google ads cpa",
                 "and if 40% of those stay on as members?", "so how many is that a week"]


def test_period_wordings_are_unseen():
    assert_unseen(_TARGET, _PER_WEEK, _TXT_PER_WEEK)


@pytest.mark.parametrize("texts,shown", [(_TARGET, ["90 × $180 ÷ 3 ≈ $5,400 a month", "90 × $80 ÷ 3 ≈ $2,400 a month"]),
                                         (_PER_WEEK, ["$12,000 ÷ $40 × 20% ÷ 52 ≈ 1.15 patients a week"])])
def test_a_result_not_a_spend_is_retimed_not_asked_again(shipped_engine, texts, shown):
    out = turns(shipped_engine, texts)[-1][0]
    assert all(s in out for s in shown) and "nothing on Over" not in out, out


def test_a_chained_count_is_retimed_on_the_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out = turns(kb_txt_engine, _TXT_PER_WEEK)[-1][0]
    assert "$6,000 ÷ $34 × 40% × 12 ÷ 52 ≈ 16.29 that stay a week" in out, out


_FROM_BASE = [(["we sell shoes online with $15,000 a month", "our cpc went up 15% from the 2.40 we paid. how many clicks now"],
               ["$2.40 × (1 + 15%) = $2.40 × 1.15 = $2.76", "$15,000 ÷ $2.76 ≈ 5,435 clicks"]),
              (["we sell shoes online with $15,000 a month", "our cpc came in 10% under the 1.20 we budgeted. how many clicks "
                "does that get us"], ["$1.20 × (1 − 10%) = $1.20 × 0.90 = $1.08"])]
_TXT_FROM = ["we run a gym with $6,000 a month on google ads", "our cpa rose 10% from the 36 we had. how many conversions now"]


def test_from_wordings_are_unseen():
    assert_unseen(*[t for t, _ in _FROM_BASE], _TXT_FROM)


@pytest.mark.parametrize("texts,shown", _FROM_BASE)
def test_the_figure_moved_from_is_the_base(shipped_engine, texts, shown):
    out = turns(shipped_engine, texts)[-1][0]
    assert all(s in out for s in shown), out


def test_the_figure_moved_from_is_the_base_on_the_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    out = turns(kb_txt_engine, _TXT_FROM)[-1][0]
    assert "$36 × (1 + 10%) = $36 × 1.10 = $39.60" in out and "$6,000 ÷ $39.60 ≈ 152" in out, out


_TRIALS = ["we sell accounting software to small firms",
           "we need 200 trial signups this quarter at the typical cost per lead. what budget is that",
           "and if 1 in 4 of those trials become paying customers, how many customers is that"]
_TXT_RENEW = ["we run a gym", "we need 120 new members this quarter at the typical google ads cpa. what budget is that",
              "and if 1 in 4 of those members renew, how many renewals"]


def test_target_wordings_are_unseen():
    assert_unseen(_TRIALS, _TXT_RENEW)


def test_a_rate_on_the_target_the_budget_was_worked_for(shipped_engine):
    out = turns(shipped_engine, _TRIALS)[-1][0]
    assert "200 ÷ 4 = 50 customers" in out and "what is your budget" not in out, out


def test_a_rate_on_the_target_on_the_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    assert "120 ÷ 4 = 30 renewals" in turns(kb_txt_engine, _TXT_RENEW)[-1][0]


_SHARE = ["we are a cpg brand making hot sauce for grocery stores", "if we put 20k into display, how many impressions would we get",
          "so how many clicks would those get, what's the normal share of people who click for brands like us"]


def test_share_wording_is_unseen():
    assert_unseen(_SHARE)


def test_a_rate_asked_as_a_share_is_applied_to_the_count(shipped_engine):
    out = turns(shipped_engine, _SHARE)[-1][0]
    assert "$20,000 ÷ $10 × 1,000 = 2,000,000 impressions" in out and "2,000,000 × 0.70% = 14,000 clicks" in out, out


@pytest.mark.parametrize("text,role", [("about 3% of them end up paying and a payer spends around $24", "deal"),
                                       ("each member nets us $18 a month", "deal"), ("we have $24,000 to spend", "budget")])
def test_money_one_person_spends_is_no_budget(text, role):
    from agent.offline.parse import parse
    assert [n.role for n in parse(text).numbers if n.money][0] == role

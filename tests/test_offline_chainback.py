"""A target count worked back through the funnel the conversation walked (agent/offline/chainback): each step of the
earlier working undone in reverse order, at each end of the price's range or the end named. Own wording, on the
shipped KB and a plain-text KB; the pure reading is checked on made-up answers so these tests stay fast."""
from __future__ import annotations

from agent.offline.chainback import _target, amend, work
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_LEADS = ("With the Typical automotive CPL (cost per lead) range of $25–$60 (Based on Knowledge Base [a#0]):\n"
          "- $9,000 ÷ $60 = 150 leads at the top of the Typical range\n- $9,000 ÷ $25 = 360 leads at the bottom of the Typical range")
_CLOSED = ("Counted with the Typical automotive CPL (cost per lead) range of $25–$60 (Based on Knowledge Base [a#0]). At your "
           "rate of 1 in 12:\n- $9,000 ÷ $60 = 150 leads at the top of the Typical range\n- 150 ÷ 12 = 12.5 boats\n"
           "- $9,000 ÷ $25 = 360 leads at the bottom of the Typical range\n- 360 ÷ 12 = 30 boats\n"
           "Per year (spread evenly, a year being 12 months):\n- $9,000 ÷ $60 ÷ 12 × 12 = 150 boats a year")
_SHOWED = "Working:\n- 360 × 40% = 144 conversions [a#1]"
_KB = ["we sell handmade candles online. what's a typical cost per click for ecommerce?",
       "we have 9k a month. how many clicks does that buy", "and what share of shoppers who click typically buy?",
       "ok so purchases from the bigger click number, going by that",
       "we'd like to reach 600 purchases a month. how much would we have to spend at the pricey end?"]
_TXT = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
        "our budget is 6,000 a month, how many leads would that be", "and if 1 in 6 of those turns into a signed job?",
        "we want to land 20 signed jobs a month. what budget would that take?"]
_OWN = ["the owner wants to sell 40 boats next month, what do we need to spend?",
        "our goal is 100 a year. what budget a month, at the top of that range?",
        "we need 90 showings, what would that cost us at the cheap end?"]
_NOT = ["we run 3 showrooms, how should we split the budget?", "we have 50 boats in stock, what budget?",
        "and if we spend 12k instead?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB + _OWN + _NOT, _TXT)


def test_a_count_wanted_is_read_and_what_the_business_has_is_not():
    assert _target(_OWN[0]) == 40 and _target(_OWN[1]) == 100 and _target(_OWN[2]) == 90
    assert all(_target(t) is None for t in _NOT), [_target(t) for t in _NOT]


def test_each_step_undone_at_each_end_of_the_range():
    out = work(_OWN[0], [_LEADS, _CLOSED])
    assert "40 × 12 × $60 = $28,800" in out and "40 × 12 × $25 = $12,000" in out and "[a#0]" in out, out


def test_the_period_named_takes_that_periods_chain_and_the_end_named():
    out = work(_OWN[1], [_LEADS, _CLOSED])
    assert "100 ÷ 12 × 12 × $60 = $6,000" in out and "$25" not in out.split(":\n", 1)[1], out


def test_a_rate_of_an_earlier_turn_is_a_step_too():
    out = work(_OWN[2], [_LEADS, _SHOWED])
    assert out.splitlines()[1:] == ["- 90 ÷ 40% × $25 = $5,625 — the budget for 90 at the bottom of the range"], out


def test_a_working_that_skipped_a_step_is_replaced_and_a_whole_one_kept():
    skipped = "With the Typical automotive CAC range of $350–$700 (Based on Knowledge Base [a#2]):\n- 40 × $700 = $28,000\n\nRule."
    out = amend(_OWN[0], [_LEADS, _CLOSED], skipped)
    assert "40 × $700" not in out and out.endswith("Rule.") and "40 × 12 × $60" in out, out
    whole = "Worked:\n- 40 × 12 × $60 = $28,800\n- 40 × 12 × $25 = $12,000"
    assert amend(_OWN[0], [_LEADS, _CLOSED], whole) == whole


def test_purchases_wanted_on_the_shipped_kb(shipped_engine):
    out = turns(shipped_engine, _KB)[-1][0]
    assert "600 ÷ 1.8% × $1.30 ≈ $43,333.33" in out and "600 ÷ 3.2% × $1.30 = $24,375" in out, out


def test_signed_jobs_wanted_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, _TXT)[-1][0]
    assert "20 × 6 × $" in out and "the budget for 20" in out, out


_GOAL = ["would that be enough for the 400 boats a year we're after? how far short at the low end",
         "does that cover the 20 a month we need?"]


def test_a_goal_against_the_counts_worked_the_period_and_end_named():
    from agent.offline.shortfall import work as gap
    assert_unseen(_GOAL, [])
    out = gap(_GOAL[0], [_LEADS, _CLOSED])
    assert out.splitlines()[1:] == ["- $9,000 ÷ $60 ÷ 12 × 12 = 150 boats a year", "- 400 − 150 = 250 short of the 400"], out
    both = gap(_GOAL[1], [_LEADS, _CLOSED])
    assert "20 − 12.50 = 7.50 short" in both and "30 − 20 = 10 over the 20" in both, both
    assert gap("would 12k cover it?", [_CLOSED]) is None and gap("does that cover our costs?", [_CLOSED]) is None

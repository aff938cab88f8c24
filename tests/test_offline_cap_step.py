"""A cap the KB puts on one step of change per period ("raise a campaign's budget by at most 30% per week"), applied to
the amount the user has now when they ask the most for the next period (agent/offline/capstep.py): the reader applied
another percentage of the same passage ("40-50% of the annual budget") and answered half the weekly budget as the most.
The KBs that state such a cap are plain-text ones (the shipped KB states none per period); wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import capstep
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

_TXT2 = ["how much can a campaign's budget go up each week?", "we're at $4,500 a week now, so what's the most next week"]
_KB_TXT = ("When a budget is raised, add it in increments of no more than 20% per week per campaign so that automated "
           "bidding does not reset.")
_KB_TXT4 = "RULE P3 - No daily cap is raised by more than 15% in one day, and never twice in three days."


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_TXT2 + ["we spend 6k weekly, how high can it go", "our daily cap is $400, what's the highest tomorrow"])


@pytest.mark.parametrize("text,rule,line", [
    ("we spend 6k weekly, how high can it go", _KB_TXT, "$6,000 × 1.20 = $7,200 — the most for the next week at 20% a week"),
    ("our daily cap is $400, what's the highest tomorrow", _KB_TXT4,
     "$400 × 1.15 = $460 — the most for the next day at 15% a day")])
def test_the_cap_on_the_users_amount(text, rule, line):
    assert capstep.applied(text, rule) == [line]


@pytest.mark.parametrize("text", ["Finance cut us to 15000 dollars a month. What should we cut first?",
                                  "our budget is 9k a month, what is the max next month?",
                                  "we spend 6k weekly and 10% of it on tests, how high can it go"])
def test_no_cap_applied_to_another_period_no_ask_or_a_share_of_ones_own(text):
    assert capstep.applied(text, _KB_TXT) == []


def test_the_cap_just_quoted_on_the_users_weekly_budget_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    out = answer_on(kb_txt2_engine, _TXT2, monkeypatch, "tests/fixtures/kb_txt2")
    assert "$4,500 × 1.30 = $5,850 — the most for the next week" in out and "× 50 ÷ 100" not in out, out

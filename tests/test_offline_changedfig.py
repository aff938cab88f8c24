"""A figure changed mid-conversation and the results redone (agent/offline/changedfig.py, chainedrate.py), rates
applied to earlier results (carryrate "N in M"), a payback on the user's own cost per one of theirs (cacback) and a
figure set against the one it is measured from (compare) — on wording of this file's own, on the shipped KB and a
plain-text one."""
from __future__ import annotations

import pytest

from agent.offline import cacback, carryrate, changedfig, compare
from agent.offline.numbers import digits, parse_numbers
from tests.offline_turns import answer_on, turns
from tests.unseen_wording import assert_unseen

_PLANNED = ["our holiday budget is $20,000, how many leads is that at both ends",
            "we spent 5k last month and got 100 leads, whats our cpl",
            "the registers showed $31,000 in sales from the ads"]
_MOVED = ["finance cut the holiday budget by 30%. redo the leads",
          "the owners signed off on 10% more for the season. new budget and leads at both ends?",
          "CPC went up 20% over the 3.10 we were paying. how many clicks does 15k buy now?",
          "the campaign runs 4 weeks now instead of 8 at the same weekly spend off the 40k. how many leads at $50 each"]
_TXT2 = ["what does an inquiry cost for nursing degree programs?",
         "we've got $9,000 a month for ads, how many inquiries is that at the low and high end?",
         "about 1 in 10 of those inquiries ends up enrolling. how many enrollments is that at each end",
         "the dean trimmed ads to $7,200 a month, redo the inquiries and the enrollments",
         "our budget is $9,000 a month for the nursing push",
         "the provost approved 15% more for the term. new budget and inquiries at both ends?"]
_AGAINST = ["revenue came in at 84,000 this month against the 70,000 last month, percent increase?",
            "CPC is $2.60 now versus the $2.10 we paid last year, what percent change is that"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_PLANNED, _MOVED, _TXT2, _AGAINST)


def test_the_base_is_the_budget_planned_not_a_past_spend_or_a_sales_total():
    assert changedfig.planned_budget(_MOVED[0], _PLANNED) == 20000
    assert changedfig.planned_budget("cut the budget 10%", ["the plan is $8,000 a month", "a member nets us $18 a month"]) == 8000


def test_the_budget_named_by_its_word_is_the_one_said_with_that_word():
    said = ["the spring budget is $14,000", "our monthly budget is 9k"]
    assert changedfig.planned_budget("they cut the spring budget by 25%. redo the customers", said) == 14000


@pytest.mark.parametrize("text,want", [
    (_MOVED[0], "Our budget is $20,000. After a 30% cut, how many leads at both ends of the range?"),
    (_MOVED[1], "Our budget is $20,000. After a 10% increase, how many leads at both ends of the range?"),
    (_MOVED[2], "Our CPC is $3.10 and goes up 20%. How many clicks does $15,000 get at the new price?"),
    (_MOVED[3], "We spend $5,000 a week. Over 4 weeks, how many leads at $50 each?")])
def test_the_changed_figure_is_restated_in_the_count_asked_again(text, want):
    assert changedfig.restated(text, _PLANNED) == want


@pytest.mark.parametrize("text", ["what is a normal cpl for retail", "cut 10% from search and give it to social",
                                  "how many leads at a 20% higher cpl?"])
def test_no_restatement_without_a_change_and_a_count(text):
    assert changedfig.restated(text, _PLANNED) is None


def test_a_share_said_n_in_m_is_applied_to_the_counts_just_worked():
    prev = "- $9,000 ÷ $180 = 50 inquiries at the top\n- $9,000 ÷ $150 = 60 inquiries at the bottom"
    lines, _ = carryrate.work(_TXT2[2], prev)
    assert lines == ["$9,000 ÷ $180 = 50 inquiries", "50 × 10% = 5 enrollments", "$9,000 ÷ $150 = 60 inquiries",  # what each counts
                     "60 × 10% = 6 enrollments"]


@pytest.mark.parametrize("text,line", [(_AGAINST[0], "14,000 ÷ 70,000 × 100 = 20, i.e. a 20% increase"),
                                       (_AGAINST[1], "$0.50 ÷ $2.10 × 100 ≈ 23.81, i.e. a 23.81% increase")])
def test_a_figure_against_the_one_before_is_a_change_from_that_one(text, line):
    t = digits(text)
    assert line in compare.change(t, parse_numbers(t))


def test_a_payback_is_on_a_customer_cost_but_never_on_a_lead_or_a_click():
    assert cacback._of_customer("cost per member") and cacback._of_customer("CAC")
    assert not cacback._of_customer("cost per lead") and not cacback._of_customer("CPC")


def test_budget_moved_and_a_rate_reapplied_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    got = [a for a, _ in turns(kb_txt2_engine, _TXT2)]
    assert "50 × 10% = 5 enrollments" in got[2]
    assert "$7,200 ÷ $180 = 40 inquiries" in got[3] and "48 × 10% = 4.80 enrollments" in got[3]
    assert "$9,000 × (1 + 15%) = $9,000 × 1.15 = $10,350" in got[5] and "$10,350 ÷ $150 = 69 inquiries" in got[5]


def test_a_payback_on_the_users_own_cost_per_member_on_the_shipped_kb(shipped_engine, monkeypatch):
    out = answer_on(shipped_engine, ["we spent 12k in march and signed 60 members. whats the cost per member",
                                     "how many months until a member pays that back if each nets us $25 a month"], monkeypatch)
    assert "$200 ÷ $25 = 8 months" in out


def test_the_budgets_period_and_the_period_asked_are_kept_in_the_restatement():
    got = changedfig.restated("finance cut the budget by 20%. how many leads a month now?",
                              ["we have $120k a year, how many leads a month is that at both ends"])
    assert got == "Our budget is $120,000 a year. After a 20% cut, how many leads a month at both ends of the range?"

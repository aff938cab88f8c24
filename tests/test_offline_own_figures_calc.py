"""Arithmetic on the user's own figures, on wording of this file's own (checked unseen), on the shipped KB and the
plain-text KBs kb_txt and kb_txt2:

* a payback asked with only the monthly figure takes the customer's cost the conversation gave — said, or worked
  out (that working shown first) — not a division of the monthly figure by it (``cacback``);
* a spend and its revenue judged ("hows that look", typed without the apostrophe) is their ROAS beside the
  business's range; a label said before its figure names that figure (``funnel``, ``askshape.JUDGED``);
* a price said as a percentage past an end of the range shown ("25% over the top of that range") is that end
  moved, and the count is redone at it (``pastend``);
* a count a platform reports, asked whether it can be trusted, goes through the KB's stated multiplier (``actualask``);
* a customer's value said over their whole stay ("in profit over the whole treatment") is their lifetime value,
  a cost "in ads to book one" the price of one, and a long metric name right before its figure ("our cost to
  acquire a customer is $180") that metric's price (``roles``);
* a split on shares the user typed is their own arithmetic, uncited, unless the passage states every share
  (``sharecite``); ``calculation_presence`` reads "× 50%" as showing a dataset's "* 50 / 100".
"""
from __future__ import annotations

import pytest

from scorers import all_scorers
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

TXT2 = "tests/fixtures/kb_txt2"

PAYBACK = [  # (kb, folder, messages, working that must be shown)
    ("shipped_engine", None, ["our CAC works out to about $420 right now.",
                              "if each member nets us $35 a month, how many months to earn that back?"],
     ["$420 ÷ $35 = 12 months"]),
    ("shipped_engine", None, ["we spent $12,000 last quarter and signed 80 new clients. what's our cac?",
                              "and each client contributes roughly $50 a month after costs - how long until payback?"],
     ["$12,000 ÷ 80 = $150", "$150 ÷ $50 = 3 months"]),
    ("shipped_engine", None, ["we pay roughly $300 to sign up each member.",
                              "if a member pays us $25 a month after costs, how long till we make that back?"],
     ["$300 ÷ $25 = 12 months"]),
    ("kb_txt2_engine", TXT2, ["our cost to acquire a customer is $180.",
                              "each customer is worth $30 a month in margin. how many months to recoup it?"],
     ["$180 ÷ $30 = 6 months"]),
    ("kb_txt2_engine", TXT2, ["we're a local services firm and our cac sits at $240.",
                              "each customer brings in about $60 a month of gross profit, so when do we make the cac back?"],
     ["$240 ÷ $60 = 4 months"]),
    ("kb_txt_engine", "tests/fixtures/kb_txt", ["we spend 9k a month and win 60 customers, what's our CAC?",
                                                "each one contributes $25 a month after costs. how long to pay it back?"],
     ["$9,000 ÷ 60 = $150", "$150 ÷ $25 = 6 months"]),
]
ROAS = [
    ("shipped_engine", None, ["we sell handmade candles online.", "we put $8k into ads in october and the shop recorded "
                              "26,400 in sales from them. hows that look"],
     ["$26,400 ÷ $8,000 = 3.30", "ecommerce ROAS", "2.5x–4.0x"]),
    ("kb_txt_engine", "tests/fixtures/kb_txt", ["we run an online pet supply store", "we spent 2k on meta last month and "
                                                "it brought in 5,600 in sales. hows that stack up"],
     ["$5,600 ÷ $2,000 = 2.80", "Meta 2024: 2.3-2.8x"]),
]
PAST_END = [
    ("shipped_engine", None, ["what does a lead usually cost for a saas company?",
                              "our agency says CPL is running 20% below the bottom of that range. what's the new CPL and "
                              "how many leads would $30k buy?"],
     ["$80 × (1 − 20%) = $80 × 0.80 = $64 — the new CPL", "$30,000 ÷ $64 ≈ 469 leads"]),
    ("shipped_engine", None, ["what's a normal cpc for an ecommerce brand?",
                              "heads up, cpcs are coming in 25% over the top of that range this month. new cpc? and redo "
                              "the clicks for our 10k"],
     ["$1.30 × (1 + 25%)", "— the new CPC, 25% above the top of the Typical range", "clicks at the new price"]),
]
PAST_END.append(("shipped_engine", None, ["we're a saas company. our CPL is about 15% below the typical range. is that good?"],
                 ["$80 × (1 − 15%) = $80 × 0.85 = $68", "15% below the bottom of the Typical range"]))
TRUST = [
    ("shipped_engine", None, ["tiktok shows our potential audience as 2.4 million in texas. is that number accurate?"],
     ["2,400,000 × 0.60 = 1,440,000", "AUD-PRD-60"]),
]
LIFETIME = [
    ("shipped_engine", None, ["each patient brings in about $4,200 in profit over the whole treatment and it costs us $700 "
                              "in ads to book one. is that ratio any good for healthcare?"],
     ["$4,200 ÷ $700 = 6.0", "healthcare LTV:CAC", "3.0:1–5.0:1"]),
    ("shipped_engine", None, ["the average client stays 3 years and brings in $5,400 over that whole time. it costs us "
                              "$1,500 in ads to land one. good ltv to cac?"], ["$5,400 ÷ $1,500 = 3.60"]),
    ("shipped_engine", None, ["we're a travel company. a traveller nets us roughly $2,000 over the life of the relationship "
                              "and costs $800 to win. how does that ratio compare?"],
     ["$2,000 ÷ $800 = 2.50", "travel LTV:CAC"]),
    ("kb_txt2_engine", TXT2, ["a subscriber pays us around $1,600 in gross profit over their entire subscription and costs "
                              "$500 to acquire. how's our ratio vs the subscription software target?"],
     ["$1,600 ÷ $500 = 3.20", "3.2:1"]),
]
CASES = PAYBACK + ROAS + PAST_END + TRUST + LIFETIME


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([m for _, _, ms, _ in CASES for m in ms])


@pytest.mark.parametrize("kb,folder,messages,shown", CASES)
def test_the_users_figures_are_worked(kb, folder, messages, shown, request, monkeypatch):
    got = answer_on(request.getfixturevalue(kb), messages, monkeypatch, folder)
    assert all(s in got for s in shown), got


def test_a_payback_never_divides_the_monthly_figure_by_the_cac(shipped_engine, monkeypatch):
    got = answer_on(shipped_engine, PAYBACK[1][2], monkeypatch)
    assert "$50 ÷ $150" not in got and "customers" not in got.split("Working:")[-1], got


def test_a_budget_said_over_a_whole_quarter_is_no_lifetime_value():
    from agent.offline.parse import parse
    p = parse("we spend $50,000 over the whole quarter and get 200 customers. what is our cac?")
    assert [n.role for n in p.numbers] == ["budget", "count"]
    assert [n.role for n in parse("we spent $20,000 on ads to get a lot of people in").numbers] == ["budget"]


def test_a_split_on_the_users_own_shares_is_uncited(shipped_engine, monkeypatch):
    got = answer_on(shipped_engine, ["our summer push has 36k. if we go 60/25/15 how much goes where?"], monkeypatch)
    working = got.split("Working:")[-1]
    assert "36,000 × 60 ÷ 100 = 21,600" in working and "[" not in working, got


def test_the_kbs_own_split_keeps_its_shares_and_citation(shipped_engine, monkeypatch):
    got = answer_on(shipped_engine, ["the 70/20/10 rule on our 80k quarter - what's each slice?"], monkeypatch)
    working = got.split("Working:")[-1]
    assert "80,000 × 70% = 56,000 [budget-allocation-pacing#" in working, got


@pytest.mark.parametrize("shown,score", [("$36,000 × 60% = $21,600", 1.0), ("36,000 × 60 ÷ 100 = 21,600", 1.0),
                                         ("36,000 × 0.6 = 21,600", 1.0), ("$36,000 × 60% = $22,600", 0.0),
                                         ("$36,000 × 6% = $2,160", 0.0)])
def test_a_percentage_written_over_100_is_shown_by_its_share(shown, score):
    s = all_scorers()["calculation_presence"](input="q", output={"response": shown}, metadata={},
                                              expected={"calculations": [{"expression": "36000 * 60 / 100", "result": 21600}]})
    assert s.score == score, s.metadata


LABELLED = [("ad spend was $5,000, attributed revenue $13,500. decent?", "$13,500 ÷ $5,000 = 2.70"),
            ("we did 45k in revenue from 9k of google ads. roas?", "$45,000 ÷ $9,000 = 5")]
TRUST_FORMS = [
    ("linkedin estimates 310,000 members match our targeting. can we really rely on that?", True),
    ("the ad manager shows 1.2 million people for our segment - how reliable is that?", True),
    ("our MMM says search returns 4x but the holdout said 2x. which one do we believe?", False),
    ("meta says our audience is growing. can i trust it?", False)]


def test_the_unit_wording_here_is_not_dataset_wording():
    assert_unseen([t for t, _ in LABELLED[:1] + TRUST_FORMS])


@pytest.mark.parametrize("text,shown", LABELLED)
def test_revenue_is_the_figure_its_label_names(text, shown):
    from agent.offline import funnel
    assert shown in funnel.work(text)[0][0]


@pytest.mark.parametrize("text,asks", TRUST_FORMS)
def test_a_reported_count_asked_whether_to_trust_it(text, asks):
    from agent.offline.actualask import asks_actual
    assert asks_actual(text) is asks


def test_the_rule_quoted_above_the_working_is_the_businesss_own(shipped_engine, monkeypatch):
    got = answer_on(shipped_engine, ["we sell handmade candles online.", "we put $8k into ads in october and the shop "
                                     "recorded 26,400 in sales from them. hows that look"], monkeypatch)
    assert "[benchmarks-saas" not in got and "[benchmarks-ecommerce" in got, got

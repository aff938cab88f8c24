"""Several results worked from the user's own figures in one turn (agent/offline/ownresults.py): each figure's
role read from the words around it (a spend, what it won, revenue, a price of one sale, a margin, years, a cost per
one, a ROAS, a share of a budget), each result the turn names worked from those roles — and a role a conversation
carries (a budget, a price, a margin, a split) taken from an earlier message. Own wording, on the shipped KB and on
plain-text KBs."""
from __future__ import annotations

from agent.offline.ownresults import figures, lines
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_TWO = "we put 9 grand into meta last month, it brought in 75 new members and about $27,000 of revenue. what are our roas and cac"
_PAYBACK = "Our annual contract value is $12,000 with a 70% margin, and it costs us $4,200 to land a customer. how many months to pay back?"
_LTV = ["subscription price is $600 at 65% margin and cac is $300", "ltv to cac if they stay 4 years?"]
_BUDGET = "we need 250 new patients and a patient costs us about $180 each. how much budget is that"
_SPLIT = "we've got 50k for spring. split it 70% search / 30% social, how much to each, and how many leads at $90 a lead"
_REACH = "we want to reach 40,000 people 8 times each. how many impressions and what's that at a $14 cpm"
_PRICE_TIMES = "membership is 1,200 a year and we spent 30k on ads that signed up 60 members. roas and cac?"
_RESPLIT = ["we have $80k to spend: 40% search, 35% video, 25% display. what's each in dollars",
            "hmm, drop display to 5% and shift the rest to video — new numbers?"]
_SALES = "We dropped $5k on google ads and made 40 sales worth $12k total. what's our cost per sale and our return on ad spend?"
_LABELS = "Q3: ad spend $60,000, new clients 120, revenue $300,000. What were CAC and ROAS?"
_KB = ["we run a chain of yoga studios", "last quarter we spent $16,000 and got 200 new members and $52,000 in revenue. "
       "whats our cost per customer and roas, and how does that compare to other fitness places"]
_TXT = ["we sell a b2b software subscription at $9,000 a year with 75% gross margin, and a new customer costs us $2,700. "
        "payback in months, and ltv:cac if they stay two years?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([_SALES, _LABELS, _TWO, _PAYBACK, *_LTV, _BUDGET, _SPLIT, _REACH, _PRICE_TIMES, *_RESPLIT, *_KB], _TXT)


def test_each_figure_gets_its_role_from_the_words_around_it():
    assert [(f.role, f.value) for f in figures(_TWO)] == [("spend", 9000), ("count", 75), ("revenue", 27000)]
    assert [f.role for f in figures(_PAYBACK)] == ["price", "margin", "unitcost"]
    assert [(f.role, f.word) for f in figures(_SPLIT)][1:3] == [("share", "search"), ("share", "social")]
    assert [f.role for f in figures(_REACH)] == ["people", "times", "cpm"]


def test_two_results_asked_together_are_both_worked():
    got = "\n".join(lines(_TWO))
    assert "$9,000 ÷ 75 = $120" in got and "$27,000 ÷ $9,000 = 3.0x" in got
    got = "\n".join(lines(_PRICE_TIMES))
    assert "$30,000 ÷ 60 = $500" in got and "60 × $1,200 = $72,000" in got and "$72,000 ÷ $30,000 = 2.40x" in got


def test_results_named_in_other_words_and_figures_said_after_their_labels():
    got = "\n".join(lines(_SALES))
    assert "$5,000 ÷ 40 = $125" in got and "$12,000 ÷ $5,000 = 2.40x" in got
    got = "\n".join(lines(_LABELS))
    assert "$60,000 ÷ 120 = $500" in got and "$300,000 ÷ $60,000 = 5.0x" in got


def test_payback_and_ltv_to_cac_from_price_margin_and_cost_per_customer():
    assert "$12,000 × 70% ÷ 12 = $700" in (got := "\n".join(lines(_PAYBACK))) and "$4,200 ÷ $700 = 6 months" in got
    got = "\n".join(lines(_LTV[1], _LTV[:1]))  # the price, margin and CAC carried from the message before
    assert "$600 × 65% × 4 = $1,560" in got and "$1,560 ÷ $300 = 5.20:1" in got


def test_a_budget_for_a_count_at_a_cost_per_one_and_a_split_with_leads():
    assert "250 × $180 = $45,000" in "\n".join(lines(_BUDGET))
    got = "\n".join(lines(_SPLIT))
    assert "$50,000 × 70% = $35,000" in got and "$15,000 ÷ $90 ≈ 166.67 leads" in got


def test_impressions_and_their_cost_at_the_users_own_cpm():
    got = "\n".join(lines(_REACH))
    assert "40,000 × 8 = 320,000 impressions" in got and "320,000 ÷ 1,000 × $14 = $4,480" in got


def test_a_split_redone_moves_what_one_channel_gives_up_to_another():
    got = "\n".join(lines(_RESPLIT[1], _RESPLIT[:1]))
    assert "$80,000 × 55% = $44,000 — to video" in got and "$80,000 × 5% = $4,000 — to display" in got
    assert "$80,000 × 40% = $32,000 — to search" in got


def test_nothing_is_worked_when_an_input_is_missing():
    assert lines("what's a good roas for us and what should our cac be?") == []
    assert lines("we spent 20k last month. whats our cac?") == []


def test_results_and_the_norm_beside_them_on_the_shipped_kb(shipped_engine):
    out, calls = turns(shipped_engine, _KB)[-1]
    assert "$16,000 ÷ 200 = $80" in out and "$52,000 ÷ $16,000 = 3.25x" in out, out
    assert {c.get("metric") for c in calls if "metric" in c} >= {"CAC", "ROAS"}, calls


def test_payback_and_ltv_to_cac_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out, _ = turns(kb_txt2_engine, _TXT)[-1]
    assert "$9,000 × 75% ÷ 12 = $562.50" in out and "$2,700 ÷ $562.50 = 4.80 months" in out, out
    assert "$9,000 × 75% × 2 = $13,500" in out and "$13,500 ÷ $2,700 = 5.0:1" in out, out

"""A spend and what it won, judged without naming the metric (agent/offline/judgedcost.py), and a contribution
margin said as what the business keeps of a sale (agent/offline/keptshare.py) for the break-even ROAS. Own
wording, on the shipped KB and on a plain-text KB."""
from __future__ import annotations

from agent.offline.numbers import digits, parse_numbers
from agent.offline.keptshare import kept, loses_money
from agent.offline.ownresults import lines
from agent.offline.planmath import break_even
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_CUST = "ok so in march we put $7,800 into ads and it got us 195 brand-new customers. hows that compare"
_ORDERS = "paid $9,000 for the postcard drop and it brought in 150 orders. is that any good?"
_LEADS = "spent 3k on linkedin and got 40 leads out of it, good or bad?"
_NAMED = "we spent 20k and won 100 new clients, what's our cac"
_NOT_JUDGED = "we spent $4,000 and got 80 orders last week"
_WITH_REV = "we spent $5,000, got 50 orders worth $20,000 total. how did we do"
_KEEP = ["after postage and the card processor we keep about 41% of each order. what roas do i need so an order doesnt lose money",
         "roughly 30% of every sale is ours once the goods are paid for. what return on ad spend do we need so we don't lose money"]
_NOT_KEPT = ["we keep 40% of the budget in search", "about 25% of each order comes from email"]
_KB = ["we sell handmade soap online. we spent $6,600 last month and got 150 brand new customers from it. how does that stack up"]
_TXT = ["we're a b2b saas company. we spent $54,000 last quarter and signed 60 new customers, how does that compare",
        "we keep roughly 35% of each sale after costs, what roas do we need so we dont lose money"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([_CUST, _ORDERS, _LEADS, _NAMED, _NOT_JUDGED, _WITH_REV, *_KEEP, *_NOT_KEPT, *_KB], _TXT)


def test_a_judged_spend_and_count_gives_the_cost_of_one():
    assert "$7,800 ÷ 195 = $40 — your CAC" in "\n".join(lines(_CUST))
    assert "$9,000 ÷ 150 = $60 — your cost per order" in "\n".join(lines(_ORDERS))
    assert "$3,000 ÷ 40 = $75 — your cost per lead" in "\n".join(lines(_LEADS))
    assert "$20,000 ÷ 100 = $200 — your CAC" in "\n".join(lines(_NAMED))  # named: as before


def test_no_cost_of_one_when_not_judged_or_another_result_is_meant():
    assert lines(_NOT_JUDGED) == []
    assert not any("cost per order" in g for g in lines(_WITH_REV))  # revenue said: the ROAS is judged


def test_what_the_business_keeps_of_a_sale_is_its_margin():
    for msg, want in zip(_KEEP, ("1 ÷ 0.41 = 2.44", "1 ÷ 0.30 = 3.33")):
        assert loses_money(msg)
        w = break_even(msg, "")
        assert w is not None and want in w.lines[0], (msg, w)
    for msg in _NOT_KEPT:
        assert kept(digits(msg), parse_numbers(digits(msg))) is None, msg


def test_judged_cost_beside_the_business_range_on_the_shipped_kb(shipped_engine):
    out, calls = turns(shipped_engine, _KB)[-1]
    assert "$6,600 ÷ 150 = $44" in out and "CAC" in out, out


def test_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    got = turns(kb_txt2_engine, _TXT)
    assert "$54,000 ÷ 60 = $900" in got[0][0], got[0][0]
    assert "1 ÷ 0.35 = 2.86" in got[1][0], got[1][0]


_TEST = ["we pay about $1,100 to land a client and each one brings in $120 a month in margin. are we inside the 12-month rule?",
         "a new member runs us $640 and each member contributes roughly $45 a month, does that pass an 18 month test"]
_NO_TEST = "we have $30,000 to spend within 12 months and spend $2,500 a month, is that ok"


def test_a_payback_asked_as_a_test_of_months():
    from agent.offline.amounts import payback
    assert_unseen(_TEST + [_NO_TEST], [])
    got = payback(_TEST[0])
    assert got and "$1,100 ÷ $120 ≈ 9.17 months" in got[0] and "within the 12-month line" in got[0], got
    got = payback(_TEST[1])
    assert got and "$640 ÷ $45 ≈ 14.22 months" in got[0] and "within the 18-month line" in got[0], got
    assert payback(_NO_TEST) == []  # a budget spent within a year is no payback test


def test_a_share_of_the_last_count_that_ends_up_acting():
    from agent.offline import chainrate
    prev = ("With the Typical retail CPL (cost per lead) range of $40–$80 (Based on Knowledge Base [x#0]):\n"
            "- $6,000 ÷ $80 = 75 leads at the top of the Typical range\n- $6,000 ÷ $40 = 150 leads at the bottom of the Typical range")
    msg = "and if about 1 in 5 of those ends up buying?"
    assert_unseen([msg], [])
    got = chainrate.work(msg, [prev]) or ""
    assert "75 ÷ 5 = 15 that end up buying" in got and "150 ÷ 5 = 30 that end up buying" in got, got

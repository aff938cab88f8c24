"""Workings that showed a wrong number (own wordings): a price per thousand moved by a percentage still buys a
thousand impressions per price; a factor is never shown rounded so far that its line is false ("× 0.38" for the
KB's 0.375); a budget converted to a longer period is multiplied, not divided by a rounded fraction ("÷ 0.08") —
on the shipped KB and a plain-text KB."""
from __future__ import annotations

import pytest

from agent.offline import planmath
from agent.offline.numbers import money, plain
from agent.offline.shortforms import expand
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_LENDER = ["we sell mortgages online, financial services", "with 40k a month how many impressions at the low cpm",
           "cpms jumped about 20% overnight, how bad is it?"]
_ROOFER = ["we're a roofer buying streaming tv in atlanta. what's the cpm there?",
           "with $25,000 how many impressions at the top price", "the cpm is climbing 12%. how many impressions now"]
_OWN = ["our cpm is $20 and we have $10,000. it went up 15% this week, how many impressions do we get now?"]


def test_own_wordings_are_unseen():
    assert_unseen(_LENDER, _ROOFER, _OWN)


@pytest.mark.parametrize("v,want", [(0.375, "0.375"), (0.125, "0.125"), (1 / 12, "0.083"), (1.35, "1.35"),
                                    (12.5, "12.50"), (3.3333, "3.33"), (1234.5678, "1,234.57")])
def test_a_figure_keeps_the_decimals_it_needs(v, want):
    assert plain(v) == want and money(v) == "$" + want


def test_a_month_is_made_a_year_by_multiplying():
    got = planmath.share_of_budget("we have $18,000 a month. how much should we hold for the peak months?",
                                   "Seasonal firms should hold 40-50% of the annual budget for their four peak months.")
    assert got[0] == "$18,000 × 12 = $216,000 a year", got


def test_a_moved_cpm_range_buys_thousands(shipped_engine):
    out = turns(shipped_engine, _LENDER)[-1][0]
    assert "$40,000 ÷ $30 × 1,000 ≈ 1,333,333 impressions" in out, out


def test_a_moved_cpm_buys_thousands_on_the_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, _ROOFER)[-1][0]
    assert "$25,000 ÷ $51.52 × 1,000 ≈ 485,248 impressions" in out, out
    out = turns(kb_txt2_engine, _OWN)[-1][0]
    assert "$10,000 ÷ $23 × 1,000 ≈ 434,783 impressions at the new price" in out, out


_CANDLES = ["we run a candle webshop", "once the courier and card fees are paid we hold onto around 40% of every order. "
            "what's the break-even return on ad spend for us"]
_SEWING = "after postage and fees we keep about 30% of each sale. what is the minimum roas we need to not go under"
_BAKERY = ["we're a bakery chain", "halfway through the month we meant to have spent 6,000 and we've only spent 4,500. are we behind"]
_BOOTCAMP = ["we teach coding bootcamps", "this term we have 15,000 to spend and we want 50 signups. is that doable"]


def test_part_two_wordings_are_unseen():
    assert_unseen(_CANDLES, _BAKERY, _BOOTCAMP, [t for t, _ in _OWN_FIGURES], [
        "the platform reckons our audience is 3 million people, which figure do we plan with"])


_OWN_FIGURES = [
    (_SEWING, "1 ÷ 0.30 = 3.33"),
    ("halfway through the month we meant to have spent 6,000 and we've only spent 4,500. are we behind", "$4,500 ÷ $6,000 × 100 = 75"),
    ("by week 2 we were due to have spent 9,000 but we're at 7,200. is that ok", "$7,200 ÷ $9,000 × 100 = 80"),
    ("with $9,000 a month we are aiming for 70 new patients, is that enough?", "$9,000 ÷ 70 ≈ $128.57 — what each patient may cost"),
    ("we have $24,000 a month and want it split 60/25/15. what does each part get?", "$24,000 × 60% = $14,400"),
    ("we spent 20k and got 400 leads. is that normal", None), ("we need 150 demo requests. what would we need to spend", None)]


@pytest.mark.parametrize("text,want", _OWN_FIGURES)
def test_the_users_own_figures_are_worked(text, want):
    w = planmath.work(text, "", None)
    assert (w.lines[0] if w and w.lines else None) == want or want and w and want in w.lines[0], w


def test_the_working_is_shown_on_the_shipped_kb(shipped_engine):
    assert "1 ÷ 0.40 = 2.50" in turns(shipped_engine, _CANDLES)[-1][0]
    assert "$4,500 ÷ $6,000 × 100 = 75" in turns(shipped_engine, _BAKERY)[-1][0]


def test_the_goal_cost_is_shown_on_the_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    assert "$15,000 ÷ 50 = $300 — what each signup may cost" in turns(kb_txt2_engine, _BOOTCAMP)[-1][0]
    assert "1 ÷ 0.40 = 2.50" in turns(kb_txt2_engine, _CANDLES)[-1][0]


def test_a_ratios_factor_is_not_applied_to_a_count_of_people():
    roas = {"id": "m#1", "text": "Weekly platform ROAS is multiplied by 0.375 for planning until the next test."}
    reach = {"id": "a#1", "text": "Multiply a platform's reported reach by 0.60 to approximate unique people."}
    q = "the platform reckons our audience is 3 million people, which figure do we plan with"
    assert [ps["id"] for ps in planmath.fitting(q, [roas, reach], least=1)] == ["a#1"]
    assert [ps["id"] for ps in planmath.fitting("the platform shows a 4.0 roas, what is it really", [roas], least=1)] == ["m#1"]


_SOFAS = ["we have 3 sofa stores", "what does a new customer usually cost stores like ours",
          "ok, the budget is $40k for oct-nov. how many new customers could that get at typical costs"]


def test_a_month_said_short_is_no_business_and_a_stray_s_on_how_is_read(shipped_engine):
    assert_unseen(_SOFAS, ["alright so at 20k hows many leads is that"])
    assert expand("alright so at 20k hows many leads is that") == "alright so at 20k how many leads is that"
    assert expand("hows it going") == "hows it going"
    got = turns(shipped_engine, _SOFAS)[-1]
    assert "$40,000 ÷ $40 = 1,000 new customers" in got[0] and all(c.get("vertical") != "oct-nov" for c in got[1]), got


_PHYSIO = ["we run a physio clinic, healthcare", "what should a lead cost us, someone filling in the booking form",
           "and what return on ad spend do clinics get?", "we have $6,000 a month. how many of those form submissions would that buy?"]
_SHOES = ["we sell running shoes online, ecommerce and retail", "what does a click on google cost us",
          "and what's a normal return on ad spend for shops like ours", "with $3,000 a month how many of those visits would we get?"]


def test_a_count_pointed_back_at_is_bought_at_the_last_price_shown(shipped_engine):
    assert_unseen(_PHYSIO, _SHOES)
    assert "$6,000 ÷ $90 ≈ 67 leads" in turns(shipped_engine, _PHYSIO)[-1][0]


def test_a_count_pointed_back_at_on_the_text_kb(kb_txt_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt")
    assert "$3,000 ÷ $1.85 ≈ 1,622 clicks" in turns(kb_txt_engine, _SHOES)[-1][0]


def test_a_quarter_of_those_is_a_share_not_the_period_the_figures_cover():
    from agent.offline import perperiod
    users = ["we spend 6000 a month. how many leads is that at the cheap end",
             "and if roughly a quarter of those turn into patients?", "so what's that per week"]
    assert_unseen(users)
    assert perperiod.earlier_period(users, 1, None) == ("month", 1)
    assert perperiod.earlier_period(["our budget for the quarter is 9k"], 0, None) == ("quarter", 1)


_CLINIC6 = ["we run a physio clinic, healthcare", "we spend 6000 a month. how many leads is that at the cheap end",
            "and if 1 out of every 6 of those books?"]


def test_one_out_of_every_n_is_a_rate_on_the_count(shipped_engine):
    assert_unseen(_CLINIC6)
    out = turns(shipped_engine, _CLINIC6)[-1][0]
    assert "150 ÷ 6 = 25 that book" in out and "that books" not in out, out

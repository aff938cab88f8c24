"""What the counts an earlier answer worked out are worth (agent/offline/unitworth): the user's value per unit times
the count, and that ÷ the budget. Own wording, on the shipped KB and a plain-text KB; the module's pure reading is
checked on made-up answers so these tests stay fast."""
from __future__ import annotations

from agent.offline.chains import chains
from agent.offline.unitworth import value_per_unit, work
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

_CHAIN = ("Counted with the Typical ecommerce CPC (cost per click) range of $0.70–$1.30 (Based on Knowledge Base "
          "[benchmarks-ecommerce#0]), at the Typical ecommerce CVR (conversion rate) range of 1.8%–3.2% (Based on "
          "Knowledge Base [benchmarks-ecommerce#0]):\n- $9,000 ÷ $0.70 ≈ 12,857.14 clicks at the bottom of the Typical "
          "range\n- 12,857.14 × 1.8% ≈ 231 purchases\n- 12,857.14 × 3.2% ≈ 411 purchases")
_ONE_IN = ("Counted with the Typical home-services CPL (cost per lead) range of $40–$100 (Based on Knowledge Base [h#0]). "
           "At your rate of 1 in 4:\n- $6,000 ÷ $100 = 60 leads at the top of the Typical range\n- 60 ÷ 4 = 15 jobs\n"
           "- $6,000 ÷ $40 = 150 leads at the bottom of the Typical range\n- 150 ÷ 4 ≈ 38 jobs\n"
           "Per year (spread evenly, a year being 12 months):\n- $6,000 ÷ $100 ÷ 4 × 12 = 180 jobs a year\n"
           "- $6,000 ÷ $40 ÷ 4 × 12 = 450 jobs a year")
_KB = ["we sell handmade candles online. what's a typical cost per click for ecommerce?",
       "we have 9k a month. how many clicks does that buy", "and what share of shoppers who click typically buy?",
       "ok so purchases from the bigger click number, going by that",
       "a typical basket is $45. is that profitable, what comes back per dollar?"]
_TXT = ["we're a roofing contractor. what's a typical cost per lead on google ads?",
        "our budget is 6,000 a month, how many leads would that be", "and if 1 in 6 of those turns into a signed job?",
        "we clear about $4,000 profit on each roof. what is that worth to us?"]
_OWN = ["the average ticket runs $120, so what revenue does that make at the cheap end?",
        "each job pays us 300 bucks. what would those bring in?", "we net $75 per sale, is it paying for itself?",
        "a season pass is $900 a head, what is a year of those worth?"]
_NOT = ["our budget is 8000 a month, how many leads is that", "each new client is worth $900 over their lifetime, ratio?",
        "a click costs us $2, how many clicks is that", "we pay $45 per lead, is that profitable?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_KB + _OWN + _NOT, _TXT)


def test_a_value_said_per_one_of_something_is_read_and_a_budget_or_price_is_not():
    assert value_per_unit(_OWN[0])[:1] == (120.0,) and value_per_unit(_OWN[1])[0] == 300.0
    assert value_per_unit(_OWN[2])[0] == 75.0 and value_per_unit(_OWN[3])[0] == 900.0
    for said in _NOT[:1] + _NOT[2:]:
        assert value_per_unit(said) is None, said
    assert work(_NOT[1], [_CHAIN]) is None  # a lifetime value: the LTV:CAC readers' move


def test_working_lines_are_read_back_as_whole_chains():
    got = chains(_ONE_IN)
    assert [(round(c, 2), how) for c, how, *_ in got][:2] == [(15.0, "$6,000 ÷ $100 ÷ 4"), (37.5, "$6,000 ÷ $40 ÷ 4")]
    assert all(b == 6000 for *_, b in got)


def test_sales_and_return_per_dollar_at_each_end_and_the_end_named():
    out = work(_OWN[2], [_CHAIN])
    assert "231.43 × $75 ≈ $17,357.14 in sales" in out and "÷ $9,000 ≈ $1.93 back" in out and "411.43 × $75" in out, out
    cheap = work(_OWN[0], [_ONE_IN])  # "the cheap end": the most jobs
    assert "37.50 × $120 = $4,500 in sales" in cheap and "15 ×" not in cheap, cheap


def test_a_period_named_takes_that_periods_lines_and_no_return_on_another_periods_budget():
    out = work(_OWN[3], [_ONE_IN])
    assert "$6,000 ÷ $100 ÷ 4 × 12 = 180 jobs a year" in out and "180 × $900 = $162,000 in sales" in out, out
    assert "back for every" not in out


def test_the_return_asked_next_shows_the_worth_again():
    first = work(_OWN[1], [_CHAIN])
    assert work("so does it pay for itself?", [_CHAIN, first]) == first.split("\n\n")[0]


def test_worth_per_basket_on_the_shipped_kb(shipped_engine):
    out = turns(shipped_engine, _KB)[-1][0]
    assert "$9,000 ÷ $0.70 × 1.8% ≈ 231.43 purchases" in out and "231.43 × $45 ≈ $10,414.29 in sales" in out, out
    assert "$10,414.29 ÷ $9,000 ≈ $1.16 back for every $1 of ad spend" in out and "[benchmarks-ecommerce#0]" in out, out


def test_profit_per_roof_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    out = turns(kb_txt2_engine, _TXT)[-1][0]
    assert "× $4,000" in out and "in sales" in out and "back for every $1 of ad spend" in out, out

"""Planning arithmetic on wording of this file's own (checked against every seen data set): the user's
amounts moved, re-timed and shared out, CPM both ways, ranges at both ends, a redone figure, a rate on
the last count — each answer states the result with its working, on the shipped KB and the text KB."""
from __future__ import annotations

import pytest

from tests.offline_turns import assert_worked, on_engines
from tests.unseen_wording import assert_unseen

# (messages, lines the last answer must show) — the same on either knowledge base: only the user's figures
_OWN = [
    (["We need 2 million impressions at a $12 CPM. What will that cost us?"], ["2,000,000 × $12 ÷ 1,000 = $24,000"]),
    (["1.5M impressions at a $14 CPM - what does that cost?"], ["1,500,000 × $14 ÷ 1,000 = $21,000"]),
    (["Our CPA is $50 and the CFO wants us to trim it by a fifth. What's the new target CPA?"], ["$50 × 0.80 = $40"]),
    (["Cut our $80k budget by 20% - how much do we have left?"], ["$80,000 × 0.80 = $64,000"]),
    (["Our $40k budget is being reduced by a quarter. What's the new number?"], ["$40,000 × 0.75 = $30,000"]),
    (["We're halving our $60k quarterly spend. How much is left per month?"],
     ["$60,000 × 0.50 = $30,000", "$30,000 ÷ 3 = $10,000 a month"]),
    (["Our monthly budget is $20k and it's going up by 15 percent next quarter. What's the new monthly budget?"],
     ["$20,000 × 1.15 = $23,000 — the new budget"]),
    (["We have $90k. Put two thirds into search and the rest into social - how much does each get?"],
     ["$90,000 × 2 ÷ 3 = $60,000 to search", "$90,000 × 1 ÷ 3 = $30,000 to social"]),
    (["We spend $5k a week on ads. What does that come to over a year?"], ["$5,000 × 52 = $260,000 a year"]),
    (["We spend $30k a month. What's that per quarter and per year?"],
     ["$30,000 × 3 = $90,000 a quarter", "$30,000 × 12 = $360,000 a year"]),
    (["We want to reach 400,000 people with a frequency of 3. How many impressions is that?"],
     ["400,000 × 3 = 1,200,000 impressions"]),
    (["A new customer costs us $300 to acquire and brings in $50 a month of gross margin. How many months until we "
      "earn that back?"], ["$300 ÷ $50 = 6 months"]),
    (["We sell a $200 product at a 30% margin. What's the most we can pay per sale and still break even?"],
     ["$200 × 30% = $60"]),
    (["We pay $4 per click and have $20k. How many clicks?", "what if we double it?"], ["$40,000 ÷ $4 = 10,000 clicks"]),
    (["We spent $12k and got 300 leads. What's our cost per lead?", "and if we cut that by 10%?"],
     ["$40 × 0.90 = $36"]),
    (["We have $15k and clicks cost us $3 each. How many clicks is that?",
      "and how many sales is that at a 4% conversion rate?"], ["5,000 × 4% = 200 sales"]),
    (["Our search budget is $20k a month and clicks cost $4. How many clicks?", "actually make it 45k"],
     ["$45,000 ÷ $4 = 11,250 clicks"]),
    (["Our CPC is $2.40 and we expect it to climb 25% in Q4. What will it be then?"], ["$2.40 × 1.25 = $3"]),
    (["We pay $3 a click and have $30k.", "If CPC rises 20%, how many clicks will we get?"],
     ["$3 × 1.20 = $3.60 — the new price", "$30,000 ÷ $3.60 ≈ 8,333 clicks"]),
    (["Split $70k evenly between search and social."], ["$70,000 ÷ 2 = $35,000 to each of search, social"]),
    (["Give 45% of our $200k to search and the rest to social. How much each?"],
     ["$200,000 × 45% = $90,000 to search", "$200,000 × 55% = $110,000 to social"]),
    (["We have $30k for a 30-day month. What's the daily budget?"], ["$30,000 ÷ 30 = $1,000 a day"]),
    (["Allocate $150k: 40% search, 35% social, 25% CTV. Amounts?"],
     ["$150,000 × 40% = $60,000 to search", "$150,000 × 35% = $52,500 to social", "$150,000 × 25% = $37,500 to CTV"]),
    (["We bought 3 million impressions at an average frequency of 5. How many people did we reach?"],
     ["3,000,000 ÷ 5 = 600,000 people"]),
    (["Our $60k budget is growing by a third next year. What will it be?"], ["$60,000 × 4 ÷ 3 = $80,000"]),
    (["We pay $5 a click and have $20k. How many clicks?", "what if clicks cost $4 instead?"],
     ["$20,000 ÷ $4 = 5,000 clicks"]),
    (["We have $200k. If 15% goes to testing, how much is that?"], ["$200,000 × 15 ÷ 100 = $30,000"]),
    (["Bump our $12k monthly spend up by 25%. What's the new figure for the quarter?"],
     ["$12,000 × 1.25 = $15,000", "$15,000 × 3 = $45,000 a quarter"]),
    (["We made two hundred thousand in revenue from fifty thousand of ad spend. What's the return on ad spend?"],
     ["$200,000 ÷ $50,000 = 4"]),
    # two of the user's figures compared, or a target worked back through a rate (compare.py)
    (["We've spent $31k of a $40k budget. What percent is that?"], ["$31,000 ÷ $40,000 × 100 = 77.50, i.e. 77.50%"]),
    (["Our budget is $60k and we've spent $42k. How much is left?"], ["$60,000 − $42,000 = $18,000 left"]),
    (["Our CPA went from $40 to $52. What percent increase is that?"],
     ["$52 − $40 = $12", "$12 ÷ $40 × 100 = 30, i.e. a 30% increase"]),
    (["We need 300 customers and we close 20% of our leads. How many leads do we need?"], ["300 ÷ 20% = 1,500 leads"]),
    (["To get 200 sales at a 4% conversion rate, how many clicks do we need?"], ["200 ÷ 4% = 5,000 clicks"]),
    (["A lead costs us $50 and 10% of leads become customers. What's our cost per customer?"],
     ["$50 ÷ 10% = $500 per customer"]),
    (["We have $50k unspent and 2 months left. What monthly run rate does that mean?"], ["$50,000 ÷ 2 = $25,000 a month"]),
    (["Our monthly budget is $26k. Roughly what's that per week?"], ["$26,000 × 12 ÷ 52 = $6,000 a week"]),
    (["We want to reach 60% of a 500,000-person audience 4 times each. How many impressions is that?"],
     ["500,000 × 0.60 × 4 = 1,200,000 impressions"]),
    # figures from earlier turns
    (["We spent $20k and got 400 leads.", "what's the CPL?"], ["$20,000 ÷ 400 = $50 — your CPL"]),
    (["Our CAC is $250 and LTV is $1,000. What's the ratio?", "what if CAC rises 20%?"],
     ["$250 × 1.20 = $300", "$1,000 ÷ $300 ≈ 3.33"]),
    (["We spend $30k a month on ads.", "what's that per year?"], ["$30,000 × 12 = $360,000 a year"]),
    (["We spend $30k a month on ads.", "and if we cut it by 10%?"], ["$30,000 × 0.90 = $27,000"]),
    (["Budget is $40k. Split it 50/30/20 across search, social and display.", "now make the budget $60k"],
     # the user's own shares, no passage's: their arithmetic, each share as its fraction of 100 (agent.offline.sharecite)
     ["$60,000 × 50 ÷ 100 = $30,000", "$60,000 × 30 ÷ 100 = $18,000", "$60,000 × 20 ÷ 100 = $12,000"]),
]
# benchmark ranges: the shipped KB's tables
_SHIPPED = [
    (["We run an online college. With a $30k budget, how many leads should we expect at a typical cost per lead?"],
     ["$30,000 ÷ $85 ≈ 353 leads at the top", "$30,000 ÷ $35 ≈ 857 leads at the bottom"]),
    (["Education client, budget of $36,000. Estimate the number of leads at typical cost per lead."],
     ["$36,000 ÷ $85 ≈ 424 leads", "$36,000 ÷ $35 ≈ 1,029 leads"]),
    (["Games studio, $50k. How many installs if CPI lands at the top of the typical range?"],
     ["$50,000 ÷ $5 = 10,000 installs at the top"]),
    (["We're a SaaS company getting 5,000 clicks a month. How many conversions at a typical conversion rate?"],
     ["5,000 × 1.20% = 60 conversions", "5,000 × 2.50% = 125 conversions"]),
    (["We're an ecommerce brand with 400,000 impressions. How many clicks at a typical CTR?"],
     ["400,000 × 0.90% = 3,600 clicks", "400,000 × 1.60% = 6,400 clicks"]),
    (["We're a SaaS company with one point two million a year. How many leads a month at the typical CPL?"],
     ["$1,200,000 ÷ 12 = $100,000 a month", "$100,000 ÷ $80 = 1,250 leads"]),
    (["Ecommerce brand, two and a half million for the year. How many customers at a typical CAC?"],
     ["$2,500,000 ÷ $30 ≈ 83,333 customers"]),
    (["We're an ecommerce brand with $25k. How many clicks at a typical CPC?", "ok and what would that be at the low end?"],
     ["$25,000 ÷ $0.70 ≈ 35,714 clicks"]),
    (["We're a SaaS company with $80k. How many leads at a typical CPL?", "Now suppose the budget drops 30%."],
     ["$80,000 × 0.70 = $56,000", "$56,000 ÷ $80 = 700 leads"]),
]
# and the plain-text KB's listed figures, remembered for a redo
_TXT = [
    (["We're a dental office with $9k for Google search. How many clicks at a typical CPC?", "actually make it 12k"],
     ["$12,000 ÷ $3.90 ≈ 3,077 clicks", "$12,000 ÷ $3.40 ≈ 3,529 clicks"]),
    (["We're a dental office with $9k for Google search. How many clicks at a typical CPC?", "and if we halve it?"],
     ["$9,000 × 0.50 = $4,500", "$4,500 ÷ $3.90 ≈ 1,154 clicks"]),
    (["We sell B2B software. How many Google Ads acquisitions would 30 grand get us?"],
     ["$30,000 ÷ $112 ≈ 268 acquisitions", "$30,000 ÷ $96 ≈ 313 acquisitions"]),
    (["We run a dental practice. What does a Google click cost?", "and how many clicks would 6k a month buy?"],
     # the platform named first is kept (keptplatform): Google's row, quoted as the KB writes it
     ["range of $3.40-3.90", "$6,000 ÷ $3.90 ≈ 1,538 clicks", "$6,000 ÷ $3.40 ≈ 1,765 clicks"]),
]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*[msgs for msgs, _ in _OWN + _SHIPPED + _TXT])


@pytest.mark.parametrize("kb,texts,shown", on_engines(shipped_engine=_OWN + _SHIPPED, kb_txt_engine=_OWN + _TXT))
def test_the_working_is_shown_on_the_shipped_kb_and_the_text_kb(request, kb, texts, shown):
    assert_worked(request.getfixturevalue(kb), texts, shown)


def test_a_rate_moving_is_no_budget_pointed_back_to():
    from agent.offline import amounts
    assert amounts.work("our CTR dropped 20%, is that bad?", (30000.0, "month")) is None
    assert amounts.work("what's that per year?", (30000.0, "month"))[0] == ["$30,000 × 12 = $360,000 a year"]


def test_numbers_said_in_words():
    from agent.offline.numbers import digits
    assert digits("one point two million") == "1.2 million"
    assert digits("two and a half million a year") == "2500000 a year"
    assert digits("a hundred and twenty thousand dollars") == "120000 dollars"
    assert digits("a hundred people") == "a hundred people"
    # one number, however many scale words it takes: "one million" then more number words is not two numbers
    assert digits("one million three hundred thousand viewers") == "1300000 viewers"
    assert digits("one million and forty thousand") == "1040000"
    assert digits("one million people, two hundred thousand of them online") == "1000000 people, 200000 of them online"


def test_a_budget_cut_before_a_count_is_no_price_change():
    from agent.offline.parse import parse
    assert parse("We have a $30k budget. After a 10% cut, how many leads at a typical CPL?").calc.op == "div"
    assert parse("Corporate wants us to cut 25%. Walk me through how that is done.").pct_sign == 0
    assert parse("our CPL is $40. if we cut that by 10%, what is it?").calc.op == "change"
    assert parse("our budget is $20k. if CPC rises 10%, how many clicks at $2 each?").calc.op == "change"

"""Arithmetic asked in shapes the older rules missed, on wording of this file's own (checked against every
seen data set): two figures joined as a movement ("A -> B", "was A, now B") and the percent change asked;
a spend and the money that came back judged ("how did that work out?") as a ROAS; a value and a hedged
price ("we pay roughly 260") as a ratio, and a bare cost earned back by a monthly sum; a counted unit at
both ends of a range ("installs at the low and high end") as a budget's purchase count; a count and its
unit price with the total asked; the population's share with one sales share as a development index; a
price said bare moved by a percent and a budget re-run "at that price"; one input of the last formula moved
("if frequency goes to 8, same reach"); the true effect asked of a reported count ("what did it really
reach?") — each answer states the result with its working, on the shipped
KB and the plain-text KB."""
from __future__ import annotations

import pytest

from tests.offline_turns import assert_worked, on_engines
from tests.unseen_wording import assert_unseen

# (messages, lines the last answer must show) — the user's figures only: the same on either knowledge base
_OWN = [
    # the percent change of two figures said as a movement
    (["CPC moved $1.80 → $2.25 over the summer; how big an increase is that in percent?"],
     ["$0.45 ÷ $1.80 × 100 = 25, i.e. a 25% increase"]),
    (["signups were 1,200 and now they are 1,500. what is the percentage change?"],
     ["300 ÷ 1,200 × 100 = 25, i.e. a 25% increase"]),
    (["lead volume fell from 900 to 720 this quarter, what kind of decline is that"],
     ["180 ÷ 900 × 100 = 20, i.e. a 20% decrease"]),
    (["the quote was $18 per thousand, now it is $21. how big a hike is that?"],
     ["$3 ÷ $18 × 100 ≈ 16.67, i.e. a 16.67% increase"]),
    (["weekly outlay 8k => 10k, what % rise?"], ["2,000 ÷ 8,000 × 100 = 25, i.e. a 25% increase"]),
    # a spend and the money that came back, judged
    (["We invested 30,000 in search and it returned 96,000 in sales. how did that work out?"],
     ["$96,000 ÷ $30,000 = 3.20, i.e. a ROAS of 3.20x"]),
    (["spent $8k on social, brought in $20k of revenue — how are we doing?"],
     ["$20,000 ÷ $8,000 = 2.50, i.e. a ROAS of 2.50x"]),
    (["we sank 12,500 into ads in May and got 40,000 back. where does that leave us?"],
     ["$40,000 ÷ $12,500 = 3.20, i.e. a ROAS of 3.20x"]),
    (["Put 9,000 into display in April, 22,500 came back. How did we fare?"], ["$22,500 ÷ $9,000 = 2.50"]),
    (["We poured 45,000 into video and made 81,000 back. how does that stack up?"], ["$81,000 ÷ $45,000 = 1.80"]),
    # a value and a hedged price: the ratio; a bare cost earned back by a monthly sum: the payback
    (["each client is worth about $9,000 to us over the years and we pay nearly 1,500 to win one. how are we doing?"],
     ["$9,000 ÷ $1,500 = 6"]),
    (["each customer brings in roughly 1,800 in lifetime margin and costs us 450 to land. how healthy is that?"],
     ["$1,800 ÷ $450 = 4.0, i.e. an LTV:CAC of 4.0:1"]),
    (["we get 3,600 of lifetime value from a client; acquisition runs 900. what multiple is that?"], ["$3,600 ÷ $900 = 4.0"]),
    (["a patient is worth 5,000 in lifetime revenue and acquiring one costs us about 700 - where does that leave us?"],
     ["$5,000 ÷ $700 ≈ 7.14"]),
    (["A subscriber brings in $15 a month. How long to recoup the 180 we paid for them?"], ["$180 ÷ $15 = 12 months"]),
    (["Each tenant nets us $40 a month; how many months before we earn back the 500?"], ["$500 ÷ $40 = 12.50 months"]),
    (["Our CAC is 180 and a customer brings 45 a month in margin. payback?"], ["$180 ÷ $45 = 4 months"]),
    (["it costs 90 to sign up a subscriber who pays us 15 monthly after costs. how long to recoup?"], ["$90 ÷ $15 = 6 months"]),
    # a count and its unit price, the total asked
    (["We need 800 leads and they run about $45 each. what does that come to?"], ["800 × $45 = $36,000"]),
    (["planning 4 million video views at a $9 CPM - total?"], ["4,000,000 × $9 ÷ 1,000 = $36,000"]),
    (["we want 1,200 clicks at $3.50 a click. what is the spend?"], ["1,200 × $3.50 = $4,200"]),
    (["The publisher offered 600k impressions at an $11 CPM. How much is that in dollars?"],
     ["600,000 × $11 ÷ 1,000 = $6,600"]),
    (["Booking 300 sponsored posts at $120 apiece, what's the outlay?"], ["300 × $120 = $36,000"]),
    # a development index from the population's share and one sales share
    (["Denver holds 1.8% of the population and 2.7% of our revenue — how does it index?"],
     ["BDI = 2.70 ÷ 1.80 × 100 = 150"]),
    (["Our brand does 4% of its sales in Ohio, which has 3.5% of the US population. Development index?"],
     ["BDI = 4 ÷ 3.50 × 100 ≈ 114.3"]),
    (["The category sells 6% of its volume in Texas, home to 9% of the people. What is the CDI?"],
     ["CDI = 6 ÷ 9 × 100 ≈ 66.7"]),
    (["Boise: 0.5% of population, 0.9% of our orders. does it over-index?"], ["BDI = 0.90 ÷ 0.50 × 100 = 180"]),
    (["Reno makes up 1.2% of the client's revenue and only 0.8% of the population. Its BDI?"],
     ["BDI = 1.20 ÷ 0.80 × 100 = 150"]),
    # a price said bare, moved by a percentage; a budget re-run at that price
    (["our CPC is 1.85 and it is climbing 12%. where does that put it?"], ["$1.85 × 1.12 ≈ $2.07"]),
    (["cost per lead was running at 64 and just dropped 15% - new figure?"], ["$64 × 0.85 = $54.40"]),
    (["CPM sat at 11.50, then rose by a fifth. what is it today?"], ["$11.50 × 1.20 = $13.80"]),
    (["we were paying 42 per booking and that went up 25%. what are we paying now?"], ["$42 × 1.25 = $52.50"]),
    (["we pay $2 a click and have 30k. how many clicks?", "our CPC was 2 and it jumped 25%. new CPC?",
      "rerun the 30k at that price"], ["$30,000 ÷ $2.50 = 12,000 clicks"]),
    # a rate of one count out of another: CTR, conversion rate
    (["We got 45 sales from 1,500 clicks. What's our conversion rate?"], ["45 ÷ 1,500 × 100 = 3.0, i.e. a conversion rate"]),
    (["Our ads got 250,000 impressions and 3,000 clicks — CTR?"], ["3,000 ÷ 250,000 × 100 = 1.20"]),
    (["Our video got 80,000 views and 1,200 clicks. what's the click-through rate?"], ["1,200 ÷ 80,000 × 100 = 1.50"]),
    (["Of 5,000 site visitors last week, 150 bought something. What percent is that?"], ["150 ÷ 5,000 × 100 = 3.0"]),
    (["What did 900 sign-ups out of 36,000 landing-page visits convert at, as a percentage?"], ["900 ÷ 36,000 × 100 = 2.50"]),
    # the price of one from a spend and a count, asked in plain words; a price per thousand × 1,000
    (["spent 4,500 on search last month for 1,800 clicks. what's that per click?"], ["$4,500 ÷ 1,800 = $2.50"]),
    (["we paid 7,200 for 320 leads; how much is that for each lead?"], ["$7,200 ÷ 320 = $22.50"]),
    (["We paid $12,000 for 48 new customers. Is that a good CAC?"], ["$12,000 ÷ 48 = $250"]),
    (["We spent $9,000 for 600,000 impressions. What CPM did we pay?"], ["$9,000 ÷ 600,000 × 1,000 = $15"]),
    (["The trade show ran us 16,000 dollars and brought 200 leads. What was that per lead?"], ["$16,000 ÷ 200 = $80"]),
    # a count said as the goal, worked back through the rate that leads to it
    (["We need 120 sales. Our close rate from leads is 15%. How many leads?"], ["120 ÷ 15% = 800 leads"]),
    (["Our goal is 300 sign-ups and 4% of visitors sign up. How many visitors?"], ["300 ÷ 4% = 7,500 visitors"]),
    (["we want 90 demos booked; 6% of trial users book one. how many trial users?"], ["90 ÷ 6% = 1,500"]),
    (["Target is 250 enrolments and 25% of applicants enrol. How many applicants?"], ["250 ÷ 25% = 1,000"]),
    (["to hit 40 closed deals at a 10% win rate on opportunities, how many opportunities?"], ["40 ÷ 10% = 400"]),
    # a reach share of a pool, a frequency and a CPM
    (["reach 30% of 500,000 people 6 times at a $15 CPM. cost?"],
     ["500,000 × 0.30 × 6 = 900,000 impressions", "900,000 ÷ 1,000 × $15 = $13,500"]),
    # a count asked per week of a budget said for a longer period: spread over its weeks (52 to the year)
    (["We have $18k a month. At $6 per click, how many clicks is that per week?"],
     ["$18,000 × 12 ÷ 52 ≈ $4,153.85 a week", "$4,153.85 ÷ $6 ≈ 692 clicks"]),
    (["Our quarterly budget is $39k and leads cost $25. How many leads a week?"], ["$39,000 × 4 ÷ 52 = $3,000 a week",
                                                                                "$3,000 ÷ $25 = 120 leads"]),
    (["With $104k a year at $4 a click, how many clicks each week?"], ["$104,000 ÷ 52 = $2,000 a week", "$2,000 ÷ $4 = 500"]),
    # a relative change of two rates; a budget said bare moved by a fraction word (shown as a decimal)
    (["we went from 2.1% to 2.8% CTR — how much better in relative terms?"], ["0.70 points ÷ 2.10 points × 100 ≈ 33.33"]),
    (["our 6k weekly budget goes up by a quarter next month. what will we spend per week?"],
     ["$6,000 × (1 + 0.25) = $6,000 × 1.25 = $7,500"]),
    # several spends with what each won: each cost, then the blended one
    (["What's our blended CPA if search spent $20k for 400 sales and social spent $10k for 150 sales?"],
     ["$20,000 ÷ 400 = $50 per sale", "$30,000 ÷ 550 ≈ $54.55 — the blended cost per sale"]),
    (["Meta took $12,000 and returned 300 leads, LinkedIn took $18,000 for 200 leads. What's the overall cost per lead?"],
     ["$18,000 ÷ 200 = $90 per lead", "$30,000 ÷ 500 = $60"]),
    (["across both: $5k got 100 signups on TikTok and $7.5k got 125 signups on YouTube, combined CPA?"],
     ["$12,500 ÷ 225 ≈ $55.56"]),
    (["Display: $3,000 for 60 orders. Email: $1,000 for 40 orders. Blended cost per order?"], ["$4,000 ÷ 100 = $40"]),
    (["In total, $9k brought 45 customers from radio and $6k brought 15 from print - all-in CAC?"], ["$15,000 ÷ 60 = $250"]),
    # one input of the last formula moved, the others kept
    (["We want to reach 400,000 people with a frequency of 3. How many impressions is that?",
      "and if frequency goes to 5, everything else the same?"], ["400,000 × 5 = 2,000,000 impressions"]),
    (["We want 2 million impressions at a $12 CPM. What will that cost us?", "say the CPM were to go up to 15, same volume"],
     ["2,000,000 × $15 ÷ 1,000 = $30,000"]),
]
# a counted unit at both ends of a range (the shipped KB's gaming and saas tables)
_SHIPPED = [
    # the true effect asked of a reported count ("what did it really reach?"): the KB's own multiplier applied
    (["Instagram says the campaign reached 90,000 people. What did it really reach?"], ["90,000 × 0.60 = 54,000"]),
    (["TikTok's dashboard shows 1.2 million people reached; what did the flight truly reach?"],
     ["1,200,000 × 0.60 = 720,000"]),
    (["Meta reports 800,000 reached. What did the campaign actually reach in unique people?"], ["800,000 × 0.60 = 480,000"]),
    (["Code-attributed conversions from the audio sponsorship came to 64. what did it actually produce?"],
     ["64 × 2.50 = 160", "64 × 2 = 128 to 64 × 3 = 192"]),
    (["The network's vanity URL captured 120 conversions. What did the audio spots in reality generate?"],
     ["120 × 2.50 = 300"]),
    (["what does an install typically cost for a mobile game?", "we have 40 grand. installs at the low and high end of that"],
     ["$40,000 ÷ $5 = 8,000 installs", "$40,000 ÷ $2.50 = 16,000 installs"]),
    (["typical cost per lead for a B2B software company?", "With $24k, leads at both ends of that range?"],
     ["$24,000 ÷ $180 ≈ 133 leads", "$24,000 ÷ $80 = 300 leads"]),
    (["typical cost per lead for a B2B software company?", "we can spend 16k. leads at the top and bottom of it?"],
     ["$16,000 ÷ $180 ≈ 89 leads", "$16,000 ÷ $80 = 200 leads"]),
    (["typical cost per lead for a B2B software company?", "with 20k, leads in the best and worst case?"],
     ["$20,000 ÷ $180 ≈ 111 leads", "$20,000 ÷ $80 = 250 leads"]),
    (["what does an install typically cost for a mobile game?", "10k budget: installs at the low vs high end?"],
     ["$10,000 ÷ $5 = 2,000 installs", "$10,000 ÷ $2.50 = 4,000 installs"]),
    # the gap between the two ends asked
    (["what does an install typically cost for a mobile game?",
      "we have 40k. how many more installs do we get at the low end than at the high end?"],
     ["16,000 − 8,000 = 8,000 more installs"]),
    (["typical cost per lead for a B2B software company?", "on 36k, what's the difference between leads at each end?"],
     ["450 − 200 = 250 more leads"]),
    # a percentage move of a price whose range was shown: both ends moved, and what the budget buys at each then
    (["what does an install typically cost for a mobile game?", "with 50k how many installs?",
      "suppose CPI climbs 10% in Q4. installs then?"], ["$5 × (1 + 10%) = $5 × 1.10 = $5.50", "$50,000 ÷ $2.75 ≈ 18,182"]),
    (["what's a typical CAC for an online store?", "we can spend 22k. customers at each end?",
      "if acquisition costs fall by a tenth, how many customers?"], ["$55 × (1 − 0.10) = $55 × 0.90 = $49.50",
                                                                    "$22,000 ÷ $27 ≈ 815 customers"]),
    (["what's a normal CPC for an online shop?", "our budget is 12k. clicks at both ends of that?",
      "and if click prices drop 25%?"], ["$1.30 × (1 − 25%) = $1.30 × 0.75 ≈ $0.98", "$12,000 ÷ $0.52 ≈ 23,077 clicks"]),
    (["typical cost per lead for a B2B software company?", "we've got 45k. how many leads at the range?",
      "leads if the CPL goes up 15%?"], ["$180 × 1.15 = $207", "$45,000 ÷ $92 ≈ 489 leads"]),
    (["typical cost per lead for a B2B software company?", "what if CPL rises 20%?"],
     ["$180 × (1 + 20%) = $180 × 1.20 = $216", "$80 × (1 + 20%) = $80 × 1.20 = $96"]),
    # a count asked as "the lead count", "our install total"
    (["typical cost per lead for a B2B software company?", "ok, with 30k what's the lead count at the pricey end?"],
     ["$30,000 ÷ $180 ≈ 167 leads"]),
    (["what does an install typically cost for a mobile game?", "with 15k, what would our install total be at the cheap end?"],
     ["$15,000 ÷ $2.50 = 6,000 installs"]),
    # any counted noun at the ends, priced by the metric just shown
    (["we run a network of tutoring centers for high schoolers. what does a new enrollment usually cost in ads?",
      "with 15k a month, enrollments at both ends of that range?"], ["$15,000 ÷ $600 = 25 enrollments", "$15,000 ÷ $250 = 60"]),
    # a benchmark a search answered (no business the resolver named): the business is the one whose table answered
    (["I market a chain of dermatology clinics — what's a usual price to acquire one new patient?",
      "we can put 24k toward it. how many new patients at either end of that range?"],
     ["$24,000 ÷ $300 = 80 new patients", "$24,000 ÷ $120 = 200 new patients"]),
    (["our company sells holiday cottages by the sea. what does one booking usually cost to win?",
      "Say 30k for the summer. how many bookings at the low and the high end of it?"],
     ["$30,000 ÷ $55 ≈ 545 bookings", "$30,000 ÷ $25 = 1,200 bookings"]),
    (["I look after ads for a few chiropractic offices. what's a usual price to acquire one new patient?",
      "our monthly budget is 8k. how many new patients at either end of that range?"], ["$8,000 ÷ $300 ≈ 27", "$8,000 ÷ $120 ≈ 67"]),
    (["I market a chain of fertility clinics — what's a usual price to acquire one new patient?",
      "we can put 50k toward it. new patients at both ends?"], ["$50,000 ÷ $300 ≈ 167", "$50,000 ÷ $120 ≈ 417"]),
]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*[msgs for msgs, _ in _OWN + _SHIPPED])


@pytest.mark.parametrize("kb,texts,shown", on_engines(shipped_engine=_OWN + _SHIPPED, kb_txt_engine=_OWN))
def test_each_form_is_worked_on_the_shipped_kb_and_the_text_kb(request, kb, texts, shown):
    assert_worked(request.getfixturevalue(kb), texts, shown)

"""Arithmetic on the user's own numbers, on wording of this file's own (checked against every seen data set): the
user's amounts moved, re-timed and shared out, CPM both ways, ranges at both ends, a redone figure, a rate on the last
count; and forms the older rules missed — a unit price said in words ("a dollar ten", "ninety five cents", "a buck
twenty") times a count, the total asked as "what am I spending", a percent change with a span of time beside the two
figures or asked "percentwise" (a move between two counts is a change, not one as a rate of the other), a drop asked
"as a percentage", break-even ROAS asked as not losing money, a question after an unpunctuated "if" clause, the middle
of a range, a spend and what the ads sold ("booked", "drove … of sales") as a ROAS judged beside the business's range,
a development index whose population share is "the region's", a split the conversation named by its numbers; two
figures joined as a movement ("A -> B", "was A, now B") and the percent change asked, a spend and the money that came
back judged ("how did that work out?") as a ROAS, a value and a hedged price ("we pay roughly 260") as a ratio, a bare
cost earned back by a monthly sum, a counted unit at both ends of a range ("installs at the low and high end") as a
budget's purchase count, a count and its unit price with the total asked, one input of the last formula moved ("if
frequency goes to 8, same reach"), the true effect asked of a reported count ("what did it really reach?"). Each answer
states the result with its working (one table-driven test, each case on the KBs that hold what it needs: the shipped
KB and, where the KB holds the figure, the plain-text KBs); numbers said in words: tests/test_offline_agent.py."""
from __future__ import annotations

import pytest

from agent.offline import midrange, redounit, splitrule
from agent.offline.asking import asks_anything
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
    # forms the older rules missed: prices in words, changes over a span, break-even ROAS, shares of a budget
    (["we're planning on roughly 8,500 clicks at ninety five cents each. what does that total"], ["8,500 × $0.95 = $8,075"]),
    (["two thousand clicks at a buck twenty each, what's that cost"], ["2,000 × $1.20 = $2,400"]),
    (["i run a bakery. if i get 400 leads at $18 each what am i spending"], ["400 × $18 = $7,200"]),
    (["our cpc went from 2.10 to 2.73 since spring. by what percent did it rise"], ["0.63 ÷ 2.10 × 100 = 30, i.e. a 30% increase"]),
    (["signups fell from 500 a week to 420. whats that drop as a percentage"], ["80 ÷ 500 × 100 = 16, i.e. a 16% drop"]),
    (["cpm climbed from 12 bucks to 15, how much is that in percent terms"], ["$3 ÷ $12 × 100 = 25, i.e. a 25% rise"]),
    (["our roas slid from 4 to 3. what percentage decline is that"], ["1 ÷ 4 × 100 = 25, i.e. a 25% decrease"]),
    (["our cpa rose from 60 to 75 dollars. what percent jump is that"], ["$15 ÷ $60 × 100 = 25, i.e. a 25% increase"]),
    (["the cost per sale went from 90 to 117 over two months, how big a hike is that percentwise"],
     ["27 ÷ 90 × 100 = 30, i.e. a 30% increase"]),
    (["our gross margin is roughly 25 percent. whats the lowest roas we can run at without losing money"],
     ["1 ÷ 0.25 = 4"]),
    (["margin on our furniture is 50%. what's breakeven roas"], ["1 ÷ 0.50 = 2"]),
    (["denver is 4% of the country's population but 7% of our sales. what BDI does that give"], ["7 ÷ 4 × 100 = 175"]),
    (["our shop in austin makes 9% of revenue while austin has 6% of the state's people. whats the index"],
     ["9 ÷ 6 × 100 = 150"]),
    (["spent six thousand dollars and got 150 new customers. what's our cac"], ["$6,000 ÷ 150 = $40"]),
    (["We have 60k for the quarter and want to put 15 percent toward tests. how many dollars is that"],
     ["$60,000 × 15 ÷ 100 = $9,000"]),
    (["our 90k budget: we set aside 10% for brand work. how much is that"], ["$90,000 × 10 ÷ 100 = $9,000"]),
    (["our 2,500 dollar flyer push brought 50 signups, what did a signup cost us"], ["$2,500 ÷ 50 = $50 — your cost per signup"]),
    (["we did 45k in revenue from 9k of google ads. roas?"], ["$45,000 ÷ $9,000 = 5"]),
    (["our monthly budget is 80 grand and a fifth goes to brand. how much is that"], ["$80,000 × 20% = $16,000 to brand"]),
    (["we have 45k for the quarter and a third of it goes to video. how much is that"], ["$45,000 × 1 ÷ 3 = $15,000 to video"]),
    (["leads used to cost us $55, now $66. how much more is that in percent"], ["$11 ÷ $55 × 100 = 20, i.e. a 20% increase"]),
    (["margins run about 20 percent for us. what's the roas where we stop losing money"], ["1 ÷ 0.20 = 5"]),
    (["cpc rose from $3 to $3.60 in six weeks, how much is that percentwise"], ["÷ $3 × 100 = 20, i.e. a 20% increase"]),
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
# the shipped KB's tables: benchmark ranges, a counted unit at both ends of a range, a reported count's true effect
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
    # the same forms where only the shipped KB holds the range or the rule
    (["what's a typical cpl for a college", "we've got 30k. how many leads if we come in at the middle of that range"],
     ["$30,000 ÷ $60 = 500 leads at the midpoint of the Typical range: ($35 + $85) ÷ 2 = $60"]),
    (["typical cost per lead for a dental clinic?", "we spend 12k a month. if leads cost the top of that range how many do we get"],
     ["$12,000 ÷ $90 ≈ 133 leads"]),
    (["we put 12k into meta last quarter and it drove 54k of sales for our candle shop. is that any good"],
     ["$54,000 ÷ $12,000 = 4.50, i.e. a ROAS of 4.50x"]),
    (["we run a hotel and spent 20k on ads last month, which brought in 90k of bookings. how did we do"],
     ["$90,000 ÷ $20,000 = 4.50", "Typical travel ROAS", "sits inside the Typical range"]),
    (["what does the 70/20/10 budget rule mean", "ok our fall budget is 25k. how much lands in the proven channels bucket"],
     ["$25,000 × 70% = $17,500"]),
    (["my nonprofit board wants us to try 60 30 10 with the ad budget, what is that about",
      "if we have 50k total, what's the test slice in dollars"], ["$50,000 × 10% = $5,000"]),
    # a redo naming what was counted, after other workings: that earlier count, re-run with the new budget
    (["what do installs cost for a mobile puzzle game", "25k to spend, installs at the cheap and pricey end?",
      "we want to reach 200,000 people 4 times each. how many impressions", "at a $12 cpm what's that come to",
      "budget got cut to 15k. redo the installs"], ["$15,000 ÷ $5 = 3,000 installs", "$15,000 ÷ $2.50 = 6,000 installs"]),
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
    (["we buy about 6,000 clicks a month at $2.40 apiece, whats the monthly cost"], ["6,000 × $2.40 = $14,400"]),
    (["our contribution margin is 40 percent, what roas just breaks even"], ["1 ÷ 0.40 = 2.50"]),
    (["we spent 9,000 on google shopping and it made 36,000 in revenue. whats our roas"], ["$36,000 ÷ $9,000 = 4"]),
]
# the third plain-text KB's own ranges
_TXT3 = [
    (["we got 80 donors off a 4,000 dollar campaign. what did a donor cost"], ["$4,000 ÷ 80 = $50 — your cost per donor"]),
    (["what does a new donor cost an animal welfare charity",
      "we have 10,400 for the spring appeal. how many donors if we land in the middle of that range"],
     ["$10,400 ÷ $52 = 200 donors at the midpoint of the Typical range: ($48 + $56) ÷ 2 = $52"]),
]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*[msgs for msgs, _ in _OWN + _SHIPPED + _TXT + _TXT3])


# each case on each KB that holds what it needs: the user's own figures on two, a KB's range on its own KB
@pytest.mark.parametrize("kb,texts,shown", on_engines(shipped_engine=_OWN + _SHIPPED, kb_txt_engine=_OWN + _TXT,
                                                      kb_txt3_engine=_TXT3))
def test_the_working_is_shown(request, kb, texts, shown):
    assert_worked(request.getfixturevalue(kb), texts, shown)


def test_a_rate_moving_is_no_budget_pointed_back_to():
    from agent.offline import amounts
    assert amounts.work("our CTR dropped 20%, is that bad?", (30000.0, "month")) is None
    assert amounts.work("what's that per year?", (30000.0, "month"))[0] == ["$30,000 × 12 = $360,000 a year"]


def test_a_budget_cut_before_a_count_is_no_price_change():
    from agent.offline.parse import parse
    assert parse("We have a $30k budget. After a 10% cut, how many leads at a typical CPL?").calc.op == "div"
    assert parse("Corporate wants us to cut 25%. Walk me through how that is done.").pct_sign == 0
    assert parse("our CPL is $40. if we cut that by 10%, what is it?").calc.op == "change"
    assert parse("our budget is $20k. if CPC rises 10%, how many clicks at $2 each?").calc.op == "change"


def test_a_question_after_an_unpunctuated_condition():
    assert asks_anything("we have 5k. if clicks run at the low end how many do we get")
    assert asks_anything("margin is 30%, what roas just breaks even")
    assert not asks_anything("if what we need is reach then fine")
    assert not asks_anything("we tried it, what works is search")


def test_the_middle_of_a_range():
    assert midrange.asked("how many if we land in the middle of that range") and midrange.asked("at the midpoint")
    assert not midrange.asked("in the middle of the funnel, what works")
    assert midrange.at("mid", 40.0, 90.0, "x#1") == (65.0, "at the midpoint of the Typical range: ($40 + $90) ÷ 2 = $65", "x#1")


def test_a_split_named_by_its_numbers():
    assert splitrule.said_split("should we do 70 20 10 with the budget") == [70.0, 20.0, 10.0]
    assert splitrule.said_split("a 60/30/10 mix") == [60.0, 30.0, 10.0]
    assert splitrule.said_split("we have 20 10 5 things") == []


def test_a_redo_names_what_was_counted():
    history = [("we have 30k, how many leads at both ends", []), ("and at a $10 cpm, 500,000 impressions cost?", [])]
    assert redounit.restated("cut to 20k. redo the leads", history) == "we have $20,000, how many leads at both ends"
    assert redounit.restated("cut to 20k. redo it", history) is None  # names no count: the last working's own redo
    assert redounit.restated("cut to 20k. redo the leads", history[:1]) is None  # the last question: memory re-runs it

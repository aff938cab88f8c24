"""Arithmetic on the user's own numbers in forms the older rules missed, on wording of this file's own (checked
against every seen data set): a unit price said in words ("a dollar ten", "ninety five cents", "a buck twenty") times a
count; the total asked as "what am I spending"; a percent change with a span of time beside the two figures or asked
"percentwise", and a move between two counts that is a change, not one as a rate of the other; a drop asked "as a
percentage"; break-even ROAS asked as not losing money; a question after an unpunctuated "if" clause; the middle of a
range; a spend and what the ads sold ("booked", "drove … of sales") as a ROAS, judged beside the business's range;
a development index whose population share is "the region's"; a split the conversation named by its numbers. Each
answer states the result with its working, on the shipped KB and (where the KB holds the figure) the plain-text KBs."""
from __future__ import annotations

import pytest

from agent.offline import midrange, redounit, splitrule
from agent.offline.asking import asks_anything
from agent.offline.numbers import digits
from tests.offline_turns import assert_worked, on_engines
from tests.unseen_wording import assert_unseen

# (messages, pieces the last answer must show) — the user's figures only: the same on either knowledge base
_OWN = [
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
]
# the same forms where only the shipped KB holds the range or the rule
_SHIPPED = [
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
]
_SHIPPED += [  # a redo naming what was counted, after other workings: that earlier count, re-run with the new budget
    (["what do installs cost for a mobile puzzle game", "25k to spend, installs at the cheap and pricey end?",
      "we want to reach 200,000 people 4 times each. how many impressions", "at a $12 cpm what's that come to",
      "budget got cut to 15k. redo the installs"], ["$15,000 ÷ $5 = 3,000 installs", "$15,000 ÷ $2.50 = 6,000 installs"]),
]
_TXT = [
    (["we buy about 6,000 clicks a month at $2.40 apiece, whats the monthly cost"], ["6,000 × $2.40 = $14,400"]),
    (["our contribution margin is 40 percent, what roas just breaks even"], ["1 ÷ 0.40 = 2.50"]),
    (["we spent 9,000 on google shopping and it made 36,000 in revenue. whats our roas"], ["$36,000 ÷ $9,000 = 4"]),
]
_TXT3 = [
    (["we got 80 donors off a 4,000 dollar campaign. what did a donor cost"], ["$4,000 ÷ 80 = $50 — your cost per donor"]),
    (["what does a new donor cost an animal welfare charity",
      "we have 10,400 for the spring appeal. how many donors if we land in the middle of that range"],
     ["$10,400 ÷ $52 = 200 donors at the midpoint of the Typical range: ($48 + $56) ÷ 2 = $52"]),
]

def test_the_wording_is_our_own():
    assert_unseen([t for texts, _ in _OWN + _SHIPPED + _TXT + _TXT3 for t in texts])


# each case on each KB that holds what it needs: the user's own figures on all three, a KB's range on its own KB
_CASES = on_engines(shipped_engine=_OWN + _SHIPPED, kb_txt_engine=_OWN + _TXT, kb_txt3_engine=_TXT3)


@pytest.mark.parametrize("kb,texts,shown", _CASES)
def test_the_working_is_shown(request, kb, texts, shown):
    assert_worked(request.getfixturevalue(kb), texts, shown)


def test_prices_said_in_words():
    assert digits("at a dollar ten apiece") == "at $1.10 apiece"
    assert digits("ninety-five cents a click") == "$0.95 a click"
    assert digits("three bucks and 40 cents") == "$3.40"
    assert digits("a dollar ten thousand times") == "a dollar 10000 times"  # no price: a scale follows
    assert digits("it cost a dollar") == "it cost a dollar"


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

"""A number about the user's own plan whose inputs nobody gave is asked back (agent.offline.planinputs), on wording
of our own (checked unseen), on the shipped KB and on plain-text fixture KBs:

* a forecast of the user's own results ("how many catering orders will we land next month?") needs a budget and
  what one costs;
* the user's own metric worked out ("calculate our ltv:cac") needs its inputs;
* the user's own break-even price of one, or their own budget judged ("is our budget big enough for X?"), needs
  what one is worth to them, or the budget;
* a coming period's budget after only a past spend was said ("last year we spent 30k" … "how much should we spend
  this coming summer?") needs the target and what one may cost;

and a general question, a method, a target, or the same question with its inputs (now or earlier) is answered.
"""
from __future__ import annotations

import pytest

from agent.offline.memory import Memory
from agent.offline.parse import parse
from agent.offline import planinputs
from tests.offline_turns import answer_on
from tests.unseen_wording import assert_unseen

ASK = "To work that out I need"

# (conversation, a word the question back names)
ASKS = [
    (["we run three bakeries in Tulsa. how many catering orders will we land next month?"], "budget"),
    (["can you calculate our return on ad spend for me"], "revenue"),
    (["figure out our payback period pls"], "contribution"),
    (["whats our customer acquisition cost? can u work it out"], "new customers"),
    (["I manage a climbing gym in Denver.", "how many new members will the january push bring us"], "budget"),
    (["calculate our ltv:cac please"], "lifetime value"),
    (["we're a used car dealer. how many test drives can we expect to book next quarter?"], "test drive"),
    (["estimate how many quote requests we'll get from google next month"], "budget"),
    (["Last quarter we spent about 12k on ads and made roughly 50k from them.",
      "what does a typical roas look like for ecommerce?", "how much should we spend next quarter then?"], "target"),
    (["work out our lifetime value to acquisition cost ratio"], "acquisition cost"),
    (["how much should we put into ads next year?"], "target"),
    (["how many sign ups r we gonna get next month"], "budget"),
    (["work out our cost per lead for me"], "leads"),
    (["whats our cpa"], "conversions"),
    (["how much should we invest in advertising in q3?"], "target"),
    (["We're a craft brewery.", "Last year we spent 30k on ads.", "what's a normal cost per click for restaurants and bars?",
      "ok so how much should we spend this coming summer?"], "target"),
    (["i run a yoga studio. how many new students will our instagram ads bring in next month?"], "budget"),
    (["could you crunch our roas for last quarter"], "revenue"),
    (["how many leeds will we get nxt month"], "budget"),
    (["we're a boutique hotel in Savannah.", "how much revenue will our ads bring in this fall?"], "ROAS"),
    (["what is our ltv"], "margin"),
    (["Our nonprofit is planning a year-end appeal.", "How many donors will the appeal bring in?"], "donor"),
    (["how many enrollments should our school expect from the fall campaign?"], "enrollment"),
    (["ok and what'll our cost per acquisition come out to? can you calculate it"], "conversions"),
    (["how long until we earn back what we spend to land a customer?"], "contribution"),
    (["is our budget big enough for tiktok?"], "budget"),
    (["what's our break-even cpa?"], "worth"),
    (["we're a pilates studio.", "how many new clients will the new year promo bring in?"], "budget"),
    (["how much will our google ads make us next month?"], "ROAS"),
    (["we make kombucha.", "can you work out what our ltv is?"], "margin"),
    (["is my ad budget realistic for next quarter"], "budget for next quarter"),
    (["we're a regional credit union.", "how many new checking accounts will our spring promo open?"], "budget"),
    (["quick one - can you figure out our cost per install?"], "installs"),
    (["I own two barbershops.", "how many walk-ins will the facebook ads get us this month?"], "walk-in"),
    (["so what's our ltv to cac looking like? can you run the numbers"], "lifetime value"),
    (["we sell vintage furniture online. Last year we spent 40k on ads.", "how much should we budget for next year?"], "target"),
    (["how many trial users will we get from the product hunt launch next week?"], "budget for next week"),
    (["please calculate our click through rate"], "impressions"),
    (["how much money will the holiday campaign bring us?"], "ROAS"),
]
ON_TEXT_KBS = [
    ("tests/fixtures/kb_txt", ["we're an hvac company. how many service calls will our ads bring in this winter?"], "budget"),
    ("tests/fixtures/kb_txt", ["can u work out our ltv to cac ratio"], "lifetime value"),
    ("tests/fixtures/kb_txt3", ["we install solar panels. how many qualified leads will we get next quarter?"], "budget"),
    ("tests/fixtures/kb_txt3", ["can you figure out our payback period"], "contribution"),
    ("tests/fixtures/kb_txt3", ["how much should we put into ads next year"], "target"),
    ("tests/fixtures/kb_txt", ["how many leads are we gonna get next month"], "budget"),
    ("tests/fixtures/kb_txt", ["whats our cpl"], "leads"),
]
ANSWERS = [
    ["how much should a dental practice spend on ads?"],
    ["whats a typical ltv to cac ratio for saas companies"],
    ["how do you calculate ltv to cac"],
    ["we spend 2000 to get a customer who is worth 7000 to us. whats our ltv to cac"],
    ["we have 30k for next quarter and leads cost us about 60 each. how many leads will we get"],
    ["we're a saas company with 30k to spend next quarter.", "how many leads will that get us at a typical saas cpl?"],
    ["we spent 5k last month and got 40 new customers. what's our cac"],
    ["what cac should we aim for as a saas company"],
    ["how should we decide how much to spend next year?"],
    ["how many times should we show our ad to each person"],
    ["how many ads should we run at once in one ad set"],
    ["how many weeks will we need to run our test"],
    ["how do we figure out our cac"],
    ["we're a law firm. how many leads do law firms usually get from google ads"],
    ["how much should retailers spend over the holidays?"],
    ["we spent 40k last quarter and won 320 new customers.", "can you work out our cac from that?"],
    ["whats our roas if we spent 10k and made 45k"],
    ["whats our next step after setting the budget?"],
    ["we spent 20k last quarter and got 300 leads.", "next quarter we have 30k. how many leads will we get?"],
    ["Last month we spent 8k on ads.", "how much of next month's budget should go to search?"],
    ["how many new homeowners are there in the phoenix area?"],
    ["what roas do hotels usually see"],
    ["how many channels should a new brand start with?"],
    ["we spend 15k a month on ads. how many leads will we get at a typical saas cpl?"],
    ["can you calculate a break-even roas for a 40% margin"],
    ["how much revenue do travel brands usually get per dollar of ad spend"],
    ["our ltv is 1200 and cac is 400. can you work out the ratio?"],
    ["how long should a customer take to pay back their cac?"],
    ["whats the minimum budget for tiktok?"],
    ["is 5k a month enough for tiktok?"],
    ["how much will it cost us to make a video ad?"],
    ["how do you work out a break-even cpa?"],
    ["how many sick days will our planners get this year?"],
    ["what's a typical click through rate for retail search ads?"],
    ["how many leads does a saas company usually need per month?"],
    ["we had 120k impressions and 1,800 clicks. can you calculate our click through rate?"],
    ["how much should a new ecommerce brand spend in its first year?"],
    ["how many ad sets should we run per campaign?"],
    ["what's our first step in the planning framework?"],
]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([m for c, _ in ASKS for m in c], [m for _, c, _ in ON_TEXT_KBS for m in c], [m for c in ANSWERS for m in c])


@pytest.mark.parametrize("folder,messages,named", [("kb", messages, named) for messages, named in ASKS] + ON_TEXT_KBS)
def test_a_number_of_ones_own_plan_without_its_inputs_is_asked_back(folder, messages, named, request, monkeypatch):
    """On the KB in ``folder`` (its session engine, the folder served to the agent's whole-KB readers)."""
    name = folder.rsplit("/", 1)[-1]
    engine = request.getfixturevalue("shipped_engine" if name == "kb" else f"{name}_engine")
    got = answer_on(engine, messages, monkeypatch, folder)
    assert got.startswith(ASK) and got.rstrip().endswith("?") and named in got, got


@pytest.mark.parametrize("messages", ANSWERS)
def test_a_general_question_or_one_with_its_inputs_is_answered(messages, shipped_engine, monkeypatch):
    got = answer_on(shipped_engine, messages, monkeypatch)
    assert not got.startswith(ASK), got


def test_a_price_said_again_is_no_budget():
    """"earn back that 1,400" after a CAC of 1,400 is the price referred back: the forecast still needs a budget."""
    mem = Memory(facts={"price": 1400.0, "budget": 1400.0})
    assert planinputs.need(parse("so how many renewals will we close next quarter"), mem) == \
        "budget for next quarter and what one renewal costs you"


def test_a_budget_said_for_the_period_is_used():
    mem = Memory(facts={"budget": 20000.0})
    assert planinputs.need(parse("so how many renewals will we close next quarter"), mem) is None


def test_only_the_missing_input_of_a_ratio_is_asked():
    assert planinputs.need(parse("now calculate our ltv:cac"), Memory(facts={"LTV": 900.0})) == \
        "acquisition cost per customer (CAC)"


def test_a_budget_planned_for_the_period_is_not_a_past_spend():
    said = ["next summer we plan to spend 15k on ads"]
    assert planinputs.need(parse("how much should we spend next summer?"), Memory(facts={"budget": 15000.0}), said) is None

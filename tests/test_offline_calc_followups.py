"""Calculations the offline agent must not skip, in wording of our own: impressions for a share of an
audience sized earlier (the place said by its initials, "ad views"/"exposures" for impressions, "half of"
for 50%) and their cost at a price per thousand; a budget cut said as a fraction or "taken off that",
then the last division redone; a split the KB states (70/20/10) applied to the user's budget in dollars.
Checked on the shipped KB and the plain-text fixture KB."""
from __future__ import annotations

import pytest

from agent.offline import splitrule, tallies
from tests.offline_turns import offline_conversation, turns
from tests.test_offline_described_audience import _seen

SIZE = "how many people in the LA area are in the market for an electric car?"
REACH = "say we aim to put our ad in front of half of those LA EV shoppers, about 3 times apiece. how many exposures would that be?"
PRICE = "and if every thousand of those costs us $9, what's the total?"
STORE = ["we run an online furniture store. what's a typical CAC?",
         "our budget is $60,000 a month. how many new customers would that get us at that range?",
         "bad news, finance just took 20% off that. what are the customer numbers now?"]
DENTAL = ["What do dentists pay for a click on Google?", "we have $9,000 a month for it. how many clicks does that buy?",
          "our partners shaved a third off that. redo the click numbers?"]
SPLIT = ("we're a regional bakery chain. our half-year marketing pot is $90,000. how much of that should go to the "
         "proven channels, to the promising ones, and to pure experiments?")


def test_own_wording_is_not_in_the_seen_sets():
    seen = _seen()
    assert not [t for t in [SIZE, REACH, PRICE, SPLIT, *STORE[2:], *DENTAL[1:]] if t.lower() in seen]


def test_a_place_said_by_its_initials_picks_that_size():
    sizes = [("Los Angeles DMA", "779,000"), ("United States", "9.7 million")]
    lines = tallies.on_last_size("reach 40% of the LA ones 4 times each - how many impressions is that?", [], "", sizes)
    assert lines and lines[0].startswith("779,000 × 0.40 × 4 = 1,246,400")


def test_a_stated_split_on_the_users_budget():
    quoted = "The rule: about 60% to core search, 30% to social, and 10% to tests."
    got = splitrule.apply("we have $40k this quarter; how much goes to each part in dollars?", quoted)
    assert got and "$40,000 × 60% = $24,000" in got and "$40,000 × 10% = $4,000" in got
    assert splitrule.apply("what share goes to tests?", quoted) is None  # no amount of the user's
    assert splitrule.apply("we have $40k; how much goes to search?", "Search takes 60% of clicks.") is None


def test_reach_then_cost_of_a_sized_audience(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(SIZE)
    c.send("what about nationally?")
    reach = c.send(REACH).assistant
    assert "779,000 × 0.50 × 3 = 1,168,500" in reach
    assert "$10,516.50" in c.send(PRICE).assistant


@pytest.mark.parametrize("kb,turns,want", [("shipped_engine", STORE, ["$48,000", "1,600"]),
                                           ("kb_txt_engine", DENTAL, ["$6,000", "1,765"])])
def test_a_cut_budget_redoes_the_last_division(request, kb, turns, want):
    c = offline_conversation(request.getfixturevalue(kb))
    for t in turns[:-1]:
        c.send(t)
    last = c.send(turns[-1]).assistant
    assert all(w in last for w in want), last


def test_a_split_the_kb_states_in_dollars(shipped_engine):
    got = offline_conversation(shipped_engine).send(SPLIT).assistant
    assert "$90,000 × 70% = $63,000" in got and "$90,000 × 10% = $9,000" in got and "budget-allocation-pacing" in got


RATIO = ["we sell accounting software to small firms.", "is our ratio any good? it costs us roughly $700 to win a customer",
         "oh, a customer is worth about $2,800 in margin over their life. how does that compare with other saas companies?"]
WIDER = ["how many wealthy frequent holiday travellers are in the new york area?",
         "what would it be across the whole country, approximately"]
DEFLATE = ["how many teenagers who game every week are there in california?",
           "a social platform says it can put ads in front of 4 million of those young gamers in CA. how many actual "
           "people is that probably?"]


def test_own_wording_of_the_later_turns_is_not_in_the_seen_sets():
    seen = _seen()
    assert not [t for t in RATIO[1:] + WIDER[1:] + DEFLATE[1:] if t.lower() in seen]


def test_a_ratio_asked_with_only_the_cost_asks_for_the_value_then_works_it(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(RATIO[0])
    assert "lifetime value" in c.send(RATIO[1]).assistant.lower()
    last = c.send(RATIO[2]).assistant
    assert "$2,800 ÷ $700 = 4.0" in last and "3.0:1–5.0:1" in last and "benchmarks-saas" in last


def test_the_same_size_asked_again_for_the_whole_country(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(WIDER[0])
    turn = c.send(WIDER[1])
    assert [t["input"].get("geography") for t in turn.tool_calls if t["name"] == "get_audience_sizing"] == ["United States"]
    assert "4.6 million" in turn.assistant


def test_a_reach_a_platform_reports_is_deflated_to_people(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(DEFLATE[0])
    got = c.send(DEFLATE[1]).assistant
    assert "4,000,000 × 0.60 = 2,400,000" in got and "audience-sizing-methods" in got


RATIO2 = ["we're a b2b analytics software company.", "is our ratio ok? we pay about $650 to land each new customer",
          "ah, our margin-based lifetime value is about $2,600 per customer. so how do we compare with other software companies?"]
NATIONAL = "and what does it come to nationally, more or less"


def test_a_ratio_asked_beside_the_cost_it_names_asks_for_the_value(shipped_engine):
    assert_unseen = _seen()
    assert not [t for t in RATIO2[1:] + [NATIONAL] if t.lower() in assert_unseen]
    c = offline_conversation(shipped_engine)
    c.send(RATIO2[0])
    assert "lifetime value" in c.send(RATIO2[1]).assistant.lower()
    assert "$2,600 ÷ $650 = 4.0" in c.send(RATIO2[2]).assistant


def test_a_size_follow_up_pointing_back_with_a_verb(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(WIDER[0])
    assert "4.6 million" in c.send(NATIONAL).assistant


def test_the_impressions_carry_the_sizes_citation(shipped_engine):
    c = offline_conversation(shipped_engine)
    c.send(SIZE)
    reach = c.send(REACH).assistant
    assert "Estimated size: 779,000 in the audience [audience-sizing-reference#" in reach
    assert "Estimated size: 779,000 in the audience [audience-sizing-reference#" in c.send(PRICE).assistant


SOAP = ["we sell handmade soap online. what's a typical CPA?", "we have $20k a month. how many sales at that range?",
        "finance is trimming a fifth of that next month. what do the sales look like then?"]
PARENTS = ["how many new parents are in texas?", "and in the chicago area?",
           "what would it cost to reach 70% of the chicago parents 3 times at a $10 CPM?"]
GYM = ["how many adults who go to a gym or studio at least twice a month are in Nashville?",
       "if we reach half of them 4 times each, how many impressions is that?", "at a $9 CPM, what's that cost?"]


@pytest.mark.parametrize("kb,turns,want", [
    ("shipped_engine", SOAP, ["$20,000 × (1 − 0.20)", "$16,000 ÷ $40 = 400"]),
    ("shipped_engine", PARENTS, ["195,000 × 0.70 × 3 = 409,500", "$4,095"]),
    ("kb_txt_engine", GYM, ["364,000 × 0.50 × 4 = 728,000", "728,000 ÷ 1,000 × $9 = $6,552"])])
def test_more_follow_up_calculations(request, kb, turns, want):
    assert not [t for t in turns if t.lower() in _seen()]
    c = offline_conversation(request.getfixturevalue(kb))
    for t in turns[:-1]:
        c.send(t)
    last = c.send(turns[-1]).assistant
    assert all(w in last for w in want), last


@pytest.mark.parametrize("engine, messages, unit", [
    ("shipped_engine", ["we run an online furniture store. what's a typical CAC?",
                        "how many customers would $20k get us?", "and how many with $9,000?"], "customers"),
    ("kb_txt_engine", [DENTAL[0], DENTAL[1], "ok and how many with $4,500 instead?"], "clicks"),
])
def test_how_many_with_a_new_budget_counts_the_last_unit(engine, messages, unit, request):
    """"And how many with $9,000?" after a budget worked at a price: the division again, in the units it counted — the
    word after "how many" was taken as the unit ("≈ 164 with at the top of the Typical range")."""
    from agent.offline.parse import parse

    assert parse(messages[-1]).unit == "" and parse("how many should we expect with 20k?").unit == ""
    answer = turns(request.getfixturevalue(engine), messages)[-1][0]
    assert f" {unit} at the" in answer and " with at the" not in answer, answer

"""Calculations across a planning conversation, each on wording of its own: a count of loans is the goods a budget
buys (agent.offline.tradegoods), a split's parts in money (partshare), an increment said with the total it makes
(addedtotal), a redo that names an earlier piece of the plan (redoback) or the unit an earlier look-up priced
(redounit), a budget said to be undecided (unsized), and the user's own return carried to a new spend (samereturn)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, partshare, redoback, redounit, samereturn, unsized
from agent.offline.parse import parse
from agent.offline.tradegoods import as_goods
from mpa.tools import ToolExecutor


@pytest.fixture(scope="module")
def kb_talk(shipped_engine):
    executor = ToolExecutor(shipped_engine)

    def send(*texts: str) -> list[str]:
        conv = ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3)
        return [conv.send(t).assistant for t in texts]
    return send


# -- a count of loans is what the budget buys -------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["using the 25k, how many approved loans a month at that CAC?",
                                  "we want to close 40 mortgages a month", "the number of new loans we fund"])
def test_a_counted_lending_word_is_the_goods(text):
    assert not any(w in as_goods(text) for w in ("loan", "mortgage"))


def test_a_lending_question_of_another_trade_stays_one():
    assert "loan" in as_goods("what interest rate should I expect on a loan?")
    assert "taxes" in as_goods("how many loans can I deduct from taxes")


def test_loans_counted_at_the_cac_just_looked_up(kb_talk):
    *_, out = kb_talk("we're a personal loan startup in Austin planning on about 30k a month. What's a normal cost per "
                      "lead for a lender like us?", "and per funded customer?",
                      "With the 30k, how many funded loans should I expect per month at that typical CAC?")
    assert "$30,000 ÷ $350" in out and "$30,000 ÷ $150" in out


# -- a split's parts in money -----------------------------------------------------------------------------------------
TIER = ("Based on Knowledge Base [mix#3]: Small budgets: paid search 45%–55%, a single social network 30%–40%, "
        "the remainder on retargeting.")
LIST = "Based on Knowledge Base [budget_mix#1]: Paid search: 60-70%; Paid social: 20-25%; Test reserve: 10%."


def test_each_part_named_gets_its_own_share():
    out = partshare.lines("at 12k what does that come to for search and social", 12000, TIER)
    assert out[:2] == ["- $12,000 × 45% = $5,400 — paid search 45%–55% [mix#3]",
                       "- $12,000 × 55% = $6,600 — paid search 45%–55% [mix#3]"]
    assert any("$12,000 × 40% = $4,800" in ln for ln in out)


def test_a_plain_text_list_of_shares():
    out = partshare.lines("with 30k what is that in real money for the test reserve", 30000, LIST)
    assert out == ["- $30,000 × 10% = $3,000 — Test reserve: 10% [budget_mix#1]"]


def test_a_part_the_quote_does_not_share_gets_nothing():
    assert partshare.lines("what's that in dollars for TV", 30000, LIST) == []


def test_in_actual_dollars_is_money_not_a_unit():
    assert parse("so at 20k what's that in actual dollars for video").unit == ""
    assert parse("what's that in signups").unit == "signups"


def test_shares_in_money_for_the_parts_named(kb_talk):
    _, out = kb_talk("we sell kayaks online. about $12k a month for ads. which channels should a budget our size be in?",
                     "right, at 12k what's that in real dollars for search and for social")
    assert "$12,000 × 40% = $4,800" in out and "$12,000 × 45% = $5,400" in out


# -- a new total said with its increment; a redo of an earlier piece --------------------------------------------------
@pytest.mark.parametrize("text, total", [("the owner found another 5k a month so we're at 25k total now", 25000),
                                         ("an extra $2,000 came in, which brings us to $11,000", 11000)])
def test_the_total_is_the_budget(text, total):
    assert [n.value for n in parse(text).numbers] == [total]


def test_two_amounts_neither_added_are_both_kept():
    assert len(parse("we have 4k and can add 1k").numbers) == 2


def test_redo_the_split_after_other_turns():
    history = ["we have 80k for the quarter. how should we split it between proven stuff, scaling and tests?",
               "what's a normal CPM for ecommerce?"]
    assert redoback.restated("ugh, the quarter got cut to 50k. redo the split", history) == \
        "we have $50,000 for the quarter. how should we split it between proven stuff, scaling and tests?"
    assert redoback.restated("ugh, the quarter got cut to 50k. redo the split", history[:1]) is None  # the last: redo


def test_redo_the_lead_numbers_reasks_the_question_that_priced_leads():
    history = ["we're a b2b software company spending 30k a month. what does a lead cost for saas?",
               "what do clicks cost for saas?"]
    assert redounit.restated("an investor put in another 10k, so we're at 40k now. redo the lead numbers", history) == \
        "we're a b2b software company spending $40,000 a month. what does a lead cost for saas?"


def test_redo_after_a_topped_up_budget_and_another_lookup(kb_talk):
    *_, out = kb_talk("we run a car dealership, spend about 20 grand a month on digital. what does a lead usually cost?",
                      "what do clicks cost for dealers?",
                      "the owner found another 5k a month so we're at 25k total now. redo the lead count")
    assert "$25,000 ÷ $60" in out and "$25,000 ÷ $25" in out and "$5,000" not in out


def test_redo_the_split_in_a_conversation(kb_talk):
    *_, out = kb_talk("we sell pet treats online. we have 80k for the quarter. how should we split it between proven "
                      "stuff, scaling and experiments?", "what's a normal CPM for ecommerce?",
                      "bad news, the quarter got cut to 50k. redo the split")
    assert "$50,000 × 70% = $35,000" in out


# -- an undecided budget is asked for; the user's own return carried --------------------------------------------------
@pytest.mark.parametrize("text", ["the budget for the webinar push isn't set yet. how many leads could we expect?",
                                  "spend is TBD, how many signups would we get?",
                                  "budget for the pilot is... still not agreed. how many leads from it?"])
def test_an_undecided_budget_is_asked_for(text):
    assert unsized.budget_unset(parse(text)) == "budget for it (in dollars)"


def test_a_budget_given_is_not_asked_for():
    assert unsized.budget_unset(parse("budget is 20k, not sure of the channel yet. how many leads?")) is None


def test_the_same_return_on_a_new_spend():
    earlier = ["Last summer we put in $6,000 and the tills show roughly $25,500 in sales from it. ROAS?", "thanks"]
    assert samereturn.lines("Boss says summer is $9,000 now, not 6. With the same ROAS as last summer what sales?",
                            earlier) == ["- $25,500 ÷ $6,000 = 4.25 — your earlier return (revenue per dollar of spend)",
                                         "- $9,000 × 4.25 = $38,250 in sales at the same return"]
    assert samereturn.lines("what sales at $9,000?", earlier) == []
    assert samereturn.lines("same ROAS on $9,000?", ["we spend $6,000 a month"]) == []


@pytest.mark.parametrize("text", ["plan changed, we're moving to $40k/month in june. redo it",
                                  "we're going to $18k a month from next week"])
def test_a_budget_changed_to_per_period_is_a_budget_not_a_price(text):
    assert [n.role for n in parse(text).numbers] == ["budget"]
    assert [n.role for n in parse("CPC went up to $3 a click").numbers] == ["price:CPC"]


def test_an_audience_carried_into_impressions_is_cited_as_its_row_writes_it(kb_talk):
    _, out, again = kb_talk("how many hispanic adults in florida", "if we want to reach 40% of them twice each, how many "
                            "impressions and what would it cost at a $9 cpm", "and at a $12 cpm?")
    assert "Estimated size: 4.6 million in the audience [" in out and "Estimated size: 4.6 million" in again
    assert "4,600,000 × 0.40 × 2 = 3,680,000 impressions" in out


def test_a_time_after_at_is_no_price():
    assert "price" not in [n.role for n in parse("paid social is at $3,000 a month. what's the most it could be at "
                                                  "three weeks out").numbers]


def test_the_most_an_amount_may_become_is_no_rerun_of_the_last_working(kb_talk):
    _, out = kb_talk("we're a garden center. how many clicks does 4k buy at a typical retail CPC?",
                     "video is at $2,500 a week now. what's the most it could be a month from now?")
    assert "$2,500 ÷" not in out


def test_parts_in_money_when_no_answer_quoted_the_split(kb_talk):
    _, out = kb_talk("we sell surf wax online, about $15k a month on ads. what does a new customer usually cost an online store?",
                     "ok so at 15k what's that in actual dollars for search and for social")
    assert "$15,000 × 40% = $6,000" in out and "$15,000 × 45% = $6,750" in out and "÷ $55" not in out


def test_the_parts_asked_in_money():
    assert partshare._named("with 12k whats that in real money for paid search and the test reserve") == \
        ["paid search", "test reserve"]
    assert partshare.calls("what is that in dollars", {"search_knowledge_base"}) == []
    assert parse("what's that in actual dollars for video").calc is None

"""Formulas tying several of the user's own figures, or a figure said a turn or two before — combined
reach, claims over a recorded count, development indexes, commission cost per order, a count under two
conditions, payback, a ratio target with the value said earlier, impressions and their cost on the last
size, a price moved and remembered, a budget asked for and then used — on wording of this file's own
(checked against every seen data set), on the shipped KB and the plain-text one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, planmath, tallies
from mpa.tools import ToolExecutor
from tests.test_offline_calc3 import _talk, txt_engine  # noqa: F401 (the plain-text KB's engine, a fixture)
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]

_REACH = ["Our display buy covers 40% of the target segment and the podcast network reaches a quarter of it. If "
          "duplication is random, what share hears from us at least once?",
          "YouTube should reach 35% of the moms and Pinterest 20% — combined reach across both, roughly?",
          "Meta would hit 30% of the gamers, YouTube 20% and Snapchat 10%. Assuming random overlap, what share sees us "
          "at least once?"]
_CLAIMS = ["TikTok reports 500 sales and Pinterest credits itself with 300, yet our order system recorded just 650. "
           "Why the gap?",
           "Search says it drove 420 signups, social claims 380 and email claims 150, but the CRM actually logged 600. "
           "How is that possible?"]
_INDEX = ["Phoenix holds 3% of the population, 4.5% of our revenue and 3.6% of category revenue. How does that market "
          "index?",
          "Denver: 1.5% of US households, 1.2% of our sales, 2.1% of the category's sales — what are its indexes?"]
_AFFILIATE = ["Affiliates drove $40k over 500 orders at 8% commission plus a $300 monthly network fee. What did each "
              "order cost us?",
              "The holdout showed only 30% of those were incremental — so the true cost per order?"]
_MORE = ["Meta puts reach at 45% and YouTube at 40% of our audience; what is our unduplicated reach if overlap is random?",
         "For Miami: population share 2.5%, our sales share 2%, category share 3.5%. Index it for me.",
         "In June we saw 900 trial starts on the 30-day window and 600 on the 7-day window. Should I worry?",
         "we got 400 leads in March and 300 in April, is that bad?",
         "Our partner network billed a 12% rev share on $25,000 of sales across 400 orders, plus a $200 flat fee. Cost "
         "per order?"]
_DROP = ["Our search campaign went from 600 leads under last-click credit to 390 under the data-driven model. Is that "
         "a red flag?",
         "A partner shows 1,000 sales with a 30-day click window but 550 with a 7-day click window — is that a problem?"]
_PAYBACK = ["A subscriber nets us about $25 a month. How many months before the $200 is earned back?",
            "Every member brings in $30 per month in margin; when do we get the $240 we paid back?",
            "Each account throws roughly $50/month of contribution — how long until the $400 acquisition cost comes back?"]
_TARGET = ["Our subscribers are worth about $900 each in lifetime contribution and our CAC is $200. Is that healthy?",
           "Suppose we aim for 4:1 — what's the highest we can spend per subscriber?"]
_SIZE_SHIPPED = ["how many Hispanic adults live in Texas?",
                 "Say we want to reach 70% of them about 3 times, how many impressions do we need?",
                 "and at an $8 CPM, how much money is that?"]
_MOVED = ["We run an online furniture store. Last quarter we spent $30k and won 600 new customers — is that a normal "
          "cost per customer?",
          "ugh, our CAC climbed 20% this month. where is it now?",
          "each customer is worth roughly $180 to us over their lifetime — what's our LTV to CAC ratio now?"]
_ASK_BUDGET = ["I handle marketing for a chain of veterinary clinics. what does a new client typically cost to acquire "
               "in healthcare?",
               "so how many new clients could that get us?",
               "my bad, it's 30k per month"]
_NEXT_STEP = ["we're a b2b saas startup, what's a typical cost per lead?",
              "we have 60k this quarter; how many leads is that?",
              "and how many real paying customers could we end up with?"]
_PAYERS = ["we make a free-to-play racing game, what does an install usually cost?",
           "we can put 40k behind the launch, how many installs does that buy?",
           "and how many of them will actually buy something in the game?"]
_CLICKS_TXT = ["we run an online store, what's a typical cost per click on Google?",
               "with 12k a month how many clicks is that?",
               "and how many of those end up buying?"]
_TXT = ["Google Ads says it drove 700 conversions and Meta says 500, but our CRM only logged 900. what's going on?",
        "Facebook would reach 60% of our target households and CTV about 35%. With random duplication, what share do "
        "we reach at least once?",
        "A customer brings us $45 a month in contribution. How many months until the $315 we paid to acquire them "
        "comes back?"]
_ASK_TXT = ["we run an online store. what does a Google click cost us?",
            "how many clicks could we expect to get?",
            "sorry, we have 9k a month"]
_DERM = ["I do marketing for a dermatology clinic network. What does winning one new patient usually cost?",
         "ok and how many new patients could we afford then?",
         "ah right — 60k a month"]
_ALL = [_DERM, ["ok and how many new members could we afford then?"], _ASK_TXT[1:], _MORE, _TXT, _PAYERS[1:], _CLICKS_TXT[1:], _REACH, _CLAIMS, _INDEX, _AFFILIATE, _DROP, _PAYBACK, _TARGET, _SIZE_SHIPPED[1:], _MOVED[1:], _ASK_BUDGET[1:],
        _NEXT_STEP[2:]]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*_ALL)
    released = " ".join(json.dumps(json.load(open(p))) for d in ("paraphrase_holdout4", "paraphrase_holdout5")
                        for p in (ROOT / "tests" / "fixtures" / d / "scenarios").glob("*.json")).lower()
    assert not [t for g in _ALL for t in g if t.lower() in released]


def _lines(text: str, before: str = "", answered: str = "") -> str:
    got = tallies.work(text, before, answered)
    return "\n".join(got[0]) if got else ""


# ------------------------------------------------------------ arithmetic read from English alone
def test_combined_reach_is_one_minus_the_share_missed_by_every_platform():
    assert "0.6 × 0.75 = 0.45" in _lines(_REACH[0]) and "1 − 0.45 = 0.55, i.e. 55%" in _lines(_REACH[0])
    assert "1 − 35% = 0.65 and 1 − 20% = 0.8" in _lines(_REACH[1]) and "0.65 × 0.8 = 0.52" in _lines(_REACH[1])
    assert "0.7 × 0.8 × 0.9 = 0.504" in _lines(_REACH[2]) and "i.e. 49.6% reached" in _lines(_REACH[2])
    assert _lines("Meta reaches 40% of them and TikTok 25%. Which is cheaper?") == ""  # no combined reach asked


def test_claims_are_summed_and_set_against_the_count_recorded_in_house():
    assert "500 + 300 = 800" in _lines(_CLAIMS[0]) and "800 ÷ 650 ≈ 1.231" in _lines(_CLAIMS[0])
    assert "420 + 380 + 150 = 950" in _lines(_CLAIMS[1]) and "950 ÷ 600 ≈ 1.583" in _lines(_CLAIMS[1])
    assert "950 − 600 = 350 claimed more than once" in _lines(_CLAIMS[1])
    assert _lines("we sold 500 mugs, 300 plates and 650 cups. which grew most?") == ""  # nothing claimed


def test_development_indexes_divide_each_sales_share_by_the_population_share():
    assert "BDI = 4.50 ÷ 3 × 100 = 150" in _lines(_INDEX[0]) and "CDI = 3.60 ÷ 3 × 100 = 120" in _lines(_INDEX[0])
    assert "BDI = 1.20 ÷ 1.50 × 100 = 80" in _lines(_INDEX[1]) and "CDI = 2.10 ÷ 1.50 × 100 = 140" in _lines(_INDEX[1])


def test_commission_and_fees_make_the_cost_per_order_and_the_incremental_share_raises_it():
    first = _lines(_AFFILIATE[0])
    assert "$40,000 × 8 ÷ 100 = $3,200" in first and "$3,500 ÷ 500 = $7 per order" in first
    then = _lines(_AFFILIATE[1], _AFFILIATE[0])
    assert "500 × 30 ÷ 100 = 150 incremental orders" in then and "$3,500 ÷ 150 ≈ $23.33" in then
    assert _lines(_AFFILIATE[1]) == ""  # no earlier cost to take the share of


def test_a_count_under_two_conditions_is_read_as_a_drop_share():
    assert "210 ÷ 600 = 0.35, i.e. a 35% drop" in _lines(_DROP[0])
    assert "450 ÷ 1,000 = 0.45, i.e. a 45% drop" in _lines(_DROP[1])  # the window lengths are no counts
    assert _lines("We had 2 people on the team and 5 contractors?") == ""


def test_payback_is_read_in_several_wordings():
    assert "$200 ÷ $25 = 8 months" in "\n".join(planmath.work(_PAYBACK[0], "", None).lines)
    assert "$240 ÷ $30 = 8 months" in "\n".join(planmath.work(_PAYBACK[1], "", None).lines)
    assert "$400 ÷ $50 = 8 months" in "\n".join(planmath.work(_PAYBACK[2], "", None).lines)


def test_a_ratio_target_uses_the_value_said_earlier():
    w = planmath.work(_TARGET[1], _TARGET[0], None, ltv=900)
    assert w is not None and w.lines == ["$900 ÷ 4 = $225 — the most to pay per customer at 4:1"]
    assert planmath.missing(planmath.work(_TARGET[1], "", None)) is not None  # never said: asked for


# ------------------------------------------------------------ whole conversations, both KBs
def test_impressions_and_their_cost_on_the_size_just_given_on_the_shipped_kb(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    outs = [c.send(t).assistant for t in _SIZE_SHIPPED]
    assert "8,400,000 × 0.70 × 3 = 17,640,000 impressions" in outs[1]
    assert "17,640,000 ÷ 1,000 × $8 = $141,120" in outs[2]


def test_impressions_cost_follows_the_last_working_on_the_txt_kb():
    said = "- 500,000 × 0.60 × 4 = 1,200,000 impressions (audience × reach × average frequency)"
    assert "1,200,000 ÷ 1,000 × $9 = $10,800" in _lines("what would that cost at $9 CPM?", "", said)


@pytest.mark.parametrize("kb", ["shipped", "txt"])
def test_a_price_moved_is_remembered_with_its_working(kb, shipped_engine, txt_engine):
    engine = shipped_engine if kb == "shipped" else txt_engine
    c = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    outs = [c.send(t).assistant for t in _MOVED]
    assert "$30,000 ÷ 600 = $50" in outs[1] and "$50 × (1 + 20%) = $50 × 1.20 = $60 — the new price" in outs[1]
    assert "$180 ÷ $60 = 3.0" in outs[2] and "$30,000 ÷ 600 = $50" in outs[2]


def test_a_hypothetical_change_does_not_move_the_remembered_price():
    from agent.offline.memory import remember
    mem = remember([(_MOVED[0], []), ("what if our CAC climbed 20%?", [])])
    assert mem.facts["price"] == 50


def test_a_count_asked_without_a_budget_asks_for_it_then_divides_on_the_shipped_kb(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    outs = [c.send(t).assistant for t in _ASK_BUDGET]
    assert "budget" in outs[1] and "?" in outs[1]
    assert "$30,000 ÷ $300 = 100 new clients" in outs[2] and "$30,000 ÷ $120 = 250 new clients" in outs[2]


def test_a_count_asked_without_a_budget_asks_for_it_on_the_txt_kb(txt_engine):
    out = _talk(txt_engine, ["we're a dental practice. how many new patients could we expect to get?"])
    assert "budget" in out and "?" in out


def test_paying_customers_after_a_lead_count_divide_the_same_budget_by_the_cac_range(shipped_engine):
    out = _talk(shipped_engine, _NEXT_STEP)
    assert "$60,000 ÷ $900 ≈ 67 real paying customers" in out and "$60,000 ÷ $450 ≈ 133" in out


def test_the_carried_size_keeps_the_citation_it_was_shown_with():
    said = ("Based on Knowledge Base [sizing#3], Nurses in Ohio: about 150,000 people.\n\nWorking:\n"
            "- 150,000 × 0.50 × 3 = 225,000 impressions (audience × reach × average frequency)")
    lines = _lines("what would that come to at a $10 CPM?", "", said)
    assert lines.startswith("Estimated size: 150,000 in the audience [sizing#3]\n150,000 × 0.50 × 3 = 225,000")
    assert lines.endswith("225,000 ÷ 1,000 × $10 = $2,250 — the budget for those impressions")


def test_payers_among_installs_bought_divide_the_budget_by_the_cac_on_the_shipped_kb(shipped_engine):
    out = _talk(shipped_engine, _PAYERS)
    assert "$40,000 ÷ $60 ≈ 667 paying customers" in out and "$40,000 ÷ $25 = 1,600 paying customers" in out


def test_buyers_among_clicks_are_a_conversion_rate_question_on_the_txt_kb(txt_engine):
    out = _talk(txt_engine, _CLICKS_TXT)
    assert "CVR" in out and "paying customers" not in out and "CAC" not in out


@pytest.mark.parametrize("turn, shown", [(0, ["700 + 500 = 1,200", "1,200 ÷ 900 ≈ 1.333", "[measurement_and_testing#0]"]),
                                         (1, ["0.4 × 0.65 = 0.26", "1 − 0.26 = 0.74, i.e. 74% reached at least once"]),
                                         (2, ["$315 ÷ $45 = 7 months"])])
def test_the_same_formulas_on_the_txt_kb(txt_engine, turn, shown):
    out = _talk(txt_engine, [_TXT[turn]])
    assert all(x in out for x in shown), out


def test_more_wordings_of_the_same_formulas():
    assert "0.55 × 0.6 = 0.33" in _lines(_MORE[0]) and "i.e. 67% reached at least once" in _lines(_MORE[0])
    assert "BDI = 2 ÷ 2.50 × 100 = 80" in _lines(_MORE[1]) and "CDI = 3.50 ÷ 2.50 × 100 = 140" in _lines(_MORE[1])
    assert "300 ÷ 900 ≈ 0.333, i.e. a 33.3% drop" in _lines(_MORE[2])
    assert _lines(_MORE[3]) == ""  # two months' counts joined by "and": no window or period compared, no formula here
    assert "$25,000 × 12 ÷ 100 = $3,000" in _lines(_MORE[4]) and "$3,200 ÷ 400 = $8 per order" in _lines(_MORE[4])


def test_a_count_asked_without_a_budget_then_given_divides_on_the_txt_kb(txt_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(txt_engine), max_tool_rounds=3)
    outs = [c.send(t).assistant for t in _ASK_TXT]
    assert "budget" in outs[1] and "?" in outs[1]
    assert "$9,000 ÷ $1.85 ≈ 4,865 clicks" in outs[2] and "$9,000 ÷ $1.55 ≈ 5,806 clicks" in outs[2]


def test_an_own_figure_rule_is_quoted_with_its_lead_in_sentence():
    passages = [{"id": "kb#4", "text": "Tallies from each vendor overlap, so their vendor tallies exceed real orders. "
                                       "Add the vendor tallies and divide by real orders for the ratio."}]
    own = planmath.Work(["x"], "vendor tallies divide real orders", cited=False)
    assert planmath.rule_sentence(own, passages) == ("Based on Knowledge Base [kb#4]: Tallies from each vendor overlap, so "
                                                     "their vendor tallies exceed real orders. Add the vendor tallies and "
                                                     "divide by real orders for the ratio.")
    cited = planmath.Work(["x"], "vendor tallies divide real orders")
    assert planmath.rule_sentence(cited, passages).endswith(": Add the vendor tallies and divide by real orders for the ratio.")


def test_a_heading_the_cited_passage_does_not_hold_scopes_no_quote():
    from agent.offline.reader import _scope
    assert _scope("Plan one: a $9,000 month", [], "Plan one: a $9,000 month\n\nSpend it evenly.") == "Plan one: a $9,000 month: "
    assert _scope("Plan one: a $9,000 month", [], "Spend it evenly.") == ""


def test_a_pleasantry_then_a_connective_question_is_no_small_talk(shipped_engine):
    from agent.offline import scope
    assert not scope.chat("ok and how many new members could we afford then?", True)
    assert scope.chat("ok and thanks", True)
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    outs = [c.send(t).assistant for t in _DERM]
    assert "budget" in outs[1] and "$60,000 ÷ $300 = 200 new patients" in outs[2]

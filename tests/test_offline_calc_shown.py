"""Figures worked from the user's own numbers are shown, on wording of this file's own (checked unseen), on the shipped KB
and the plain-text KB — and no answer is a lead-in without its body:

* a lead-in ("Here is the calculation:") with no lines, or only cut-off ones, is dropped (agent.offline.leadins);
* "what did each one cost us?" after a spend and a count is the spend ÷ the count (eachcost);
* a close rate said "N in M" is a rate: each customer costs the cost per lead ÷ it (closeshare);
* "how many months until we're even" with a cost and a monthly margin is the payback (amounts);
* a spend "on" a platform and the sales it brought, judged ("good or not?"): the ROAS (ownresults);
* a figure judged right after a benchmark ("ours is 1,400. too much?") is remembered for the ratio asked next;
* a split said before (or now) is worked in dollars of the period asked, and redone on a new budget (splitback);
* a budget at both ends of a range the last answer quoted under a label the message names (labelrange);
* a run-rate ceiling the last answer quoted, on the user's budget over its days (rulecap);
* a cap on one move ("no more than 20% at a time"), quoted now or in the last answer, on the amount the user has (stepcap).
"""
from __future__ import annotations

import pytest

from agent.offline import labelrange, leadins, rulecap, stepcap
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

KBS = ["shipped_engine", "kb_txt_engine"]
CONVS = [
    (["we run a chain of three pizza places. we spent $7,400 last month and got 290 new online customers. what did each one "
      "cost us?"], "$7,400 ÷ 290 ≈ $25.52"),
    (["we sell furniture online. about 2 out of every 10 leads buy. at $35 per lead what does each new buyer cost us?"],
     "$35 ÷ 0.2 = $175"),
    (["our bookkeeping app costs us about $600 to win a customer. each one brings in $50 a month in margin. how many months "
      "until we're even?"], "$600 ÷ $50 = 12 months"),
    (["we're a used car dealer. monthly budget is 15k. the gm wants a 50/30/20 split. what's that in dollars for the quarter?"],
     "$15,000 × 3 = $45,000"),
    (["we sell handmade candles online. what's a normal return on ad spend for a shop like ours?", "last month we did 4,100 on "
      "google and 9,800 in sales came from it. good or not?"], "$9,800 ÷ $4,100 ≈ 2.39x"),
    (["we run two garden centers. budget is 12k a month for the next three months.", "the owner wants a 60/30/10 split. in "
      "dollars for the quarter?", "they cut us to 9k a month. redo the dollars"], "$27,000 × 60"),
]
STEP = ["we run a home cleaning franchise. how much can we change a campaign's daily budget at one time?",
        "our daily budget is $1,500 now. what's the most we can raise it in one step?"]
RATIO = ["we sell accounting software to dentists. what's a typical CAC for saas?", "ours is 1,400. is that bad?",
         "our LTV is about 5,000. what's our ratio then"]
SAID_RULE = ("Based on Knowledge Base [pacing#4]: Past the midpoint, spend no more than 1.5 times the average daily budget on any "
             "one day. Keep the rest.")
SAID_LABELS = "Based on Knowledge Base [video#2]: Podcast (host-read) CPM: $18–$25; Podcast (programmatic) CPM: $8–$12."


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([m for c, _ in CONVS for m in c], RATIO, STEP)


@pytest.mark.parametrize("kb", KBS)
@pytest.mark.parametrize("conv,shown", CONVS)
def test_the_users_own_figures_are_worked(kb, conv, shown, request):
    got = turns(request.getfixturevalue(kb), conv)[-1][0]
    assert shown in got.replace("0.20", "0.2"), got


def test_a_judged_figure_is_the_cost_in_the_ratio_asked_next(shipped_engine):
    assert "$5,000 ÷ $1,400 ≈ 3.57" in turns(shipped_engine, RATIO)[-1][0]


def test_no_lead_in_without_its_body():
    assert leadins.whole("Here is the calculation:") == ""
    assert leadins.whole("Here is the calculation:\n- $150 ÷ $1,350 ≈ 0 months until\n\nBased on it.") == "Based on it."
    assert leadins.kept("From your figures:", "Before.") == "Before."
    kept = "With the range of $2–$4 (Based on Knowledge Base [a#1]):\n- $10 ÷ $2 = 5 clicks"
    assert leadins.whole(kept) == kept and leadins.para(kept) == kept and leadins.para("Working:") is None


def test_a_run_rate_ceiling_quoted_is_worked_on_the_users_budget():
    got = rulecap.amend("our season runs 40 days on $60,000 - what's the max per day after the midpoint?", [SAID_RULE], "x")
    assert "$60,000 ÷ 40 × 1.5 = $2,250 a day" in got and "[pacing#4]" in got
    assert rulecap.amend("how many clicks will $60,000 buy?", [SAID_RULE], "x") == "x"


def test_a_labelled_range_named_by_its_words_is_worked_at_both_ends():
    got = labelrange.amend("we've got $4,000. how many impressions at each end of the host-read range?", [SAID_LABELS], "Working:\n- old")
    assert "$4,000 ÷ $25 × 1,000 = 160,000 impressions" in got and "$4,000 ÷ $18 × 1,000 ≈ 222,222" in got and "old" not in got
    assert labelrange.amend("how many impressions at the cheap end of the radio range with $4,000?", [SAID_LABELS], "y") == "y"


def test_a_cap_on_one_move_is_worked_on_the_users_amount(kb_txt5_engine):
    assert "$1,500 × 20% = $300" in turns(kb_txt5_engine, STEP)[-1][0]
    said = "Based on Knowledge Base [rules#3]: Shift no more than 25% of a channel's budget in one move. Then wait."
    got = stepcap.amend("display is at $8,000 a month; what's the most I can pull out of it at once?", [said], "y")
    assert "$8,000 × 25% = $2,000" in got and "$8,000 − $2,000 = $6,000" in got and "[rules#3]" in got
    assert stepcap.amend("display is at $8,000 a month; is that a lot?", [said], "y") == "y"

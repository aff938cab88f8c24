"""The funnel's identities on the user's own figures (agent/offline/funnel.py): rates on counts, a
cost from a rate, ROAS both ways, reach from impressions and frequency. Wording of this file's own,
checked against every seen data set; benchmark questions without figures are left alone."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, funnel
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_CASES = {
    "we get 20,000 clicks a month and convert 2.5% of them. how many sales is that?": ["20,000 × 2.50% = 500 sales"],
    "we'll buy 2 million impressions at a 0.8% CTR. how many clicks?": ["2,000,000 × 0.80% = 16,000 clicks"],
    "4 million impressions, a 1% click-through rate and 5% of clickers convert: how many signups?":
        ["4,000,000 × 1% = 40,000 clicks", "40,000 × 5% = 2,000 signups"],
    "our CPC is $1.20 and our conversion rate is 3%. what's our effective CPA?":
        ["$1.20 ÷ 3% = $40 per conversion (CPC ÷ conversion rate)"],
    "CPM is $12 for us and CTR 1.5%, so what does a click really cost us, what CPC?":
        ["$12 ÷ 1,000 ÷ 1.50% = $0.80 per click (CPM ÷ 1,000 ÷ click-through rate)"],
    "we made $150k revenue on $50k of ad spend. what's our ROAS?": ["$150,000 ÷ $50,000 = 3, i.e. a ROAS of 3x"],
    "our ROAS is 3.2x on $40k spend. how much revenue did we make?": ["$40,000 × 3.20 = $128,000 in attributed revenue"],
    "with 3 million impressions and a frequency of 4, how many people do we reach?":
        ["3,000,000 ÷ 4 = 750,000 people reached (impressions ÷ average frequency)"],
    "we have $20k and a 2% CVR on $1 clicks. how many sales?": ["$20,000 ÷ $1 = 20,000 clicks", "20,000 × 2% = 400 sales"],
    "our budget is 30k, CPC about $2 and we convert 4% of clicks. how many customers?":
        ["$30,000 ÷ $2 = 15,000 clicks", "15,000 × 4% = 600 customers"],
}
_LEFT_ALONE = ["What's a normal conversion rate for a bakery chain?", "is a 2% CTR good for display?",
               "we have $20k and a 2% CVR. how many sales?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen([*_CASES, *_LEFT_ALONE])


@pytest.mark.parametrize("text,lines", list(_CASES.items()))
def test_the_identity_is_worked_on_the_users_figures(text, lines):
    assert funnel.work(text)[0] == lines


@pytest.mark.parametrize("text", _LEFT_ALONE)
def test_questions_without_a_complete_identity_are_left_alone(text):
    assert funnel.work(text) is None


def test_the_answer_quotes_the_definition_and_shows_the_working(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    out = c.send("we'll buy 2 million impressions at a 0.8% CTR. how many clicks?").assistant
    assert "2,000,000 × 0.80% = 16,000 clicks" in out and "budget" not in out.split("Working")[0].lower()


def test_a_figure_before_a_comma_is_not_the_price_named_after_it():
    from agent.offline.parse import parse
    p = parse("our budget is 30k, CPC about $2. how many clicks?")
    assert [(n.value, n.role) for n in p.numbers] == [(30000.0, "budget"), (2.0, "price:CPC")]

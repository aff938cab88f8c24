"""A worked example the KB gives, re-run on the user's own figures (agent/offline/replay.py) — on
wording of this file's own (checked against every seen data set), on a made-up plain-text passage
and on the shipped KB's quarter-end example."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, replay
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_CAP = {"id": "flight-notes#3", "text": (
    "Retargeting cap\n\nCap retargeting at 2.5 times the weekly prospecting spend. For example, with $8,000 of "
    "weekly prospecting over a 4-week flight, the cap is $8,000 × 2.5 = $20,000 a week, or $80,000 over the "
    "flight.")}
_ASKS = {
    "cap": "we put 6k a week into prospecting on a 3-week flight - how much retargeting can we run?",
    "surplus": "Our 60-day quarter has a $240k budget. With 10 days remaining we still have $52k unspent; any advice?",
    "no surplus": "Our 60-day quarter has a $240k budget. With 10 days remaining we still have $20k unspent; advice?",
}


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_ASKS.values())


def test_a_plain_text_example_is_re_run_on_the_users_figures():
    cite, rule, lines, _ = replay.rerun(_ASKS["cap"], [_CAP])
    assert cite == "flight-notes#3" and rule.startswith("Cap retargeting at 2.5 times")
    assert lines == ["$6,000 × 2.5 = $15,000 a week", "$15,000 × 3 = $45,000 over the flight"]


def test_no_replay_when_an_input_has_no_counterpart():
    # the flight length is missing: the example cannot be re-run on a guess
    assert replay.rerun("we put 6k a week into prospecting - is 9k of retargeting too much?", [_CAP]) is None
    # numbers of other kinds entirely
    assert replay.rerun("our CTR is 2% and CPC $3, fine?", [_CAP]) is None


@pytest.fixture(scope="module")
def say(shipped_engine):
    executor = ToolExecutor(shipped_engine)

    def run(text: str) -> str:
        return ConversationEngine(OfflineAgent(), executor, max_tool_rounds=3).send(text).assistant
    return run


def test_the_quarter_end_example_is_re_run_with_the_users_quarter(say):
    out = say(_ASKS["surplus"])
    for line in ("$240,000 ÷ 60 = $4,000", "$4,000 × 1.2 = $4,800", "$4,800 × 10 = $48,000", "$52,000 − $48,000 = $4,000"):
        assert line in out
    assert "× 20%" not in out  # the example's own share is no rule to apply to the user's budget


def test_a_threshold_the_users_figures_miss_stops_the_replay(say):
    out = say(_ASKS["no surplus"])
    assert "not above the rule's 15%" in out and "$4,800 × 10" not in out


_PODCAST = {"id": "audio-notes#2", "text": (
    "Host-read tests\n\nFor host-read shows, test two or three episodes on each show before judging it. At a hypothetical "
    "$25 CPM and 40,000 downloads per episode, three episodes cost 3 × 40,000 × $25 ÷ 1,000 = $3,000, so a five-show "
    "test runs about $15,000.")}


def test_per_mille_is_a_constant_and_a_figure_no_step_uses_is_not_needed():
    q = "our show gets 60,000 downloads an episode and the host asks a $30 CPM. what do three episodes cost?"
    assert_unseen(q)
    cite, _, lines, _ = replay.rerun(q, [_PODCAST])
    assert cite == "audio-notes#2" and lines == ["3 × 60,000 × $30 ÷ 1,000 = $5,400"]


_SETUP = {"id": "pace-notes#4", "text": (
    "Overspend\n\nA line has a $21,000 weekly budget paced evenly at $3,000 a day. By day 2 it has spent $7,200 against a "
    "plan of $6,000, a pacing index of $7,200 ÷ $6,000 = 120%. The rest is $21,000 − $7,200 = $13,800 over 5 days.")}


def test_a_dollar_figure_before_the_first_equation_is_the_examples_setup_not_a_rule_constant():
    q = "by day 4 we've spent $19k and the plan had us at $24k. how bad is it?"
    assert_unseen(q)
    # the $21,000 weekly budget has no counterpart in the question: no replay (it once stayed $21,000 and went negative)
    assert replay.rerun(q, [_SETUP]) is None


def test_the_pairing_closest_in_scale_wins_when_words_fit_both_ways():
    q = "7 days left in a 60-day quarter, $33k of our $200k still unspent. spend it or hand it back?"
    assert_unseen(q)
    ex = {"id": "q-end#1", "text": (
        "Quarter end\n\nIf more than 15% of the quarter's budget is unspent when 7 days remain, cap spend at 1.2 times the "
        "daily run-rate. For example, on a 60-day, $150,000 quarter the run-rate is $150,000 ÷ 60 = $2,500 a day. With "
        "$30,000 unspent, the cap is $2,500 × 1.2 = $3,000 a day.")}
    _, _, lines, _ = replay.rerun(q, [ex])
    assert lines[0] == "$200,000 ÷ 60 = $3,333.33 a day"


def test_a_matching_example_answers_even_when_no_quote_was_chosen(say):
    out = say("different story: 10 days left in a 90-day quarter and $63k of our $350k is still unspent. what now?")
    assert "$350,000 ÷ 90 = $3,888.89" in out and "$63,000 ÷ $350,000 × 100 = 18" in out

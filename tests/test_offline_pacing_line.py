"""Pacing against a straight-line plan (agent/offline/planmath.straight_line): what is spent, the
budget and how far into the flight — or the two shares — give the KB's pacing index. Wording of this
file's own, checked against every seen data set."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.planmath import pacing, straight_line
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_ASKS = ["we've spent $18k of a $60k monthly budget and we're 12 days into a 30-day month. are we on pace?",
         "day 10 of 30 and we've burned through $45k of our $90k budget. how's our pacing?",
         "we're 55% through the budget but only 40% through the flight. pacing problem?",
         "with 9 days left in a 30-day flight we've used $70k of $100k — are we behind?"]


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(_ASKS)


@pytest.mark.parametrize("text,lines,value", [
    (_ASKS[0], ["$60,000 × 12 ÷ 30 = $24,000 planned to date on a straight line",
                "$18,000 ÷ $24,000 × 100 = 75, i.e. 75% of plan"], 75),
    (_ASKS[1], ["$90,000 × 10 ÷ 30 = $30,000 planned to date on a straight line",
                "$45,000 ÷ $30,000 × 100 = 150, i.e. 150% of plan"], 150),
    (_ASKS[2], ["55 ÷ 40 × 100 = 137.50, i.e. 137.50% of a straight-line plan"], 137.5),
    (_ASKS[3], ["$100,000 × 21 ÷ 30 = $70,000 planned to date on a straight line",
                "$70,000 ÷ $70,000 × 100 = 100, i.e. 100% of plan"], 100),
])
def test_spent_budget_and_elapsed_days_give_the_pacing_index(text, lines, value):
    w = pacing(text)
    assert w.lines == lines and w.value == pytest.approx(value)


def test_no_straight_line_without_the_length_of_the_flight():
    assert straight_line("we've spent $18k of $60k and we're 12 days in") is None


def test_the_band_the_index_falls_in_is_quoted(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    out = c.send(_ASKS[0]).assistant
    assert "Below 80%" in out and "75% of plan" in out

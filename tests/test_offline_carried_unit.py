"""A unit asked for but never worked does not relabel the last working: "how many clicks will $8,000 buy?"
(worked at the CPC), "and how many purchases?" (no price of a purchase found), then "what if the budget
drops to $5k?" re-runs the clicks — it printed "$5,000 ÷ $1.30 ≈ 3,846 purchases" (memory.update keeps
the unit of the remembered working). Wording of our own, on kb/."""
from __future__ import annotations

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

TURNS = ["We have $8,000 a month for our online store. How many clicks will that buy?", "and how many purchases?",
         "what if the budget drops to $5k?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(TURNS)


def test_the_rerun_keeps_the_unit_its_price_buys(shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    last = [conv.send(t).assistant for t in TURNS][-1]
    assert "$5,000 ÷ $1.30 ≈ 3,846 clicks" in last and "purchases" not in last, last

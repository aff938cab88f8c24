"""A range remembered for one business is not used for another: after a what-if about a different
business and a return to the first, a calculation "at either end" of a benchmark range looks the range
up again for the business the conversation is about now (agent.offline.arith._of_this_business).
Wording of our own, on the shipped KB and the plain-text fixture KB."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from tests.test_offline_described_audience import _seen

SHOES = ["we sell running shoes through our own website, typical CAC?",
         "and if we were a chain of retail stores instead, what's CAC then",
         "ok back to the website — what conversion rate is normal",
         "with 12k a month how many customers would that buy at either end"]
TEAS = ["our loose-leaf tea brand sells direct online. what does a new customer usually cost to win?",
        "suppose we only sold in our own high-street shops, what would that cost be?",
        "fine, returning to the online store: what's a normal click-through rate?",
        "we can spend 4,500 a month. how many new customers at the cheap end and the expensive end?"]
CLINICS = ["we own three dental practices. typical CPA?",
           "and if we were a B2B software company instead, what's the CPA then",
           "ok back to the dental practices — what click-through rate is normal",
           "with 12k a month how many acquisitions would that buy at either end"]


def test_own_wording_is_not_in_the_seen_sets():
    seen = _seen()
    assert not [t for t in SHOES + TEAS + CLINICS if t.lower() in seen]


@pytest.mark.parametrize("kb,turns,want,not_want", [
    ("shipped_engine", SHOES, ["ecommerce CAC", "$12,000 ÷ $55", "$12,000 ÷ $30"], ["$20–$40"]),
    ("shipped_engine", TEAS, ["ecommerce CAC", "$4,500 ÷ $55", "$4,500 ÷ $30"], ["$20–$40"]),
    ("kb_txt_engine", CLINICS, ["Dental Practices CPA", "$12,000 ÷ $43", "$12,000 ÷ $38"], ["$96", "$84"]),
])
def test_the_range_is_the_current_business(request, kb, turns, want, not_want):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    for t in turns[:-1]:
        c.send(t)
    last = c.send(turns[-1]).assistant
    assert all(w in last for w in want) and not any(w in last for w in not_want), last

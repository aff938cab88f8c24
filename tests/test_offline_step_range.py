"""A step the framework does not have ("which step is number 14?", "the thirteenth step", "step 0"):
the answer says there is no such step and how many there are, and lists them from the KB's own
listing (agent/offline/steprange.py) — before, a search quoted whatever mentioned "step 1". Wording
of our own; on kb/, the plain-text fixture KB and kb_alt."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.steprange import beyond
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

STEPS = {1: "Brief", 2: "Money maths", 3: "People", 4: "Places"}
ASKS = ["Walk me through step 14 please.", "Explain the thirteenth step to me.", "What sits in step zero?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ASKS)


@pytest.mark.parametrize("text,n", [
    ("what about step 5?", 5), ("Could you explain step seven?", 7), ("the sixth step — what is it?", 6),
    ("what is step 4?", None), ("compare step 2 and step 9", None), ("a 5-step process for onboarding", None),
    ("How do I size an audience?", None),
])
def test_a_step_outside_the_declared_order(text, n):
    assert beyond(text, STEPS) == n


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine", "kb_alt_engine"])
@pytest.mark.parametrize("ask,n", [(ASKS[0], 14), (ASKS[1], 13)])
def test_no_such_step_lists_the_ten(kb, ask, n, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    text = conv.send(ask).assistant
    assert text.startswith(f"There is no Step {n}: the framework has 10 steps."), text
    assert "Step 10" in text and "[" in text, text  # the KB's own listing, cited

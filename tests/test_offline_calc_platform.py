"""A platform named after a calculation ("and Bing alone?", "what about only Meta, then?"): the same
calculation again on that platform (agent/offline/calcplatform.py) — before, the follow-up was searched
as it stands and quoted prose about the platform. Wording of our own; on kb_txt (a figure per
platform) and kb/ (the follow-up keeps the working)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.calcplatform import restated
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASK = "With 6k, how many clicks could a software company get?"
NARROW = ["what about only Meta, then?", "and LinkedIn alone?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ASK], NARROW)


def test_only_a_platform_follow_up_is_restated():
    hist = [(ASK, [])]
    assert restated("and LinkedIn alone?", []) is None  # nothing to narrow
    assert restated("and how does Bing's audience differ?", hist) is None  # a question of its own
    assert restated("and Bing for a dentist?", hist) is None  # a business besides the platform
    assert restated("and with 9k on Bing?", hist) is None  # a new figure: the memory's own re-run


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
def test_the_working_narrowed_to_the_platform(kb, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    conv.send(ASK)
    for follow, name in zip(NARROW, ["Meta", "LinkedIn"]):
        turn = conv.send(follow)
        bench = [c for c in turn.tool_calls if (c if isinstance(c, dict) else vars(c)).get("name") == "get_benchmark"]
        assert bench, turn.assistant
        assert "$6,000 ÷ $" in turn.assistant, turn.assistant
        if kb == "kb_txt_engine":  # a figure per platform: that platform's row alone
            assert f"{name} 2024" in turn.assistant and "Google" not in turn.assistant, turn.assistant


def test_a_working_on_a_figure_not_broken_down_by_platform_says_so(shipped_engine):
    """kb/ states one CPC per vertical: the working narrowed to LinkedIn uses it, and says it is not LinkedIn's."""
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    conv.send(ASK)
    text = conv.send(NARROW[1]).assistant
    assert "$6,000 ÷ $" in text and text.rstrip().endswith("the figures above are not LinkedIn's."), text

"""A user who asks whether their own cost is too high, too steep or overpaid is judging their figure, as one
who asks whether it is "normal": without the figure the agent asks for it, with it the figure is placed against
the KB's range — never another business's range picked by the search (before: "Is my CPM too high?" quoted
kb/'s financial-services CPM, a business the user never named)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.parse import EVALUATE
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

JUDGING = ["is my cpm too high", "Are we overpaying for clicks?", "is that CPL in line with others",
           "our cost per lead seems too steep", "Is this acceptable for a retailer?"]
NOT_JUDGING = ["CPMs run high in Q4.", "We were paying $4 per click.", "Line items are listed below.",
               "the cost was too", "high-income renters in Ohio"]
ASK_OWN = ["Is my CPM too high?", "our CPC feels too steep — are we overpaying?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(JUDGING, NOT_JUDGING, ASK_OWN, ["are we overpaying? our CPC is 4 bucks and we're an online store"])


@pytest.mark.parametrize("text, judged", [(t, True) for t in JUDGING] + [(t, False) for t in NOT_JUDGING])
def test_a_judgement_of_a_figure_is_read_and_a_plain_statement_is_not(text, judged):
    assert bool(EVALUATE.search(text)) is judged


@pytest.mark.parametrize("kb", ["shipped_engine", "kb_txt_engine"])
@pytest.mark.parametrize("text", ASK_OWN)
def test_their_own_figure_is_asked_for_before_any_range_is_quoted(kb, text, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    turn = conv.send(text)
    assert turn.tool_calls == [] and "what is your CPM" in turn.assistant.replace("CPC", "CPM"), turn.assistant


def test_with_the_figure_given_it_is_placed_against_the_range(shipped_engine):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    turn = conv.send("are we overpaying? our CPC is 4 bucks and we're an online store")
    assert "$4 sits above the Typical range" in turn.assistant and "[benchmarks-ecommerce#" in turn.assistant

"""The user's own figure beside the one channel figure quoted for it ("Is a $7 CPM steep on TikTok?"):
the answer says where it sits (agent/offline/ownfigure.py), as a benchmark table's answer already did.
Wording of our own; on kb/ (whose channel documents list one range per platform); kb_txt lists
platform figures by vertical, where no single range is quoted and nothing is added."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.ownfigure import beside_quote
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASKS = ["Is a $7 CPM steep on TikTok?", "Is 0.8% CTR ok on LinkedIn?"]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen(ASKS)


def test_one_quoted_range_of_the_priced_metric():
    para = "Based on Knowledge Base [x#1]: TikTok CPM: $5–$12."
    assert beside_quote(ASKS[0], para).endswith("Your CPM of $7 sits inside the range of $5–$12.")
    two = "Based on Knowledge Base [x#1]: A CPM: $5–$12; B CPM: $15–$30."
    assert beside_quote(ASKS[0], two) == two  # which one is the user's is not said
    assert beside_quote("What's a normal CPM on TikTok?", para) == para  # no figure of their own


@pytest.mark.parametrize("ask,said", [(ASKS[0], "Your CPM of $7 sits inside the range of $5–$12."),
                                      (ASKS[1], "Your CTR of 0.8% sits inside the range of 0.4%–0.9%.")])
def test_end_to_end_on_the_shipped_kb(ask, said, shipped_engine):
    text = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ask).assistant
    assert text.endswith(said), text

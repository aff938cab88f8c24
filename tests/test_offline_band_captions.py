"""A plain-text KB's ALL-CAPS caption stating a money band ("TIER 2 - $40K TO $200K PER MONTH") over a paragraph is that
paragraph's label (agent.offline.bandcaption): the reader quotes the band of the budget the user states, as it does for a
Markdown KB's "**$40k–$200k a month**: …" items — not every band's paragraph. Wording of our own, on a hand-written
passage in the plain-text conventions and end to end on kb/ and kb_txt (whose band reading stays as it was)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, bandcaption
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_TEXT = """--------------------------------------------------------------------------------
SECTION 7 - CREATIVE PRODUCTION BY SPEND LEVEL
--------------------------------------------------------------------------------
META_TOPICS: creative, budget_tiers

TIER 1 - UNDER $40K PER MONTH
Make every asset in house from phone footage and refresh the best two ads monthly.

TIER 2 - $40K TO $200K PER MONTH
Hire a freelance editor for six new cuts a month and test one new concept each
fortnight against the current winner.

TIER 3 - OVER $200K PER MONTH
Retain a production studio, shoot quarterly and version every spot for each platform.
"""
_PASSAGE = {"id": "craft#6", "source": "creative_rules.txt › Section 7 - Creative Production By Spend Level", "text": _TEXT}
ASKS = [("our budget is $90,000 a month - what creative approach should we take?", "freelance editor", ["phone footage", "studio"]),
        ("with $15k monthly, how should we make our ads creative?", "phone footage", ["freelance editor", "studio"]),
        ("we run $350k per month in media; how do we make the creative for each platform?", "production studio", ["phone footage", "freelance"])]
E2E = [("shipped_engine", "Monthly we put roughly $300k into media - how should we approach attribution at that size?", "$250k+"),
       ("kb_txt_engine", "With $7,000 a month, how many campaigns make sense to run?", "one search campaign")]


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([a for a, _, _ in ASKS], [q for _, q, _ in E2E])


@pytest.mark.parametrize("ask,said,others", ASKS)
def test_the_stated_budgets_band_is_quoted(ask, said, others):
    got = extract(ask, [_PASSAGE], 3)
    assert "[craft#6]" in got and said in got and not any(o in got for o in others), got


def test_only_a_caption_stating_a_band_over_prose_becomes_a_label():
    assert "- TIER 2 - $40K TO $200K PER MONTH: Hire a freelance editor" in bandcaption.labelled(_TEXT)
    kept = "CONSUMER APPS\n- TikTok: 20-30%\n\nDOG OWNERS\nDefinition: households with a dog, $5 a month.\n"
    assert bandcaption.labelled(kept) == kept  # a list's caption, and a caption over a "Label: value" line


@pytest.mark.parametrize("kb,ask,said", E2E)
def test_end_to_end_the_stated_budgets_band(kb, ask, said, request):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb)), max_tool_rounds=3)
    assert said in conv.send(ask).assistant

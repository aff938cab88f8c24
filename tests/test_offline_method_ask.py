"""A short "how do I …" question names a task; the KB's method for it answers (searchq.attributes asks for
"method"), on either KB's conventions — a Markdown methods table, a plain-text "SIZING METHOD" section.
A longer question names its specifics, and their own section answers instead (own wording)."""
from __future__ import annotations

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.searchq import attributes
from mpa.tools import ToolExecutor


@pytest.mark.parametrize("kb, text, said", [
    ("shipped_engine", "how can we size our audience?", ["how it works", "Start from"]),
    ("shipped_engine", "How would I size a target audience?", ["how it works", "Start from"]),
    ("shipped_engine", "How do I size my audience?", ["how it works", "Start from"]),  # the issue's own example
    ("shipped_engine", "how do we size the market we sell to?", ["how it works", "Start from"]),
    ("kb_txt_engine", "how can we size our audience?", ["Start with the total population"]),
    ("kb_txt_engine", "How do I size my audience?", ["Start with the total population"]),
    ("kb_txt_engine", "How would I size a target audience?", ["Start with the total population"]),
])
def test_a_short_how_do_i_question_gets_the_method(request, kb, text, said):
    turn = ConversationEngine(OfflineAgent(), ToolExecutor(request.getfixturevalue(kb))).send(text)
    assert all(s in turn.assistant for s in said), turn.assistant


@pytest.mark.parametrize("text, method", [
    ("how should we pace spend?", True),
    ("how do we prove the podcast spots caused the lift in branded search and not the seasonal peak?", False),
    ("what is a good CPM?", False),
    ("how can I see which ad wore out?", False),  # the question inside asks which one, not a method
])
def test_only_a_short_how_to_asks_for_the_method(text, method):
    assert ("method" in attributes(text)) is method

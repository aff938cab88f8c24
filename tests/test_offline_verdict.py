"""Which of two figures is lower or higher, when the question asks it: "Which is cheaper per click for a dentist,
Google or Meta?" got both figures and no answer to "which" (agent/offline/verdict.py). Said only when the two
ranges do not overlap, each figure cited; the citation-support and grounding scorers find it supported. Wording
of our own, on the plain-text fixture KB and kb/."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from scorers import citation_support, grounding
from tests.unseen_wording import assert_unseen

CLEAR = "For a dental office, is a click cheaper on Google or on Meta?"
DEARER = "For plumbers, which costs more per click, Bing or Google?"
OVERLAP = "Is a click cheaper for ecommerce or for travel?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([CLEAR, DEARER, OVERLAP])


@pytest.fixture
def _scorers_read_kb_txt(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).resolve().parents[1] / "tests/fixtures/kb_txt"))


@pytest.mark.parametrize("ask,said", [(CLEAR, "Meta's CPC is lower"), (DEARER, "Google Ads' CPC is higher")])
def test_a_clear_verdict_first_and_supported(kb_txt_engine, _scorers_read_kb_txt, ask, said):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3)
    first = conv.send(ask).assistant.split("\n")[0]
    assert first.startswith(f"Based on Knowledge Base, {said}:"), first
    for scorer in (citation_support, grounding):
        got = scorer(input={"turns": [{"user": ask}]}, output=conv.output(), expected={}, metadata={})
        assert got.score == 1.0, got.metadata


def test_overlapping_ranges_get_no_verdict(shipped_engine):
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(OVERLAP).assistant
    assert " is lower" not in answer and " is higher" not in answer and "$0.70–$1.30" in answer, answer

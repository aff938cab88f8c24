"""A rate the user states is set beside the KB's range for it, as a price already was: "Is a 1.2% CTR good?"
got the Typical range and nothing about the 1.2% (compose.users_figure). Wording of our own, on kb/ and the
plain-text fixture KB; the grounding scorer finds the sentence supported."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from scorers import grounding
from tests.unseen_wording import assert_unseen

ON_KB = "Is a 1.2% CTR good for my ecommerce ads?"
ON_TXT = "Is a 2% conversion rate normal for a dentist on Google?"
TWO_RATES = "Is a 1.2% CTR with a 3% CVR good for ecommerce?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ON_KB, ON_TXT, TWO_RATES])


def _answer(engine, text: str) -> tuple[str, dict]:
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    turn = conv.send(text)
    return turn.assistant, conv.output()


def test_a_rate_is_placed_in_the_typical_range(shipped_engine):
    answer, out = _answer(shipped_engine, ON_KB)
    assert "Your CTR of 1.2% sits inside the Typical range of 0.9%–1.6%." in answer, answer
    got = grounding(input={"turns": [{"user": ON_KB}]}, output=out, expected={}, metadata={})
    assert not [u for u in got.metadata.get("unsupported", []) if "1.2%" in u["sentence"]], got.metadata


@pytest.fixture
def _scorer_reads_kb_txt(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).resolve().parents[1] / "tests/fixtures/kb_txt"))


def test_a_rate_beside_a_platform_figure(kb_txt_engine, _scorer_reads_kb_txt):
    answer, _ = _answer(kb_txt_engine, ON_TXT)
    assert "Your CVR of 2% sits below the figure of" in answer, answer


def test_two_rates_are_not_guessed_apart(shipped_engine):
    answer, _ = _answer(shipped_engine, TWO_RATES)
    assert "Your CTR of 3%" not in answer and "Your CVR of 1.2%" not in answer, answer

""""How many clicks would 8k buy for a plumber?" on a KB that states the figure once per platform and no Typical
range (tests/fixtures/kb_txt): every platform's figure is worked, each line citing its own row
(agent.offline.arith._per_platform) — before, no working at all ("they differ by platform"). Wording of our
own; the grounding scorer finds every figure and working line of the answer supported."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.arith import _per_platform
from mpa.tools import ToolExecutor
from scorers import grounding
from tests.unseen_wording import assert_unseen

ASK = "How many clicks would 8k buy for a plumber?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ASK])


def test_each_platforms_ends_from_its_own_row():
    bench = {"CPC": {"range": [], "facts": [("Google Ads 2024", "$3.40-3.90", "a#1"), ("Meta 2024", "$1.30", "b#2")]}}
    assert _per_platform(bench, "CPC") == [(3.9, "at the top of the Google Ads 2024 range [a#1]", "a#1"),
                                           (3.4, "at the bottom of the Google Ads 2024 range [a#1]", "a#1"),
                                           (1.3, "at the Meta 2024 figure [b#2]", "b#2")]
    assert _per_platform({"CPC": {"range": [3.4, 3.9], "facts": bench["CPC"]["facts"]}}, "CPC") == []  # a Typical range
    assert _per_platform({"CPC": {"range": [], "facts": bench["CPC"]["facts"][1:]}}, "CPC") == [
        (1.3, "at the Meta 2024 figure [b#2]", "b#2")]  # one figure alone is worked too


@pytest.fixture
def _scorer_reads_kb_txt(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(Path(__file__).resolve().parents[1] / "tests/fixtures/kb_txt"))


def test_end_to_end_every_platform_worked_and_grounded(kb_txt_engine, _scorer_reads_kb_txt):
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt_engine), max_tool_rounds=3)
    turn = conv.send(ASK)
    lines = [ln for ln in turn.assistant.splitlines() if ln.startswith("- $8,000 ÷ ")]
    assert len(lines) >= 4 and all(re.search(r"clicks at the (?:top|bottom) of the .+ range \[[\w-]+#\d+\]$", ln)
                                   for ln in lines), turn.assistant
    got = grounding(input={"turns": [{"user": ASK}]}, output=conv.output(), expected={}, metadata={})
    unsupported = [u["sentence"] for u in got.metadata.get("unsupported", [])]
    assert not [u for u in unsupported if "÷" in u or "$" in u], got.metadata  # every figure and working line grounded

"""A row the KB labels itself, said in full, is the business — not the vocabulary vertical whose word sits inside the
label (agent.offline.kbrowname): "food banks" is a cause kb_txt3 lists, not "banks" (financial services); "game
reserves" a cause of a KB written here, not gaming. Probe of 2026-11-30 (h_small3); wording of our own."""
from __future__ import annotations

from pathlib import Path

from mpa.engine import build_engine
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
FOOD = "what's a normal first gift for food banks?"
GAME = "what do clicks cost for game reserves?"
KB = """CHARITY SEARCH COSTS - VERSION 1.0
META - Document: What charities pay per click, by the cause they raise for

--------------------------------------------------------------------------------
SECTION 1 - COST PER CLICK BY CAUSE
--------------------------------------------------------------------------------
META_WORKFLOW_STEPS: 2
META_TOPICS: cpc, fundraising
META_VERTICALS: NONPROFITS
META_CHANNELS: ALL
META_INTENT: BENCHMARK_LOOKUP
META_CONFIDENCE: HIGH

GOOGLE ADS CPC - 2025
BY CAUSE - HIGHEST TO LOWEST
- Game Reserves: $2.10-2.40 (highest)
- Animal Shelters: $1.20
- Literacy Programs: $0.90 (lowest)
"""


def _verticals(calls):
    return [c["vertical"] for c in calls if "vertical" in c]


def test_the_wording_is_its_own():
    assert_unseen([FOOD, GAME])


def test_a_cause_kb_txt3_lists_is_not_a_financial_business(kb_txt3_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt3"))
    (text, calls), = turns(kb_txt3_engine, [FOOD])
    assert _verticals(calls) == ["food banks"], calls
    assert "$30" in text and "financial" not in text, text


def test_a_cause_of_another_kb_is_not_gaming(tmp_path, monkeypatch):
    (tmp_path / "giving.txt").write_text(KB)
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    (text, calls), = turns(build_engine(tmp_path), [GAME])
    assert _verticals(calls) == ["game reserves"], calls
    assert "$2.10-2.40" in text, text
    (text, calls), = turns(build_engine(tmp_path), ["what do clicks cost for gaming studios?"])
    assert _verticals(calls) == ["gaming"], calls  # the vocabulary's word outside any row label is read as before

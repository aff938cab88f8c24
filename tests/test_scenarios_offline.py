"""Every shipped scenario, played by the offline baseline agent (OfflineAgent — a deterministic
extractive baseline policy, not Claude): it loads under the strict schema, completes every turn
without an error, the planned beats happen, and each turn meets its own expectations in the
plainest checkable form (the scorers grade them in depth)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.models import make_model
from agent.scenario import load_scenario, run_scenario, scenario_files

SCENARIOS = scenario_files(Path(__file__).resolve().parents[1] / "datasets" / "scenarios")


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 12


def _shown(value: float) -> list[str]:
    """How the agent may print a result: whole units with separators, or two decimals."""
    return [f"{round(value):,}", f"{value:,.2f}", f"{value:,.1f}"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_offline_agent_completes_the_scenario(path, shipped_engine):
    scenario = load_scenario(path)
    rec = run_scenario(scenario, shipped_engine, model=make_model("offline"))
    assert rec["errors"] == [], rec["errors"]
    assert rec["beats_ok"] and rec["completed_turns"] == len(scenario["turns"])
    assert rec["invalid_citations"] == []
    retrieved_sources = set()
    for i, turn in enumerate(rec["turns"]):
        exp = turn.get("expect") or {}
        answer = turn["assistant"]
        assert answer.strip(), f"turn {i}: empty answer"
        retrieved_sources |= {rid.split("#")[0] + ".md" for rid in turn["retrieved_ids"]}
        if exp.get("must_abstain"):
            assert answer.startswith("The knowledge base does not contain"), f"turn {i}: {answer[:200]}"
            assert turn["citations"] == []
            continue
        assert "The knowledge base does not contain" not in answer, f"turn {i} abstained: {answer[:200]}"
        if exp.get("must_cite"):
            assert "Based on Knowledge Base [" in answer and turn["citations"], f"turn {i}: {answer[:200]}"
        for b in exp.get("benchmarks", []):
            assert b["value"] in answer, f"turn {i}: {b} not stated"
        for c in exp.get("calculations", []):
            assert any(s in answer for s in _shown(c["result"])), f"turn {i}: {c['expression']} not shown"
        for src in exp.get("sources", []):
            assert src in retrieved_sources, f"turn {i}: {src} never retrieved"

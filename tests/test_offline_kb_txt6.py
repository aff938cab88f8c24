"""The offline agent on the sixth stranger plain-text KB (tests/fixtures/kb_txt6): what its probe turns must answer,
and the general reading rules each failure led to, each also checked on another KB or in another wording (the tool
look-ups are in tests/test_kb_txt6.py)."""
from __future__ import annotations

from pathlib import Path

from mpa.tools import ToolExecutor

ROOT = Path(__file__).resolve().parents[1]


def _ask(monkeypatch, engine, folder: str, *messages: str) -> list[str]:
    """The agent's answers to ``messages`` in one conversation, serving ``folder`` (its whole-KB readers read it)."""
    from agent.engine import ConversationEngine
    from agent.offline import OfflineAgent

    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / folder))
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    return [conv.send(m).assistant for m in messages]


def _declared(*names: str) -> list[dict]:
    """A get_benchmark definition declaring ``names`` as the KB's own metrics (as the tool words it)."""
    desc = "Metric, e.g. CPC. This knowledge base also states its own: " + "; ".join(names) + "."
    return [{"name": "get_benchmark", "input_schema": {"properties": {"metric": {"description": desc}}}}]


def test_agent_reads_a_figure_named_with_its_age(monkeypatch, kb_txt6_engine):
    """"what's day 7 retention for a meditation app?": the KB's own "day-7 retention" (a figure noun after a word
    with a digit) was not read as a metric, so the agent searched and quoted the method passage."""
    a, = _ask(monkeypatch, kb_txt6_engine, "tests/fixtures/kb_txt6", "what's day 7 retention for a meditation app?")
    assert "19-23%" in a


def test_figure_named_with_its_age_other_names():
    """The same reading of other declared names: "week-4 churn" said as "week 4 churn"; "cost per lead" untouched."""
    from agent.offline import kbmetrics
    kbmetrics.declare(_declared("week-4 churn", "cost per booked tour"))
    try:
        assert [n for _, n in kbmetrics.named_in("what is the week 4 churn for starter plans")] == ["week-4 churn"]
    finally:
        kbmetrics.declare([])

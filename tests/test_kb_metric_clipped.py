"""A KB's own metric asked with a word clipped ("cost per approved app" for the KB's "cost per approved application")
is that metric (mpa.fact_lookups._clipped_own) — when one of the KB's own metrics fits word for word, and never when a
clipped word begins two of them. Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
ASK = "we're a card issuer. cost per approved app on meta?"


def test_the_wording_is_its_own():
    assert_unseen([ASK])


def test_a_kb_metric_asked_with_a_clipped_word_is_that_metric(kb_txt2_engine):
    out = ToolExecutor(kb_txt2_engine).execute("get_benchmark", {"vertical": "Credit Cards",
                                                                  "metric": "cost per approved app"})
    assert "cost per approved application" in out.content and "$120-145" in out.content, out.content[:300]


def test_plain_text_kb_the_agent_gets_the_figure(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(ASK).assistant
    assert "$120-145" in answer and "Credit Cards" in answer, answer


def test_a_clipped_word_that_could_be_two_metrics_names_neither():
    from mpa.facts import Fact
    from mpa.fact_lookups import own_metric_named
    bench = [Fact(kind="benchmark", label="x", value="$1", low=1.0, high=1.0, unit="$", source="x.txt", start=0, end=1,
                  form="list", metric=m, vertical="X") for m in ("cost per approved application", "cost per approved appointment")]
    assert own_metric_named("cost per approved app", bench) is None
    assert own_metric_named("cost per approved appl", bench) == "cost per approved application"
    assert own_metric_named("cost per approved ap", bench) is None  # three letters at least

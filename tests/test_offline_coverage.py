"""Coverage questions answered with the KB's own list (agent/offline/coverage.py), a question after
a pleasantry is not small talk (scope.chat), an acronym written out counts as present
(passages._spelled_out). Wording of our own."""
from __future__ import annotations

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.coverage import asked_kind, listing
from agent.offline.passages import relevant, terms
from agent.offline.scope import chat
from mpa.tools import ToolExecutor

TABLE = {"id": "ref#3", "source": "ref.md › Regions", "text": "### Regions we price\n\n| Key | Region name | Notes |\n"
         "| --- | --- | --- |\n| na | North America | US, Canada |\n| eu | Europe | EU27 |\n| apac | Asia Pacific | x |\n"}


def test_a_coverage_question_names_the_kind_it_asks_to_list():
    assert asked_kind("Which regions does the KB actually cover?") == "regions"
    assert asked_kind("What kinds of formats do you support?") == "formats"
    assert asked_kind("Which region should we start in?") is None


def test_the_list_is_the_column_named_after_the_kind():
    out = listing("regions", [{"id": "x#1", "text": "No table here."}, TABLE])
    assert out == ('Based on Knowledge Base [ref#3]: the knowledge base lists 3 regions ("Regions we price"): '
                   "North America, Europe and Asia Pacific.")
    assert listing("currencies", [TABLE]) is None


def test_a_question_after_a_pleasantry_is_not_small_talk():
    assert chat("cheers!", True) and chat("thanks, how are you today?", True)
    assert not chat("great — which regions do you hold prices for?", True)
    assert not chat("which regions do you hold prices for?", False)


def test_an_acronym_spelled_out_in_the_passage_is_present():
    ps = [{"id": "a", "text": "Budgets for the Designated Market Area of Los Angeles are planned per county."}]
    q = "How are budgets for the LA DMA planned?"
    assert relevant(q, set(terms(q)), set(terms(q)) & set(terms(ps[0]["text"])), ps)
    assert not relevant("How are budgets for the SF DMA planned?", set(terms(q)), set(), ps)


def test_the_shipped_kb_lists_its_benchmark_verticals(shipped_engine):
    c = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3)
    turn = c.send("alright — which verticals do you keep numbers for?")
    assert "Based on Knowledge Base [benchmarks-methodology#" in turn.assistant
    assert "Automotive" in turn.assistant and "Healthcare" in turn.assistant

"""Words the knowledge base never uses: the search tool names them when it finds nothing, and the
offline agent searches once more without them (they count against coverage yet say nothing of
what the KB holds); whether what is found answers is still the reader's call."""
from __future__ import annotations

import json
from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.searchq import retry, without_unknown
from agent.offline.toolread import ToolOutcome
from mpa.tools import ToolExecutor

ROOT = Path(__file__).resolve().parents[1]
ANSWERABLE = "Is a scrappy freelancer's spreadsheet enough to measure incrementality?"
OFF_TOPIC = "How do I knit a scarf for my grandmother?"


def _seen_text() -> str:
    return " ".join(json.dumps(json.load(open(p))) for folder in (
        "datasets/scenarios", "tests/fixtures/paraphrase/scenarios", "tests/fixtures/paraphrase_holdout/scenarios",
        "tests/fixtures/paraphrase_holdout2/scenarios", "tests/fixtures/paraphrase_holdout4/scenarios")
        for p in (ROOT / folder).glob("*.json")).lower() + (ROOT / "datasets/abstain.jsonl").read_text().lower()


def test_own_wording():
    seen = _seen_text()
    for phrase in (ANSWERABLE, OFF_TOPIC, "scrappy freelancer", "knit a scarf", "a spotless ledger"):
        assert phrase.lower() not in seen


def test_an_empty_search_names_the_words_the_kb_never_uses(shipped_engine):
    r = ToolExecutor(shipped_engine).execute("search_knowledge_base", {"query": OFF_TOPIC})
    assert r.data["abstained"] and r.retrieved_ids == []
    assert {"knit", "scarf", "grandmother"} <= set(r.data["unknown"])
    assert "never uses: knit, scarf, grandmother." in r.content


def test_the_retry_drops_the_words_the_kb_never_uses():
    q = "Does a spotless ledger improve the lead rate?"
    said = ToolOutcome("search_knowledge_base", {"query": q}, "No knowledge-base passage answers this query: "
                       "… Words of the query the knowledge base never uses: spotless, ledger. Say that …", False)
    assert without_unknown(q, [said]) == "Does a improve the lead rate?"
    assert retry(q, [said]) == "Does a improve the lead rate?"
    plain = ToolOutcome("search_knowledge_base", {"query": q}, "No knowledge-base passage answers this query", False)
    assert retry(q, [plain]) is None  # nothing named: nothing would change


def test_an_answerable_question_is_answered_and_an_off_topic_one_still_declined(shipped_engine):
    def ask(text):
        return ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(text)
    turn = ask(ANSWERABLE)
    assert "[" in turn.assistant and not turn.assistant.startswith("The knowledge base does not"), turn.assistant
    assert ask(OFF_TOPIC).assistant.startswith("The knowledge base does not")

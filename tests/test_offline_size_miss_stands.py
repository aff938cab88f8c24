"""When the sizing tool says the KB does not size the people asked about, a passage the agent's search quotes
instead does not stand in for that size unless it names those people: the miss is said beside it. On kb_txt2,
"How many golf players are there in the United States?" quoted a sentence about the KB covering only the
United States, and said nothing of golf players. Wording of our own."""
from __future__ import annotations

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent
from agent.offline.sizing import elsewhere
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ASK = "How many golf players are there in the United States?"


def test_the_wording_here_is_not_dataset_wording():
    assert_unseen([ASK])


def test_the_miss_stands_beside_a_passage_that_never_names_them():
    miss = ("a size for golf players", "it does not size 'golf players' (sized: Households with a dog)")
    assert elsewhere(miss, "Everything is United States or United States and Canada pooled.")
    assert not elsewhere(miss, "About 25 million Americans play golf at least once a year.")


def test_on_a_plain_text_kb(kb_txt2_engine, monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", "tests/fixtures/kb_txt2")
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(kb_txt2_engine), max_tool_rounds=3).send(ASK).assistant
    assert "no size for golf players" in answer or "does not contain a size for golf players" in answer, answer


def test_on_the_shipped_kb(shipped_engine):
    ask = "How many golf players live in Ohio?"
    assert_unseen([ask])
    answer = ConversationEngine(OfflineAgent(), ToolExecutor(shipped_engine), max_tool_rounds=3).send(ask).assistant
    assert "golf players" in answer and ("does not" in answer or "no size" in answer), answer

"""The everyday-words search (agent.offline.gloss.search) sends the message's question alone when a story surrounds
it — own wordings, on the shipped KB and a plain-text KB.

Why: the search tool answers nothing when its best passage covers too little of the query; a story's words (a
husband, a small town) are words no passage holds, so the KB's term added for the question's everyday words was
cut off with them. A story told first and pointed back to ("… jumped 35%. is that a problem?") is the question's
subject and stays."""
from __future__ import annotations

from pathlib import Path

from agent.offline import gloss
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
TOLD_AFTER = "is it worth keeping some money back just in case? my brother in law says spend it all in march"
TOLD_BEFORE = "our florist shop doubled the radio spots last week. how would we ever know that it paid off?"
PLAIN = "how would we know the podcast reads did anything? my uncle thinks they are a waste of money"


def test_own_wordings_are_unseen():
    assert_unseen([TOLD_AFTER, TOLD_BEFORE, PLAIN])


def test_the_question_alone_carries_the_kb_term(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    q = gloss.search(TOLD_AFTER, TOLD_AFTER)
    assert q == "is it worth keeping some money back just in case? contingency reserve reserve budget", q


def test_a_story_pointed_back_to_stays(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    q = gloss.search(TOLD_BEFORE, TOLD_BEFORE)
    assert q and q.startswith(TOLD_BEFORE) and "measurement" in q[len(TOLD_BEFORE):], q


def test_nothing_named_nothing_added(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    assert gloss.search("what is the capital of france? my niece asked", "what is the capital of france? my niece asked") is None


def test_on_a_plain_text_kb_only_its_own_terms(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    q = gloss.search(PLAIN, PLAIN)
    assert q and "uncle" not in q and q.startswith("how would we know the podcast reads did anything?"), q
    assert "measurement" in q and "measurement plan" not in q, q  # the terms that KB writes, not kb/'s

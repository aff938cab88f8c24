"""The everyday-words search (agent.offline.gloss) reads the message as typed when the cleaned search focus lost a
word of the everyday phrase: the query cleaner drops discourse words ("know", "try"), and "how would we know" or
"trying new things" then named no concept at all — own wording, on the shipped KB."""
from __future__ import annotations

from pathlib import Path

from agent.offline import searchq
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KNOW = "we put a wrap on our delivery van. how would we know it worked at all?"


def test_own_wording_is_unseen():
    assert_unseen([KNOW])


def test_a_phrase_holding_a_dropped_word_still_names_its_concept(monkeypatch):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    q = searchq.form(KNOW)
    assert "know" not in q.focus.split()  # the cleaner dropped it …
    assert any(x.startswith(q.focus) and "measurement" in x[len(q.focus):] for x in q.queries), q.queries  # … the gloss did not

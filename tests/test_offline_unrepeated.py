"""A follow-up whose quote would only repeat the previous answer adds one more sentence of the same
section (agent/offline/unrepeated.py): the best-scoring one not yet quoted, else the best one left
out — on wording of this file's own (checked against every seen data set), on the shipped KB and on
a plain-text KB written here (the reader asked the same follow-up without and with the previous answer)."""
from __future__ import annotations

import re
from types import SimpleNamespace

from agent.offline import unrepeated
from agent.offline.reader import extract
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

_SAID = {"kb": ["and the ones that get trimmed out?"], "txt": ["and the ones that get trimmed out?"]}

_HANDBOOK = """SUPPLIER HANDBOOK - VERSION 3.2
META - Document: How account leads admit and retire media suppliers
META - Purpose: One admission standard for every client plan
META - Coverage: All clients

--------------------------------------------------------------------------------
SECTION 1 - ADMITTING A NEW SUPPLIER
--------------------------------------------------------------------------------

A new supplier joins a client plan only when the plan can pay it at least double its
minimum order for the whole term. The safety margin exists because late invoices, a
mid-term trim or a weak first month can push a supplier paid exactly at its minimum order
below it, and a supplier under its minimum order stops reporting. Suppliers that cannot
reach double their minimum order wait for the next planning round or get a short trial
paid from the trial fund.

--------------------------------------------------------------------------------
SECTION 2 - RETIRING A SUPPLIER
--------------------------------------------------------------------------------

Retire a supplier after two quarters without a delivered report, and tell the client
which supplier replaces it before the next invoice is paid.
"""


def test_the_wording_here_is_in_no_seen_data_set():
    assert_unseen(*_SAID.values())


def _unit(text: str, pos: int):
    return SimpleNamespace(text=text, pos=pos)


_A = _unit("The house rule caps every flight at ten weeks of spend.", 0)
_B = _unit("The cap keeps a stale flight from running on unreviewed.", 1)
_C = _unit("Flights that need longer are split into two reviewed halves.", 2)
_SCORES = {id(_A): 3.0, id(_B): 2.0, id(_C): 1.0}


def test_a_quote_that_only_repeats_the_previous_answer_gains_the_best_unquoted_sentence():
    said = f"Based on Knowledge Base [x#1]: {_A.text} {_B.text}"
    assert unrepeated.widen([_A, _B], [_A, _B, _C], _SCORES, said, 170) == [_A, _B, _C]


def test_a_quote_that_repeats_part_of_the_previous_answer_gains_the_best_sentence_left_out():
    said = f"Based on Knowledge Base [x#1]: {_A.text} {_B.text} {_C.text}"
    assert unrepeated.widen([_A, _C], [_A, _B, _C], _SCORES, said, 170) == [_A, _B, _C]


def test_a_quote_saying_something_new_or_a_first_turn_or_no_room_is_left_alone():
    said = f"Based on Knowledge Base [x#1]: {_A.text}"
    assert unrepeated.widen([_A, _B], [_A, _B, _C], _SCORES, said, 170) == [_A, _B]
    assert unrepeated.widen([_A, _B], [_A, _B, _C], _SCORES, "", 170) == [_A, _B]
    assert unrepeated.widen([_A, _B], [_A, _B, _C], _SCORES, f"{_A.text} {_B.text}", 15) == [_A, _B]
    assert unrepeated.widen([_A, _B], [_A, _B, _C], {id(_A): 3.0, id(_B): 2.0, id(_C): 0.0},
                            f"{_A.text} {_B.text}", 170) == [_A, _B]


def _passages(engine, query: str) -> list[dict]:
    got = ToolExecutor(engine).execute("search_knowledge_base", {"query": query, "top_k": 8}).content
    return [{"id": m.group(1), "source": m.group(2), "text": m.group(3)}
            for m in re.finditer(r'<passage id="([^"]+)" source="([^"]+)">\n(.*?)</passage>', got, re.S)]


def _reads_on(engine, query: str, ask: str, topic: str, kept: str, fresh: str) -> None:
    """Asked without the previous answer, the reader quotes the rule (``kept``) — and, the paragraph being short,
    all of it when it is short (:mod:`agent.offline.shortrule`); given a previous answer that quoted just the first two
    sentences of the paragraph holding ``kept``, it does not quote the paragraph whole again but reads on to
    ``fresh`` in the same section."""
    passages = _passages(engine, query)
    cited = next(p for p in passages if kept in " ".join(p["text"].split()))
    paragraph = next(" ".join(b.split()) for b in cited["text"].split("\n\n") if kept in " ".join(b.split()))
    said = f"Based on Knowledge Base [{cited['id']}]: " + " ".join(re.split(r"(?<=\.)\s+", paragraph)[:2])
    alone = extract(ask, passages, 3, context=topic) or ""
    after = extract(ask, passages, 3, context=topic, said=said) or ""
    assert kept in alone  # ``fresh`` too when the paragraph is short enough to be quoted whole
    assert kept in after and fresh in after and after.split("]")[0] == alone.split("]")[0]


def test_on_the_shipped_kb_the_follow_up_reads_on_in_the_rule_just_quoted(shipped_engine):
    _reads_on(shipped_engine, "1.5 times minimum viable spend entry threshold extra half buffer", _SAID["kb"][0],
              "1.5× MVS entry threshold extra half buffer", "1.5 times its minimum viable spend", "deferred to a later phase")


def test_on_a_plain_text_kb_the_follow_up_reads_on_in_the_rule_just_quoted(tmp_path, monkeypatch):
    from mpa.engine import build_engine
    (tmp_path / "supplier_handbook.txt").write_text(_HANDBOOK, encoding="utf-8")
    monkeypatch.setenv("MPA_KB_DIR", str(tmp_path))
    engine = build_engine(tmp_path, index_path=tmp_path.parent / f"{tmp_path.name}-index.json")
    _reads_on(engine, "new supplier safety margin minimum order", _SAID["txt"][0],
              "admitting a new supplier safety margin double minimum order", "safety margin exists", "next planning round")

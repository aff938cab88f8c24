"""The query path's shortcuts answer exactly what the plain reading does: one ``findall`` instead of match
objects (rag.joins.Joins.found, rag.queryforms.Compounds.found), per-word memos (Spellings.variant,
Compounds._key), a skipped substitution when no word is respelled. Checked against the plain reading on
texts that exercise the gaps between words (hyphens, white space runs, digits, punctuation), on a toy
vocabulary and on the vocabularies of kb/ and a plain-text fixture KB."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rag.analyzer import get_analyzer
from rag.config import get_preset
from rag.engine import RetrievalEngine
from rag.joins import Joins
from rag.queryforms import Compounds, Spellings

AN = get_analyzer(True, True)
ROOT = Path(__file__).resolve().parent.parent
TEXTS = [
    "how soon does a customer pay back the cost?", "pay-back and pay - back and pay--back", "look alike  \t audiences",
    "re-target, re target; re\ntarget", "two channel test, 2 channels and two-channel", "a 2-channel rule",
    "pays back pays back pays back", "top down top-down top -down", "opt in or opt-in", "back 12 catalog",
    "on boarding base line check out", "check out look", "signups, -signups signups- 1-signups sign-ups",
    "a -signups", "b signups-", "c 1-signups", "two- channel", "add-- on", "2-- channels", "x", "",
    "Add On add on ADD-ON", "all fill   all-fill all\u00a0fill",
]


def _compounds_plain(c: Compounds, text: str) -> list[str]:
    words = list(re.finditer(r"[a-z0-9]+", text, re.I))
    hits = (c.by_parts.get((c._key(a.group()), c._key(b.group()))) for a, b in zip(words, words[1:])
            if text[a.end():b.start()] != "-")
    return list(dict.fromkeys(h for h in hits if h))


def _hyphenated_plain(j: Joins, text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for x in re.finditer(r"[a-z]+", text, re.I):
        word = x.group().lower()
        key = j._norm(word)
        forms = j.hyphenated.get(key) if key and key not in j._vocab else None
        if forms and "-" not in text[max(0, x.start() - 1):x.end() + 1]:
            out.setdefault(key, next((f for f in forms if f.replace("-", "") == word), forms[0]))
    return out


def _vocabulary(name: str) -> set[str]:
    """A toy vocabulary, or a KB's index vocabulary — built when the test runs, not when the module is
    collected: every xdist worker collects every module, and building two KB indexes there cost each
    worker ~0.4 s of CPU before its first test, for a test only one of them runs."""
    if name == "toy":
        toy = {AN._norm(w) for w in ("payback", "lookalike", "checkout", "onboarding", "baseline", "retarget",
                                     "outlook")}
        return toy | {"two-channel", "top-down", "opt-in", "add-on", "all-fill", "back-catalog", "channel", "sign-up"}
    return set(RetrievalEngine.build(ROOT / name, get_preset("bm25").with_(cache_size=0)).index.vocab)


@pytest.mark.parametrize("name", ["toy", "kb", "tests/fixtures/kb_txt"], ids=["toy", "kb", "kb_txt"])
def test_one_findall_reads_the_pairs_the_match_objects_read(name):
    vocab = _vocabulary(name)
    j, c = Joins(vocab, AN), Compounds(sorted(vocab), AN)
    for text in TEXTS:
        assert j.found(text) == list(dict.fromkeys(t for _, _, t, _ in j._pairs(text))), text
        assert c.found(text) == _compounds_plain(c, text), text
        assert j.hyphenated_for(text) == _hyphenated_plain(j, text), text
    assert j.found("pay back") == ["payback"] or "payback" not in vocab


def test_a_hyphen_the_user_typed_keeps_the_compound_out():
    c = Compounds(["two-channel", "channel"], AN)
    assert c.found("two channels") == ["two-channel"]
    assert c.found("2 channels") == ["two-channel"]
    assert c.found("two-channel") == []  # the index reads the term itself
    assert c.found("two - channel") == ["two-channel"]  # not one hyphenated word


def test_a_remembered_spelling_is_the_spelling_worked_out():
    s = Spellings({"optim", "center", "program"}, AN)
    for word in ("optimise", "Optimise", "centre", "programme", "plan", "wise"):
        first = s.variant(word)
        assert s.variant(word) == first == Spellings({"optim", "center", "program"}, AN)._variant(word)
    assert s.respell("Optimise the centre") == "optimize the center"
    assert s.respell("plan the day") == "plan the day"

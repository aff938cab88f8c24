"""The query path's shortcuts answer exactly what the plain reading does: one ``findall`` instead of match
objects (rag.joins.Joins.found, rag.queryforms.Compounds.found), per-word memos (Spellings.variant,
Compounds._key), a skipped substitution when no word is respelled. Checked against the plain reading on
texts that exercise the gaps between words (hyphens, white space runs, digits, punctuation), on a toy
vocabulary and on the vocabularies of kb/ and a plain-text fixture KB."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from rag.analyzer import get_analyzer
from rag.config import get_preset
from rag.engine import RetrievalEngine
from rag.joins import Joins
from rag.queryforms import Compounds, Spellings, query_text
from rag.queryread import QueryReader

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


VOCABULARIES = {"toy": "toy", "kb": "kb", "kb_txt": "tests/fixtures/kb_txt"}


@lru_cache(maxsize=None)
def _vocabulary(name: str) -> frozenset[str]:
    """A toy vocabulary, or a KB's index vocabulary — built when a test first asks for it, once per
    process, not when the module is collected: every xdist worker collects every module, and building two
    KB indexes there cost each worker ~0.4 s of CPU before its first test, for tests only one of them runs."""
    if name == "toy":
        toy = {AN._norm(w) for w in ("payback", "lookalike", "checkout", "onboarding", "baseline", "retarget",
                                     "outlook")}
        return frozenset(toy | {"two-channel", "top-down", "opt-in", "add-on", "all-fill", "back-catalog",
                                "channel", "sign-up"})
    return frozenset(RetrievalEngine.build(ROOT / VOCABULARIES[name], get_preset("bm25").with_(cache_size=0)).index.vocab)


@pytest.mark.parametrize("name", list(VOCABULARIES))
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


def _texts():
    """TEXTS, then every pair of them joined by each kind of gap (a pair of words across the segments)."""
    yield from TEXTS
    for gap in (" ", "-", "\n", ", ", ""):
        for a in TEXTS[:12]:
            for b in TEXTS[:12]:
                yield f"{a}{gap}{b}"
    yield from ("Can't we optimise the centre's behaviour?", "they're paying back; didn't pay-back", "İ K ſ two channels",
                "signups or signup", "signup, signups")


@pytest.mark.parametrize("name", list(VOCABULARIES))
@pytest.mark.parametrize("subwords", [(0, 0), (0, 4), (4, 0)], ids=["words", "prefix", "ngrams"])
def test_the_query_read_once_per_segment_is_the_query_text_analyzed(name, subwords):
    vocab = _vocabulary(name)
    an = get_analyzer(True, True, *subwords)
    vocab = sorted(vocab | {"centre", "optim", "center", "behavior", "sign-up", "sign-ups"})
    c, s, j = Compounds(vocab, an), Spellings(vocab, an), Joins(vocab, an)
    reader = QueryReader(an, c, s, j)
    for text in _texts():
        want = an(query_text(text, c, s, j))
        assert reader.terms(text) == want, text
        assert reader.terms(text) == want, text  # read again, from the kept segments


def _words_plain(text: str) -> list[str]:
    out = []
    for tok in re.findall(r"[a-z0-9]+(?:[-:/.&][a-z0-9]+)*", text.lower()):
        if not tok.isalnum() and not re.match(r"^[0-9][0-9.,]*$", tok):
            out += [tok] + [t for t in map(AN._norm, re.split(r"[-:/.&]", tok)) if t]
        elif AN._norm(tok):
            out.append(AN._norm(tok))
    return out


def test_the_analyzer_reads_a_text_segment_by_segment_as_a_whole():
    for text in _texts():
        assert AN.words(text) == _words_plain(text) == AN.words(text), text


def test_one_boost_factor_for_all_scores_is_the_same_odds_as_one_per_score():
    from rag.query import boost

    s = np.array([0.0, 1e-12, 0.3, 0.5, 0.999, 1.0, 1.2, -0.1, 0.7])
    for pb in (1.0, 1.5, 2.0, 3.0):
        assert boost(s, pb).tolist() == boost(s, np.full(len(s), pb)).tolist()


def test_the_extremes_of_a_best_first_pool_are_its_ends():
    from rag.query import minmax, top

    rng = np.random.default_rng(3)
    for scores in (rng.random(300), np.round(rng.random(300), 1), np.full(20, 0.4), np.zeros(5), rng.random(1)):
        pool = scores[top(scores, 50)]
        assert minmax(pool, best_first=True).tolist() == minmax(pool).tolist()


def test_a_query_arriving_while_the_first_one_builds_the_reader_reads_the_whole_query(monkeypatch):
    """The reader is assigned whole, once built: a query that arrives meanwhile (another thread; here
    re-entrantly, so the test is deterministic) builds its own, never reads with half of the stages."""
    import rag.index

    records = [("a", "", "Optimize the payback period of a campaign."), ("b", "", "Campaign pacing and budgets.")]
    idx = RetrievalEngine.from_records(records, get_preset("bm25")).index
    question = "how to optimise the pay back of a campaign"
    meanwhile = []

    class Arriving(Spellings):
        def __init__(self, *args):
            super().__init__(*args)
            if not meanwhile:
                meanwhile.append(None)  # once: the query arriving builds a reader of its own
                meanwhile[0] = idx.query_terms(question)

    monkeypatch.setattr(rag.index, "Spellings", Arriving)
    first = idx.query_terms(question)
    want = [idx.term_id[t] for t in (AN._norm("optimize"), "payback")]
    for ids, _, _ in (meanwhile[0], first):
        assert set(want) <= set(ids.tolist())
    assert [a.tolist() for a in meanwhile[0][:2]] == [a.tolist() for a in first[:2]]

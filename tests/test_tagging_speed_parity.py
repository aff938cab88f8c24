"""The fast tagger and boosts give exactly what the straightforward implementation gave.

:mod:`mpa.vocabulary` matches a whole table with one scan (candidate start positions, then
the terms that start there) instead of one regex per key, and :mod:`mpa.ranking` reads
per-chunk values precomputed once. Both are easy to get subtly wrong (overlapping synonyms
of different keys, word boundaries next to punctuation), so the reference implementation —
the code they replaced — lives here and every chunk of both KBs, every dataset question and
a set of edge cases must match it."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from mpa import ranking, steps, tagging, vocabulary
from mpa.engine import domain
from mpa.vocabulary import VOCABULARY, find_first, match_terms, table_matcher

ROOT = Path(__file__).resolve().parent.parent
KBS = [ROOT / "kb", ROOT / "tests" / "fixtures" / "kb_txt"]


@lru_cache(maxsize=None)
def _ref_pattern(terms: tuple[str, ...]) -> re.Pattern:
    alts = sorted({re.escape(t.lower()) for t in terms}, key=len, reverse=True)
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(alts) + r")(?![a-z0-9])")


def ref_match_terms(text: str, table: dict[str, list[str]]) -> list[str]:
    low = text.lower()
    return [key for key, syns in table.items() if _ref_pattern(tuple(syns)).search(low)]


def ref_find_first(text: str, table: dict[str, list[str]]) -> str | None:
    low = text.lower()
    best = None
    for key, syns in table.items():
        m = _ref_pattern(tuple(syns)).search(low)
        if m and (best is None or (m.start(), -len(m.group())) < best[:2]):
            best = (m.start(), -len(m.group()), key)
    return best[2] if best else None


def ref_benchmark_boost(factor, query, chunks):
    q_metrics = set(ref_match_terms(query, VOCABULARY["metrics"]))
    if factor == 1.0 or not (q_metrics or re.search(r"\b(benchmarks?|typical|average|range)\b", query, re.I)):
        return None
    return [factor if c.metadata.get("has_benchmarks") and (not q_metrics or q_metrics & set(c.metadata.get("metrics", ())))
            else 1.0 for c in chunks]


def ref_step_boost(factor, query, chunks):
    found = steps.step_refs(query) if factor > 1 else set()
    if not found:
        return None
    return [factor if steps.guide_step(c.source) in found else 1.0 for c in chunks]


EDGE_TEXTS = [
    "", "LTV:CAC of 3:1", "ltv:cac", "the cac.", "CAC/CPA", "cost per thousand impressions", "e-commerce DTC",
    "health care and healthcare", "a b2b saas software", "travel and hospitality, hotels", "cac-cpa",
    "xcac cacx 4cac cac4 _cac_", "Ünicode café CTR — click-through rate", "mobile gaming games game",
    "Step 4 geography; step 10 risk", "CPM\nCPC\tCTR", "ltv cac ratio and ltv:cac ratio", "conv rate",
]


def _questions() -> list[str]:
    out = []
    for path in sorted((ROOT / "datasets").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line) if line.strip() else {}
            for field in ("query", "question", "input"):
                if isinstance(row.get(field), str):
                    out.append(row[field])
    return out


@pytest.mark.parametrize("table", sorted(VOCABULARY))
def test_match_terms_and_find_first_match_the_reference(table):
    texts = EDGE_TEXTS + _questions()
    assert len(texts) > 100
    for text in texts:
        want = ref_match_terms(text, VOCABULARY[table])  # the reference, once per text for both checks
        assert match_terms(text, VOCABULARY[table]) == want, text
        assert find_first(text, VOCABULARY[table]) == ref_find_first(text, VOCABULARY[table]), text
        anywhere = table_matcher(VOCABULARY[table]).anywhere.search(text.lower())
        assert bool(anywhere) == bool(want), text
    other = {"a": ["x y", "x"], "b": ["y"], "c": ["x y z", "q"]}  # overlapping terms of different keys
    for text in ["x y z", "x y", "y", "qx y", "x-y z", "zz x"]:
        assert match_terms(text, other) == ref_match_terms(text, other), text
        assert find_first(text, other) == ref_find_first(text, other), text


@pytest.mark.parametrize("kb, engine", [pytest.param(kb, fx, id=kb.name) for kb, fx in zip(KBS, ["shipped_engine", "kb_txt_engine"])])
def test_every_chunk_is_tagged_as_by_the_reference(kb, engine, monkeypatch, request):
    new = request.getfixturevalue(engine)  # the session's engine over the same KB (conftest.py)
    with monkeypatch.context() as m:
        for mod in (tagging, steps, vocabulary):
            m.setattr(mod, "match_terms", ref_match_terms)
        m.setattr(vocabulary, "find_first", ref_find_first)
        # re-tag the session engine's own chunks (what the build tags them from: source, title,
        # section path, text, declared fields) rather than chunking and indexing the KB again
        old = [domain().metadata(c) for c in new.chunks]
    assert len(new.chunks) > 10
    for a, meta in zip(new.chunks, old):
        assert a.metadata == meta, a.id


def test_boosts_match_the_reference(shipped_engine):
    chunks = shipped_engine.chunks
    queries = EDGE_TEXTS + _questions() + ["typical CTR for retail", "benchmarks", "Step 3 audience", "CPM range"]
    seen = {"bench": 0, "step": 0}
    for factor in (1.0, 1.5):
        bench, step = ranking.benchmark_boost(factor), ranking.step_boost(factor)
        for q in queries:
            for subset in (chunks, chunks[::7], []):
                got, want = bench(q, subset), ref_benchmark_boost(factor, q, subset)
                assert got == want, q
                seen["bench"] += bool(want and factor in want)
                got, want = step(q, subset), ref_step_boost(factor, q, subset)
                assert got == want, q
                seen["step"] += bool(want and factor in want)
    assert seen["bench"] and seen["step"]  # the comparison exercised boosts that fire

"""What scikit-learn computes for the lexical index's reference tests (tests/test_index.py), recorded.

Why: scikit-learn is the reference our TF-IDF, pivoted TF-IDF, count matrix and stop-word list are checked
against, and importing it costs ~0.7 s of CPU in the test process that does (it also imports scipy.stats) —
for a handful of vectors that only change when the analyzer or the corpus does. The fast suite compares with
the values scikit-learn computed, kept in ``tests/fixtures/sklearn_reference.json`` together with a digest of
the analyzed inputs they were computed from: when the analyzer (or a corpus, a query) changes, the digest
differs and the values are computed live again, so a recorded value never stands in for other inputs. The
slow test ``test_recorded_reference_is_what_scikit_learn_computes`` recomputes everything with scikit-learn
and compares it with the file (``python -m tests.sklearn_reference`` writes it again)."""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from rag.analyzer import Analyzer, get_analyzer

FILE = Path(__file__).resolve().parent / "fixtures" / "sklearn_reference.json"
TFIDF_QUERIES = ("budget budget pacing w3", "ltv roas")
PIVOT_QUERIES = ("budget budget pacing w3", "ltv roas", "w1 w7 audience")
PIVOT_SLOPES = (0.25, 0.6)
COUNT_TEXTS = ("Budget pacing: daily caps and ABC-NC-01", "pacing pacing 1.5x", "the a an")


def random_corpus(n=300, seed=3) -> list[str]:
    """A Zipf-like corpus of ``w0``… words and a few marketing terms (seeded: the same texts every run)."""
    rng = np.random.default_rng(seed)
    words = [f"w{i}" for i in range(400)] + ["budget", "pacing", "audience", "cac", "ltv", "roas"]
    p = 1 / np.arange(1, len(words) + 1)
    p /= p.sum()
    return [" ".join(rng.choice(words, size=rng.integers(3, 80), p=p)) for _ in range(n)]


def inputs_digest() -> str:
    """A digest of everything the recorded values are computed from, as the analyzers read it: the tokens of
    the corpus and the queries (``Analyzer()``) and of the count texts (``get_analyzer()``)."""
    an, default = Analyzer(), get_analyzer()
    texts = random_corpus(120) + list(TFIDF_QUERIES) + list(PIVOT_QUERIES)
    tokens = [an(t) for t in texts] + [default(t) for t in COUNT_TEXTS]
    return hashlib.sha256(json.dumps([tokens, PIVOT_SLOPES]).encode()).hexdigest()


def pivot_key(slope: float, query: str) -> str:
    return f"{slope}|{query}"


def computed() -> dict:
    """Every reference value, computed with scikit-learn now."""
    import sklearn
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer, TfidfVectorizer

    an = Analyzer()
    texts = random_corpus(120)
    cosine = TfidfVectorizer(analyzer=an, sublinear_tf=True)
    X = cosine.fit_transform(texts)
    tfidf = {q: (X @ cosine.transform([q]).T).toarray().ravel().tolist() for q in TFIDF_QUERIES}
    # pivoted TF-IDF from scikit-learn's unnormalised vectors: q̂ · d / ((1 − s)·mean|d| + s·|d|)
    raw = TfidfVectorizer(analyzer=an, sublinear_tf=True, norm=None)
    R = raw.fit_transform(texts)
    norms = np.sqrt(np.asarray(R.multiply(R).sum(axis=1)).ravel())
    pivot = {}
    for q in PIVOT_QUERIES:
        qv = raw.transform([q]).toarray().ravel()
        qv /= np.linalg.norm(qv)
        for slope in PIVOT_SLOPES:
            den = (1 - slope) * norms[norms > 0].mean() + slope * norms
            pivot[pivot_key(slope, q)] = ((R @ qv) / np.where(norms > 0, den, 1.0)).tolist()
    vec = CountVectorizer(analyzer=get_analyzer())
    counts = vec.fit_transform(list(COUNT_TEXTS)).toarray().tolist()
    return {"sklearn": sklearn.__version__, "inputs": inputs_digest(), "stop_words": sorted(ENGLISH_STOP_WORDS),
            "tfidf": tfidf, "pivot": pivot, "count": {"vocab": vec.get_feature_names_out().tolist(), "matrix": counts}}


def recorded_file() -> dict:
    return json.loads(FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def reference() -> dict:
    """The recorded values when they were computed from today's analyzed inputs, else :func:`computed`."""
    data = recorded_file()
    return data if data.get("inputs") == inputs_digest() else computed()


def write() -> None:
    """Record :func:`computed` in :data:`FILE` (a temporary file renamed: an interrupted write leaves the old one)."""
    tmp = FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(computed(), indent=0) + "\n", encoding="utf-8")
    tmp.replace(FILE)


if __name__ == "__main__":
    write()

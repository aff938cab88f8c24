import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from rag.analyzer import Analyzer
from rag.index import LexicalIndex, count_matrix, merge_counts
from tests import sklearn_reference as sk
from tests.sklearn_reference import random_corpus as _random_corpus


@pytest.mark.parametrize("k1,b", [(1.5, 0.75), (1.2, 0.5), (2.0, 1.0)])
def test_bm25_equals_rank_bm25(k1, b):
    an = Analyzer()
    texts = _random_corpus()
    counts, vocab = count_matrix(texts, an)
    idx = LexicalIndex(counts, vocab, an, k1=k1, b=b)
    oracle = BM25Okapi([an(t) for t in texts], k1=k1, b=b)
    rng = np.random.default_rng(1)
    queries = ["budget pacing", "w1 w1 w2 cac", "w0", "roas ltv w5 w399 unknownterm"] + \
        [" ".join(rng.choice(vocab, 4)) for _ in range(20)]
    for q in queries:
        ids, cnt, _ = idx.query_terms(q)
        ours = idx.bm25_scores(ids, cnt)
        ref = oracle.get_scores(an(q))
        np.testing.assert_allclose(ours, ref, atol=1e-6, rtol=0)


def test_bm25_parity_on_fixture_kb(fixture_engine):
    e = fixture_engine
    an = e.index.analyzer
    oracle = BM25Okapi([an(c.index_text) for c in e.chunks], k1=e.config.bm25_k1, b=e.config.bm25_b)
    for q in ["typical ecommerce CAC", "geo-lift holdout", "KPI-NC-01", "creative fatigue frequency"]:
        ids, cnt, _ = e.index.query_terms(q)
        np.testing.assert_allclose(e.index.bm25_scores(ids, cnt), oracle.get_scores(an(q)), atol=1e-6)


def _recorded_corpus_index() -> LexicalIndex:
    """The index of the 120-text random corpus whose scikit-learn scores tests/sklearn_reference.py recorded."""
    an = Analyzer()
    counts, vocab = count_matrix(_random_corpus(120), an)
    return LexicalIndex(counts, vocab, an)


def test_tfidf_matches_scikit_learn_cosine():
    """scikit-learn's cosine TF-IDF scores (``TfidfVectorizer``), as tests/sklearn_reference.py recorded them."""
    idx = _recorded_corpus_index()
    for q in sk.TFIDF_QUERIES:
        ids, cnt, _ = idx.query_terms(q)
        np.testing.assert_allclose(idx.tfidf_scores(ids, cnt), sk.reference()["tfidf"][q], atol=1e-9)


def test_analyzer_stems_drops_stop_words_and_keeps_identifiers():
    an = Analyzer()
    toks = an("The planners are planning budgets for KPI-NC-01 and LTV:CAC at 1.5x")
    assert "the" not in toks and "are" not in toks
    assert "plan" in toks and "budget" in toks
    assert "kpi-nc-01" in toks and "ltv:cac" in toks and "ltv" in toks and "cac" in toks
    assert "1.5x" in toks or "1.5" in toks


def test_merge_counts_equals_refit():
    an = Analyzer()
    a, b = ["budget pacing alpha", "beta gamma"], ["pacing delta", "alpha omega omega"]
    m1, v1 = count_matrix(a, an)
    m2, v2 = count_matrix(b, an)
    merged, vocab = merge_counts([(m1, v1), (m2, v2)])
    full, fvocab = count_matrix(a + b, an)
    assert vocab == fvocab
    assert (merged != full).nnz == 0


def test_empty_corpus_is_an_error():
    an = Analyzer()
    with pytest.raises(ValueError):
        count_matrix(["the and of"], an)


def test_bm25_parity_holds_with_subword_ngrams():
    """Sub-word n-grams feed TF-IDF only: BM25 still equals rank_bm25 over the word terms."""
    an = Analyzer(subword_ngrams=4)
    texts = ["planning budgets for campaigns", "campaign planners plan media", "audience sizing methods",
             "media planning with audiences", "budget pacing rules"] * 3
    counts, vocab = count_matrix(texts, an)
    assert any(t.startswith("#") for t in vocab)
    idx = LexicalIndex(counts, vocab, an)
    oracle = BM25Okapi([an.words(t) for t in texts])
    for q in ["planning budget", "audiences media", "campaigning"]:
        ids, cnt, _ = idx.query_terms(q)
        np.testing.assert_allclose(idx.bm25_scores(ids, cnt), oracle.get_scores(an.words(q)), atol=1e-6)
    ids, cnt, _ = idx.query_terms("campaigning")
    assert idx.tfidf_scores(ids, cnt).max() > 0  # sub-words still match a morphological variant


def test_stop_words_equal_scikit_learns():
    from rag.analyzer import ENGLISH_STOP_WORDS as ours

    assert sorted(ours) == sk.reference()["stop_words"]


def test_count_matrix_equals_countvectorizer():
    from rag.analyzer import get_analyzer

    ours, vocab = count_matrix(list(sk.COUNT_TEXTS), get_analyzer())
    want = sk.reference()["count"]
    assert vocab == want["vocab"] and ours.toarray().tolist() == want["matrix"]


@pytest.mark.slow  # imports scikit-learn (~0.7 s of CPU); the fast tests above compare with what it recorded
def test_recorded_reference_is_what_scikit_learn_computes():
    """The values in tests/fixtures/sklearn_reference.json are scikit-learn's own for today's inputs (a stale
    file only costs the fast tests the live computation; rewrite it with ``python -m tests.sklearn_reference``)."""
    live, kept = sk.computed(), sk.recorded_file()
    assert kept["inputs"] == live["inputs"] and kept["stop_words"] == live["stop_words"]
    assert kept["count"] == live["count"]
    for family in ("tfidf", "pivot"):
        assert kept[family].keys() == live[family].keys()
        for key, values in live[family].items():
            np.testing.assert_allclose(kept[family][key], values, atol=1e-12)


@pytest.mark.parametrize("slope", sk.PIVOT_SLOPES)
def test_pivoted_tfidf_matches_its_definition(slope):
    """q̂ · d / ((1 − s)·mean|d| + s·|d|) over scikit-learn's unnormalised TF-IDF vectors (recorded,
    tests/sklearn_reference.py)."""
    idx = _recorded_corpus_index()
    for q in sk.PIVOT_QUERIES:
        ids, cnt, _ = idx.query_terms(q)
        np.testing.assert_allclose(idx.tfidf_scores(ids, cnt, pivot=slope), sk.reference()["pivot"][sk.pivot_key(slope, q)],
                                   atol=1e-9)
    np.testing.assert_allclose(idx.tfidf_scores(ids, cnt, pivot=1.0), idx.tfidf_scores(ids, cnt), atol=0)


def test_pivot_tilts_the_cosine_towards_longer_chunks():
    """A short and a long chunk each hold the query word once: the cosine prefers the short one by
    far more than the pivoted score does; the slope only rescales chunks, the weights stay cosine."""
    an = Analyzer()
    filler = " ".join(f"w{i}" for i in range(60))
    texts = ["budget pacing w1", f"budget {filler}"] + [f"w{i} w{i + 1} roas" for i in range(40)]
    counts, vocab = count_matrix(texts, an)
    idx = LexicalIndex(counts, vocab, an)
    ids, cnt, _ = idx.query_terms("budget")
    cos, piv = idx.tfidf_scores(ids, cnt), idx.tfidf_scores(ids, cnt, pivot=0.25)
    assert cos[0] / cos[1] > piv[0] / piv[1] > 1
    rows = np.arange(len(texts))
    assert np.allclose(np.sqrt(idx.tfidf_rows(rows).multiply(idx.tfidf_rows(rows)).sum(axis=1)), 1.0)
    with pytest.raises(ValueError):
        idx.tfidf_scores(ids, cnt, pivot=1.5)


def test_stem_prefix_view_rescores_word_candidates_only():
    """``subword_prefix``: each alphabetic stem also yields its first p letters as a TF-IDF-only term.
    It lifts a chunk sharing a word *and* a morphological relative of another query word, never adds
    a chunk holding no query word, leaves BM25 (rank_bm25 parity) and the unknown-term list alone."""
    an = Analyzer(subword_prefix=4)
    assert an("vaccination 2024") == ["vaccin", "2024", "#vacc*"]  # numbers get no prefix
    texts = ["orbital nutrition trial", "orbital nutrients schedule", "nutrients cohorts only",
             "orbital debris survey"] + [f"filler{i} topic{i}" for i in range(12)]
    counts, vocab = count_matrix(texts, an)
    idx = LexicalIndex(counts, vocab, an)
    ids, cnt, unknown = idx.query_terms("orbital nutritional zzzqx")
    assert unknown == ["zzzqx"]  # the unknown word's prefix is not a second missing term
    assert idx.prefix_cols[ids[-1]] and not idx.prefix_cols[ids[0]]  # prefix terms come last
    docs, tf, bm, _, _ = idx.candidates(ids, cnt)
    assert 2 not in docs.tolist()  # "nutrients cohorts" shares only a prefix: not a candidate
    tfd = dict(zip(docs.tolist(), tf))
    assert tfd[1] > tfd[3]  # "nutrients" relates to "nutritional" through the prefix; "debris" does not
    oracle = BM25Okapi([an.words(t) for t in texts])
    np.testing.assert_allclose(idx.bm25_scores(ids, cnt), oracle.get_scores(an.words("orbital nutritional zzzqx")),
                               atol=1e-6)


def test_prefix_view_off_keeps_the_index_hash():
    from rag.config import RagConfig

    assert RagConfig().index_hash() == RagConfig(subword_prefix=0).index_hash() != RagConfig(subword_prefix=4).index_hash()

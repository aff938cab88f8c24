"""TF-IDF and BM25 over one sparse count matrix.

Both retrievers share the analyzer's term counts (``counts``: chunks × terms, CSR). TF-IDF is
scikit-learn's ``TfidfTransformer`` (sublinear tf, smooth idf, l2 rows). BM25 Okapi is
precomputed as one sparse weight matrix ``W[d, t] = idf(t)·tf·(k1+1) / (tf + k1·(1−b+b·|d|/avgdl))``
with rank_bm25's idf (including its epsilon floor for negative idfs), so a query is a sparse
column slice times the query's term counts — no per-document Python loop. Scores equal
``rank_bm25.BM25Okapi.get_scores`` on the same tokens (tests check 1e-6); rank_bm25 is the
parity oracle, not the engine, because it loops over documents in Python per query.

Counts — not weights — are what gets persisted: every statistic is refitted from them on load
and after an incremental update, so global statistics never go stale.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import scipy.sparse as sp
from sklearn.feature_extraction.text import CountVectorizer, TfidfTransformer

from rag.analyzer import Analyzer, is_subword


def count_matrix(texts: list[str], analyzer: Analyzer) -> tuple[sp.csr_matrix, list[str]]:
    """Fit a vocabulary and term-count matrix with scikit-learn's CountVectorizer."""
    vec = CountVectorizer(analyzer=analyzer, dtype=np.int32)
    counts = vec.fit_transform(texts).tocsr()
    vocab = vec.get_feature_names_out().tolist()
    return counts, vocab


def merge_counts(parts: list[tuple[sp.csr_matrix, list[str]]]) -> tuple[sp.csr_matrix, list[str]]:
    """Stack count matrices with different vocabularies (row order preserved), dropping terms
    that no longer occur anywhere. Used by the incremental rebuild."""
    union = sorted({t for m, vocab in parts for t, df in zip(vocab, _df(m)) if df > 0})
    pos = {t: i for i, t in enumerate(union)}
    blocks = []
    for m, vocab in parts:
        if m.shape[0] == 0:
            continue
        remap = np.array([pos.get(t, -1) for t in vocab], dtype=np.int64)
        coo = m.tocoo()
        keep = remap[coo.col] >= 0
        blocks.append(sp.csr_matrix(
            (coo.data[keep], (coo.row[keep], remap[coo.col[keep]])), shape=(m.shape[0], len(union)), dtype=np.int32))
    counts = sp.vstack(blocks, format="csr") if blocks else sp.csr_matrix((0, len(union)), dtype=np.int32)
    counts.sort_indices()
    return counts, union


def _df(m: sp.csr_matrix) -> np.ndarray:
    return np.bincount(m.indices, minlength=m.shape[1]) if m.nnz else np.zeros(m.shape[1], dtype=np.int64)


class LexicalIndex:
    """Fitted TF-IDF + BM25 weights over a count matrix."""

    def __init__(self, counts: sp.csr_matrix, vocab: list[str], analyzer: Analyzer,
                 k1: float = 1.5, b: float = 0.75, epsilon: float = 0.25):
        if counts.shape[0] == 0 or counts.shape[1] == 0:
            raise ValueError("cannot index an empty corpus: no chunk produced any term")
        self.counts = counts.tocsr()
        self.vocab = vocab
        self.term_id = {t: i for i, t in enumerate(vocab)}
        self.analyzer = analyzer
        self.k1, self.b, self.epsilon = k1, b, epsilon
        self.n_docs = counts.shape[0]
        self._fit()

    # ----------------------------------------------------------------- fitting
    def _fit(self) -> None:
        counts = self.counts
        tfidf = TfidfTransformer(sublinear_tf=True, smooth_idf=True, norm="l2")
        self.tfidf_matrix = tfidf.fit_transform(counts.astype(np.float64)).tocsc()
        self.tfidf_idf = tfidf.idf_

        n = self.n_docs
        # BM25 sees word terms only; sub-word n-gram columns (if any) get zero weight
        self.word_cols = np.array([not is_subword(t) for t in self.vocab], dtype=bool)
        df = _df(counts)
        raw = np.log(n - df + 0.5) - np.log(df + 0.5)  # rank_bm25.BM25Okapi._calc_idf
        eps = self.epsilon * raw[self.word_cols].mean()  # its floor for negative idfs
        self.bm25_idf = np.where(self.word_cols, np.where(raw < 0, eps, raw), 0.0)
        idf = self.bm25_idf
        rows = np.repeat(np.arange(n), np.diff(counts.indptr))
        tf = counts.data.astype(np.float64)
        doc_len = np.bincount(rows, weights=tf * self.word_cols[counts.indices], minlength=n)
        self.doc_len = doc_len
        avgdl = doc_len.mean()
        denom = tf + self.k1 * (1.0 - self.b + self.b * doc_len[rows] / avgdl)
        data = idf[counts.indices] * tf * (self.k1 + 1.0) / denom
        self.bm25_matrix = sp.csr_matrix((data, counts.indices, counts.indptr), shape=counts.shape).tocsc()

    # ----------------------------------------------------------------- querying
    def query_terms(self, query: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
        """(term ids, counts) of the query's in-vocabulary terms, and the unknown terms."""
        toks = self.analyzer(query)
        c = Counter(toks)
        known = [(self.term_id[t], n) for t, n in c.items() if t in self.term_id]
        unknown = [t for t in c if t not in self.term_id]
        if not known:
            return np.zeros(0, dtype=np.int64), np.zeros(0), unknown
        ids, cnt = zip(*known)
        return np.asarray(ids, dtype=np.int64), np.asarray(cnt, dtype=np.float64), unknown

    def tfidf_scores(self, ids: np.ndarray, cnt: np.ndarray) -> np.ndarray:
        """Cosine similarity between the query's sublinear TF-IDF vector and every chunk."""
        if len(ids) == 0:
            return np.zeros(self.n_docs)
        w = (1.0 + np.log(cnt)) * self.tfidf_idf[ids]
        w /= np.linalg.norm(w)
        return self.tfidf_matrix[:, ids] @ w

    def bm25_scores(self, ids: np.ndarray, cnt: np.ndarray) -> np.ndarray:
        """BM25 Okapi: repeated query terms count once per occurrence, as in rank_bm25."""
        if len(ids) == 0:
            return np.zeros(self.n_docs)
        return self.bm25_matrix[:, ids] @ cnt

    def coverage(self, ids: np.ndarray, rows: np.ndarray, n_unknown: int = 0) -> np.ndarray:
        """IDF-weighted share of the query's distinct terms present in each of ``rows`` —
        an absolute (not rank-relative) match strength used for abstention. Terms the KB
        never uses count against coverage with the highest possible idf."""
        ids = ids[self.word_cols[ids]]
        if len(ids) == 0 or len(rows) == 0:
            return np.zeros(len(rows))
        present = (self.counts[rows][:, ids] > 0).toarray().astype(np.float64)
        w = self.tfidf_idf[ids]
        unknown_w = n_unknown * (np.log(self.n_docs + 1.0) + 1.0)
        return present @ w / (w.sum() + unknown_w)

    def tfidf_rows(self, rows: np.ndarray) -> sp.csr_matrix:
        """L2-normalised TF-IDF vectors of chunks ``rows`` (for MMR cosine)."""
        return self._tfidf_csr()[rows]

    def _tfidf_csr(self) -> sp.csr_matrix:
        if not hasattr(self, "_csr_cache"):
            self._csr_cache = self.tfidf_matrix.tocsr()
        return self._csr_cache

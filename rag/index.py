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
        """Both weightings straight on the count matrix's CSC arrays (one shared sparsity
        pattern: ``_ptr``/``_rows`` per term, ``_tf``/``_bm`` weights per posting), so a query
        reads each of its terms' postings once, with no scipy indexing on the query path."""
        counts = self.counts
        n = self.n_docs
        self.word_cols = np.array([not is_subword(t) for t in self.vocab], dtype=bool)
        csc = counts.tocsc()
        csc.sort_indices()
        self._ptr = csc.indptr.astype(np.int64)
        self._rows = csc.indices.astype(np.int32)
        tf = csc.data.astype(np.float64)
        cols = np.repeat(np.arange(counts.shape[1]), np.diff(self._ptr))
        df = np.diff(self._ptr).astype(np.float64)
        # TF-IDF as scikit-learn's TfidfTransformer(sublinear_tf, smooth_idf, norm="l2")
        self.tfidf_idf = np.log((1.0 + n) / (1.0 + df)) + 1.0
        w = (1.0 + np.log(tf)) * self.tfidf_idf[cols]
        norms = np.sqrt(np.bincount(self._rows, weights=w * w, minlength=n))
        self._tf = w / np.where(norms > 0, norms, 1.0)[self._rows]
        # BM25 Okapi as rank_bm25.BM25Okapi, on word terms only
        raw = np.log(n - df + 0.5) - np.log(df + 0.5)  # rank_bm25.BM25Okapi._calc_idf
        eps = self.epsilon * raw[self.word_cols].mean()  # its floor for negative idfs
        self.bm25_idf = np.where(self.word_cols, np.where(raw < 0, eps, raw), 0.0)
        self.doc_len = np.bincount(self._rows, weights=tf * self.word_cols[cols], minlength=n)
        avgdl = self.doc_len.mean()
        denom = tf + self.k1 * (1.0 - self.b + self.b * self.doc_len[self._rows] / avgdl)
        self._bm = self.bm25_idf[cols] * tf * (self.k1 + 1.0) / denom

    @property
    def tfidf_matrix(self) -> sp.csc_matrix:
        return sp.csc_matrix((self._tf, self._rows, self._ptr), shape=self.counts.shape)

    @property
    def bm25_matrix(self) -> sp.csc_matrix:
        return sp.csc_matrix((self._bm, self._rows, self._ptr), shape=self.counts.shape)

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

    def candidates(self, ids: np.ndarray, cnt: np.ndarray, tfidf: bool = True, bm25: bool = True,
                   n_unknown: int = 0) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None, np.ndarray,
                                                np.ndarray | None]:
        """Every chunk holding a query term, ascending, with its TF-IDF cosine, BM25 score,
        coverage (see :meth:`coverage`) and which query terms it holds (bit ``i`` for ``ids[i]``;
        None past 52 terms) — arrays over those chunks only, never over the corpus: the query
        path's cost follows the query terms' postings, not the KB size."""
        ptr, rows = self._ptr, self._rows
        if len(ids) == 0:
            z = np.zeros(0)
            return np.zeros(0, dtype=np.int64), z if tfidf else None, z if bm25 else None, z, z.astype(np.int64)
        if len(ids) == 1:
            a, b = ptr[ids[0]], ptr[ids[0] + 1]
            sl = slice(a, b)
            docs, inv, lens = rows[sl], None, None
            parts = [sl]
        else:
            parts = [slice(ptr[t], ptr[t + 1]) for t in ids.tolist()]
            lens = np.array([p.stop - p.start for p in parts])
            docs, inv = np.unique(np.concatenate([rows[p] for p in parts]), return_inverse=True)

        def acc(data: np.ndarray, qw: np.ndarray) -> np.ndarray:
            if inv is None:
                return data[parts[0]] * qw[0]
            return np.bincount(inv, weights=np.concatenate([data[p] for p in parts]) * np.repeat(qw, lens),
                               minlength=len(docs))

        tf = bm = None
        if tfidf:
            w = (1.0 + np.log(cnt)) * self.tfidf_idf[ids]
            tf = acc(self._tf, w / np.linalg.norm(w))
        if bm25:
            bm = acc(self._bm, cnt)
        word = self.word_cols[ids]
        cw = np.where(word, self.tfidf_idf[ids], 0.0)
        denom = cw.sum() + n_unknown * (np.log(self.n_docs + 1.0) + 1.0)
        if denom <= 0:
            cov = np.zeros(len(docs))
        elif inv is None:
            cov = np.full(len(docs), cw[0] / denom)
        else:
            cov = np.bincount(inv, weights=np.repeat(cw / denom, lens), minlength=len(docs))
        if inv is None:
            bits = np.ones(len(docs), dtype=np.int64)
        elif len(ids) <= 52:  # exact in float64
            bits = np.bincount(inv, weights=np.repeat(2.0 ** np.arange(len(ids)), lens),
                               minlength=len(docs)).astype(np.int64)
        else:
            bits = None
        return docs.astype(np.int64), tf, bm, cov, bits

    def holds(self, term: int, rows: np.ndarray) -> np.ndarray:
        """Which of ``rows`` hold ``term`` (binary search in its sorted postings)."""
        seg = self._rows[self._ptr[term]:self._ptr[term + 1]]
        if len(seg) == 0:
            return np.zeros(len(rows), dtype=bool)
        pos = np.minimum(np.searchsorted(seg, rows), len(seg) - 1)
        return seg[pos] == rows

    def tfidf_scores(self, ids: np.ndarray, cnt: np.ndarray) -> np.ndarray:
        """Cosine similarity between the query's sublinear TF-IDF vector and every chunk."""
        if len(ids) == 0:
            return np.zeros(self.n_docs)
        docs, tf, _, _, _ = self.candidates(ids, cnt, bm25=False)
        out = np.zeros(self.n_docs)
        out[docs] = tf
        return out

    def bm25_scores(self, ids: np.ndarray, cnt: np.ndarray) -> np.ndarray:
        """BM25 Okapi: repeated query terms count once per occurrence, as in rank_bm25."""
        if len(ids) == 0:
            return np.zeros(self.n_docs)
        docs, _, bm, _, _ = self.candidates(ids, cnt, tfidf=False)
        out = np.zeros(self.n_docs)
        out[docs] = bm
        return out

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
            self._csr_cache.sort_indices()
        return self._csr_cache

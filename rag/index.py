"""TF-IDF and BM25 over one sparse count matrix, held per term.

Both retrievers share the analyzer's term counts. TF-IDF is what scikit-learn's
``TfidfTransformer`` computes (sublinear tf, smooth idf, l2 rows); with a ``pivot`` slope s < 1 a
chunk's score is divided by its *pivoted* norm ``(1 − s)·mean(norm) + s·norm`` instead of its own
norm (Singhal, Buckley & Mitra 1996, "pivoted document length normalization"): the cosine's bias
towards short chunks is tilted back towards long ones. It is a per-chunk rescaling of the cosine
(``norm / pivoted norm``), applied to the candidates of a query, so the slope is a search-time knob
and the kept posting weights stay cosine weights. BM25 Okapi weighs a posting
``W[d, t] = idf(t)·tf·(k1+1) / (tf + k1·(1−b+b·|d|/avgdl))`` with rank_bm25's idf (including its
epsilon floor for negative idfs), so a query sums its terms' posting weights — no per-document
Python loop. Scores equal ``rank_bm25.BM25Okapi.get_scores`` on the same tokens (tests check
1e-6); rank_bm25 is the parity oracle, not the engine, because it loops over documents in
Python per query.

Counts are what gets persisted, with two per-chunk statistics (TF-IDF norm, length) so that a
load needs no pass over the postings; an incremental update refits everything from the merged
counts, so global statistics never go stale.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import scipy.sparse as sp

from rag.analyzer import Analyzer, is_prefix, is_subword
from rag.joins import Joins
from rag.queryforms import Compounds, Spellings
from rag.queryread import QueryReader


_POW2 = 2.0 ** np.arange(53)  # a query term's bit, as a float that bincount sums exactly


def count_matrix(texts: list[str], analyzer: Analyzer) -> tuple[sp.csr_matrix, list[str]]:
    """Vocabulary (sorted) and term-count matrix (CSR, int32) — what scikit-learn's
    CountVectorizer gives, without importing scikit-learn (seconds of import time)."""
    term_id: dict[str, int] = {}
    indptr, indices, data = [0], [], []
    for text in texts:
        c = Counter(analyzer(text))
        indices.extend(term_id.setdefault(t, len(term_id)) for t in c)
        data.extend(c.values())
        indptr.append(len(indices))
    if not term_id:
        raise ValueError("empty vocabulary: every text holds only stop words or punctuation")
    vocab = sorted(term_id)
    remap = np.empty(len(vocab), dtype=np.int32)
    remap[[term_id[t] for t in vocab]] = np.arange(len(vocab), dtype=np.int32)
    counts = sp.csr_matrix((np.asarray(data, dtype=np.int32), remap[np.asarray(indices, dtype=np.int64)],
                            np.asarray(indptr, dtype=np.int64)), shape=(len(texts), len(vocab)))
    counts.sort_indices()
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
    """TF-IDF + BM25 over term counts held column-wise (per term: the chunks holding it and
    how often). Per-chunk statistics (TF-IDF norm, length) are fitted once; a term's posting
    weights are computed on its first query and kept, so loading an index costs no pass over
    the postings. The arithmetic is the same, operation for operation, as weighting the whole
    matrix at once."""

    def __init__(self, counts: sp.spmatrix | None, vocab: list[str], analyzer: Analyzer,
                 k1: float = 1.5, b: float = 0.75, epsilon: float = 0.25, *, columns=None, stats=None):
        """``counts`` (chunks × terms), or ``columns=(ptr, rows, counts, n_docs)`` as stored on
        disk; ``stats=(norm, doc_len)`` skips the fit (persisted with the columns)."""
        if columns is None:
            csc = sp.csc_matrix(counts)
            csc.sort_indices()
            columns = (csc.indptr.astype(np.int64), csc.indices.astype(np.int32), csc.data, csc.shape[0])
        self._ptr, self._rows, self._cnt, self.n_docs = columns
        if self.n_docs == 0 or len(vocab) == 0:
            raise ValueError("cannot index an empty corpus: no chunk produced any term")
        if len(self._ptr) != len(vocab) + 1:
            raise ValueError("term columns do not match the vocabulary")
        self.vocab = vocab
        self.term_id = {t: i for i, t in enumerate(vocab)}
        self.analyzer = analyzer
        self._reader: QueryReader | None = None  # built on the first query (the KB's compounds, spellings, joins)
        self.k1, self.b, self.epsilon = k1, b, epsilon
        self._weights: dict[int, tuple] = {}
        self._pivot_scale: dict[float, np.ndarray] = {}
        self._fit(stats)

    @property
    def shape(self) -> tuple[int, int]:
        return self.n_docs, len(self.vocab)

    @property
    def counts(self) -> sp.csr_matrix:
        """The count matrix, row-wise (built on demand: incremental updates and old callers)."""
        if not hasattr(self, "_csr"):
            self._csr = sp.csc_matrix((self._cnt, self._rows, self._ptr), shape=self.shape).tocsr()
            self._csr.sort_indices()
        return self._csr

    def stats(self) -> tuple[np.ndarray, np.ndarray]:
        """(TF-IDF norm, BM25 length) per chunk: what :meth:`__init__` needs besides the columns."""
        return self.norm, self.doc_len

    # ----------------------------------------------------------------- fitting
    def _fit(self, stats) -> None:
        n = self.n_docs
        self.word_cols = np.array([not is_subword(t) for t in self.vocab], dtype=bool)
        self.prefix_cols = np.array([is_prefix(t) for t in self.vocab], dtype=bool)
        self.has_prefix = bool(self.prefix_cols.any())
        df = np.diff(self._ptr).astype(np.float64)
        # TF-IDF as scikit-learn's TfidfTransformer(sublinear_tf, smooth_idf, norm="l2")
        self.tfidf_idf = np.log((1.0 + n) / (1.0 + df)) + 1.0
        # BM25 Okapi as rank_bm25.BM25Okapi, on word terms only
        raw = np.log(n - df + 0.5) - np.log(df + 0.5)  # rank_bm25.BM25Okapi._calc_idf
        eps = self.epsilon * raw[self.word_cols].mean()  # its floor for negative idfs
        self.bm25_idf = np.where(self.word_cols, np.where(raw < 0, eps, raw), 0.0)
        if stats is None:
            tf = self._cnt.astype(np.float64)
            w = (1.0 + np.log(tf)) * np.repeat(self.tfidf_idf, np.diff(self._ptr))
            self.norm = np.sqrt(np.bincount(self._rows, weights=w * w, minlength=n))
            word = np.repeat(self.word_cols, np.diff(self._ptr))
            self.doc_len = np.bincount(self._rows, weights=tf * word, minlength=n)
        else:
            self.norm, self.doc_len = (np.asarray(a, dtype=np.float64) for a in stats)
            if len(self.norm) != n or len(self.doc_len) != n:
                raise ValueError("per-chunk statistics do not match the number of chunks")
        avgdl = self.doc_len.mean()
        self._k = self.k1 * (1.0 - self.b + self.b * self.doc_len / avgdl)
        self._safe_norm = np.where(self.norm > 0, self.norm, 1.0)
        # per query constants of coverage, fitted once: a term's weight, and an unknown word's
        self._cov_w = np.where(self.word_cols, self.tfidf_idf, 0.0)
        self._unknown_w = np.log(self.n_docs + 1.0) + 1.0

    def postings(self, t: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(chunks, TF-IDF weights, BM25 weights) of term ``t`` (computed once, then kept)."""
        hit = self._weights.get(t)
        if hit is None:
            a, b = self._ptr[t], self._ptr[t + 1]
            rows = self._rows[a:b]
            tf = self._cnt[a:b].astype(np.float64)
            tfw = (1.0 + np.log(tf)) * self.tfidf_idf[t] / self._safe_norm[rows]
            bmw = self.bm25_idf[t] * tf * (self.k1 + 1.0) / (tf + self._k[rows])
            hit = self._weights[t] = (rows, tfw, bmw)
        return hit

    def pivot_scale(self, slope: float) -> np.ndarray | None:
        """Per chunk, cosine → pivoted TF-IDF score: ``norm / ((1 − s)·mean(norm) + s·norm)``
        (None for s = 1: the cosine itself). Chunks without terms keep 1; kept per slope."""
        if slope == 1.0:
            return None
        if not 0.0 < slope < 1.0:
            raise ValueError("the TF-IDF pivot slope must be in (0, 1]")
        hit = self._pivot_scale.get(slope)
        if hit is None:
            held = self.norm > 0
            mean = self.norm[held].mean() if held.any() else 1.0
            hit = self._pivot_scale[slope] = np.where(held, self.norm / ((1.0 - slope) * mean + slope * self.norm), 1.0)
        return hit

    def _matrix(self, which: int) -> sp.csc_matrix:
        data = np.concatenate([self.postings(t)[which] for t in range(len(self.vocab))])
        return sp.csc_matrix((data, self._rows, self._ptr), shape=self.shape)

    @property
    def tfidf_matrix(self) -> sp.csc_matrix:
        return self._matrix(1)

    @property
    def bm25_matrix(self) -> sp.csc_matrix:
        return self._matrix(2)

    # ----------------------------------------------------------------- querying
    def query_terms(self, query: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
        """(term ids, counts) of the query's in-vocabulary terms, and the unknown terms. The query is
        read as the KB writes it first (:func:`rag.queryforms.query_text`: contractions, hidden and closed compounds)."""
        reader = self._reader
        if reader is None:  # assigned last and whole: a concurrent first query builds its own, never half of one
            idf = self.tfidf_idf
            compounds = Compounds(self.vocab, self.analyzer, lambda t: idf[self.term_id[t]] if t in self.term_id else 0.0)
            reader = self._reader = QueryReader(self.analyzer, compounds, Spellings(self.term_id, self.analyzer),
                                                Joins(self.term_id, self.analyzer))
        c = Counter(reader.terms(query))  # = analyzer(query_text(query, ...)), read once per segment
        get = self.term_id.get
        ids, cnt, unknown = [], [], []
        for t, n in c.items():
            i = get(t)
            if i is None:
                if not (self.has_prefix and is_prefix(t)):  # a prefix no chunk shares is no missing word
                    unknown.append(t)
            else:
                ids.append(i)
                cnt.append(n)
        ids, cnt = np.array(ids, dtype=np.int64), np.array(cnt, dtype=np.float64)
        if self.has_prefix and len(ids):  # stem-prefix terms last (see candidates)
            order = np.argsort(self.prefix_cols[ids], kind="stable")
            ids, cnt = ids[order], cnt[order]
        return ids, cnt, unknown

    def candidates(self, ids: np.ndarray, cnt: np.ndarray, tfidf: bool = True, bm25: bool = True,
                   n_unknown: int = 0, pivot: float = 1.0) -> tuple[np.ndarray, np.ndarray | None,
                                                                   np.ndarray | None, np.ndarray, np.ndarray | None]:
        """Every chunk holding a query term, ascending, with its TF-IDF score (cosine, or pivoted
        with slope ``pivot`` < 1), BM25 score, coverage (see :meth:`coverage`) and which query
        terms it holds (bit ``i`` for ``ids[i]``; None past 52 terms) — arrays over those chunks
        only, never over the corpus: the query path's cost follows the query terms' postings, not
        the KB size.

        Stem-prefix terms (``subword_prefix``; :meth:`query_terms` puts them last) re-score the
        candidates of the word terms and never add candidates: a binary search per prefix term in
        its postings instead of a pass over them (a prefix's postings are long). Term bits cover
        the word terms only."""
        if len(ids) == 0:
            z = np.zeros(0)
            return np.zeros(0, dtype=np.int64), z if tfidf else None, z if bm25 else None, z, z.astype(np.int64)
        # every array call below is one per query, not per term or chunk: at a few hundred candidates their
        # fixed cost is the query's cost (methods, not the np.* wrappers; constants fitted once)
        qw_all = (1.0 + np.log(cnt)) * self.tfidf_idf[ids] if tfidf else None
        n_word = len(ids)
        if self.has_prefix:
            n_word = int(np.count_nonzero(~self.prefix_cols[ids])) or len(ids)  # only prefixes: they are the terms
        rest = ids[n_word:]
        if len(rest):
            ids, cnt = ids[:n_word], cnt[:n_word]
        posts = [self.postings(t) for t in ids.tolist()]
        if len(posts) == 1:
            docs, inv, lens = posts[0][0], None, None
        else:
            lens = np.array([len(p[0]) for p in posts])
            cat = np.concatenate([p[0] for p in posts])
            if self.n_docs <= 32 * len(cat) + 8192:  # a pass over the corpus is cheaper than a sort
                held = np.zeros(self.n_docs, dtype=bool)  # one byte a chunk, one pass: the scan for the union
                held[cat] = True
                docs = held.nonzero()[0]
                at = np.empty(self.n_docs, dtype=np.intp)  # a candidate's position, written for candidates only
                at[docs] = np.arange(len(docs))
                inv = at[cat]
            else:
                docs, inv = np.unique(cat, return_inverse=True)

        def acc(which: int, qw: np.ndarray) -> np.ndarray:
            if inv is None:
                return posts[0][which] * qw[0]
            return np.bincount(inv, weights=np.concatenate([p[which] for p in posts]) * qw.repeat(lens),
                               minlength=len(docs))

        tf = bm = None
        if tfidf:
            qn = np.sqrt(qw_all.dot(qw_all))  # np.linalg.norm of a real vector, without its dispatch
            tf = acc(1, qw_all[:n_word] / qn)
            scale = self.pivot_scale(pivot)
            if scale is not None:
                tf = tf * scale[docs]
        if bm25:
            bm = acc(2, cnt)
        if tfidf and len(rest):
            add = np.zeros(len(docs))
            for t, qw in zip(rest.tolist(), (qw_all[n_word:] / qn).tolist()):
                rows, tfw, _ = self.postings(t)
                pos = np.minimum(np.searchsorted(rows, docs), len(rows) - 1)
                hit = rows[pos] == docs
                add[hit] += tfw[pos[hit]] * qw
            tf += add if scale is None else add * scale[docs]
        cw = self._cov_w[ids]
        denom = np.add.reduce(cw) + n_unknown * self._unknown_w  # cw.sum() without its Python wrapper
        if denom <= 0:
            cov = np.zeros(len(docs))
        elif inv is None:
            cov = np.full(len(docs), cw[0] / denom)
        else:
            cov = np.bincount(inv, weights=(cw / denom).repeat(lens), minlength=len(docs))
        if inv is None:
            bits = np.ones(len(docs), dtype=np.int64)
        elif len(ids) <= 52:  # exact in float64
            bits = np.bincount(inv, weights=_POW2[:len(ids)].repeat(lens), minlength=len(docs)).astype(np.int64)
        else:
            bits = None
        return docs.astype(np.int64, copy=False), tf, bm, cov, bits

    def holds(self, term: int, rows: np.ndarray) -> np.ndarray:
        """Which of ``rows`` hold ``term`` (binary search in its sorted postings)."""
        seg = self._rows[self._ptr[term]:self._ptr[term + 1]]
        if len(seg) == 0:
            return np.zeros(len(rows), dtype=bool)
        pos = np.minimum(np.searchsorted(seg, rows), len(seg) - 1)
        return seg[pos] == rows

    def tfidf_scores(self, ids: np.ndarray, cnt: np.ndarray, pivot: float = 1.0) -> np.ndarray:
        """Cosine similarity between the query's sublinear TF-IDF vector and every chunk (pivoted
        with slope ``pivot`` < 1: see the module docstring)."""
        if len(ids) == 0:
            return np.zeros(self.n_docs)
        docs, tf, _, _, _ = self.candidates(ids, cnt, bm25=False, pivot=pivot)
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
        """:attr:`tfidf_matrix` row-wise, made once. Its weights are computed here over all postings in one
        pass, by :meth:`postings`' own expression (the same operations on the same numbers, element by element):
        asking :meth:`postings` term by term was a Python loop over the whole vocabulary for every engine."""
        if not hasattr(self, "_csr_cache"):
            tf = self._cnt.astype(np.float64)
            cols = np.repeat(np.arange(len(self.vocab)), np.diff(self._ptr))
            data = (1.0 + np.log(tf)) * self.tfidf_idf[cols] / self._safe_norm[self._rows]
            self._csr_cache = sp.csc_matrix((data, self._rows, self._ptr), shape=self.shape).tocsr()
            self._csr_cache.sort_indices()
        return self._csr_cache

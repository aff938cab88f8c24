"""The query path: candidate arrays in, the top k result objects out.

Why it looks like this: a query costs what its terms' postings cost, not what the KB costs.
:meth:`rag.index.LexicalIndex.candidates` returns the chunks that hold a query term with their
TF-IDF, BM25 and coverage as arrays over those chunks only; pools, fusion and ordering are numpy
over the candidates (``argpartition``, ``lexsort``); the phrase boost looks at chunk text only
for the few candidates that can still reach the top (a threshold walk in upper-bound order);
:class:`SearchResult` objects are made for the returned k only. The ranking equals the one the
dict-based :mod:`rag.fusion` functions give (tests check it).
"""
from __future__ import annotations

import heapq
import re

import numpy as np

from rag.config import IDENTIFIER_MIN_BM25, INTENT_PRESETS
from rag.types import ResultList, SearchResult

_MIN, _MAX = np.minimum.reduce, np.maximum.reduce
_QUOTED = re.compile(r"[\"“]([^\"”]{2,})[\"”]")


def top(scores: np.ndarray, n: int) -> np.ndarray:
    """Positions of the ``n`` highest positive scores, best first (ties: lower position first)."""
    pos = (scores > 0).nonzero()[0]  # array methods, not the np.* wrappers: this runs on every query
    neg = -scores[pos]  # gathered and negated once
    if len(pos) > n:
        # every score as good as the n-th, ties at the cut included: argpartition keeps an arbitrary few of the tied
        # (whatever its selection algorithm met first — a numpy version or CPU may differ), so the cut is made after
        # the ordering, where a tie breaks by position
        keep = (neg <= neg[neg.argpartition(n - 1)[n - 1]]).nonzero()[0]
        pos, neg = pos[keep], neg[keep]
    return pos[np.lexsort((pos, neg))[:n]]


def minmax(x: np.ndarray, best_first: bool = False) -> np.ndarray:
    """:func:`rag.fusion.minmax` on an array; ``best_first``: ``x`` is sorted descending (what :func:`top`
    gives), so its ends are its extremes. Reductions are the ufuncs' own (``x.min()`` is a Python wrapper
    around ``np.minimum.reduce``: the same value, at a few hundred candidates a third of the cost)."""
    if len(x) == 0:
        return x
    lo, hi = (x[-1], x[0]) if best_first else (_MIN(x), _MAX(x))
    if hi > lo:
        return (x - lo) / (hi - lo)
    return np.full(len(x), 1.0 if hi > 0 else 0.0)


def boost(score: np.ndarray, factor: np.ndarray | float) -> np.ndarray:
    """:func:`rag.fusion.apply_boost` on arrays: odds × factor, clipped to [0, 1]. ``factor``: per score,
    or one float for all (the phrase boost when no domain boost applied: no per-score test)."""
    s = score.clip(0.0, 1.0)
    if isinstance(factor, float) and factor == 1.0:
        return s
    sf = s * factor
    if isinstance(factor, float):
        return sf / (sf + 1.0 - s)
    return np.where(factor == 1.0, s, sf / (sf + 1.0 - s))  # s = 0 → 0 and s = 1 → 1 exactly


def phrases_of(query: str) -> list[str]:
    """A quoted phrase of the query, else the whole multi-word query (lower-cased)."""
    phrases = [p.lower() for p in _QUOTED.findall(query)]
    whole = " ".join(query.lower().split())
    if not phrases and len(whole.split()) >= 2:
        phrases = [whole]
    return phrases


def plan(engine, query: str, method: str | None, mode: str | None):
    """(method, tfidf weight, bm25 weight, pool, use_mmr, intent) for this query and mode."""
    cfg = engine.config
    tw, bw, pool = cfg.tfidf_weight, cfg.bm25_weight, cfg.candidate_pool
    intent = engine.domain.intent(query) if (cfg.adaptive or mode == "thorough") else None
    if cfg.adaptive and intent is not None:
        tw, bw, pool = INTENT_PRESETS[intent.intent]
        if intent.has_identifier and bw / (tw + bw) < IDENTIFIER_MIN_BM25:
            tw, bw = 1 - IDENTIFIER_MIN_BM25, IDENTIFIER_MIN_BM25
    use_mmr = cfg.mmr
    if mode == "fast":
        method, pool, use_mmr = "bm25", cfg.fast_pool, False
    elif mode == "balanced":
        method, use_mmr = (method if method in ("weighted", "rrf") else "weighted"), True
    elif mode == "thorough":
        method, pool, use_mmr = (method if method in ("weighted", "rrf") else "weighted"), \
            max(pool, cfg.thorough_pool), False
    return method or cfg.method, tw, bw, pool, use_mmr, intent


def search(engine, query: str, top_k: int, mask: np.ndarray | None, method: str | None,
           mode: str | None) -> ResultList:
    cfg = engine.config
    if not query or not query.strip():
        return ResultList([], reason="empty query")
    index = engine.index
    ids, cnt, unknown = index.query_terms(query)
    dense_on = cfg.dense_weight > 0 and mode != "fast" and (method or cfg.method) in ("weighted", "rrf")
    if len(ids) == 0 and (not dense_on or not unknown):  # dense can still match words the KB never uses
        if not unknown:
            return ResultList([], reason="query has only stop words or punctuation")
        return ResultList([], reason=f"no query term occurs in the knowledge base: {unknown[:8]}")
    method, tw, bw, pool, use_mmr, intent = plan(engine, query, method, mode)
    docs, tf, bm, cov, bits = index.candidates(ids, cnt, tfidf=method != "bm25", bm25=method != "tfidf",
                                               n_unknown=len(unknown), pivot=cfg.tfidf_pivot)
    ds = None
    if dense_on and method in ("weighted", "rrf"):  # dense scores every chunk: widen to the corpus
        from rag.dense import get_encoder

        if engine.dense is None:
            engine.ensure_dense()
        ds = engine.dense @ engine._query_vector(query, get_encoder(cfg.dense_max_tokens))
        tw, bw = tw * (1 - cfg.dense_weight), bw * (1 - cfg.dense_weight)
        docs, tf, bm, cov, bits = _widen(len(engine.chunks), docs, tf, bm, cov, bits)
    if mask is not None:
        keep = mask[docs]
        docs, cov = docs[keep], cov[keep]
        bits = None if bits is None else bits[keep]
        tf = None if tf is None else tf[keep]
        bm = None if bm is None else bm[keep]
        ds = None if ds is None else ds[docs]
    elif ds is not None:
        ds = ds[docs]
    pool = max(pool, top_k)
    cand, fused = _fuse(method, tf, bm, ds, tw, bw, cfg, pool)
    if len(cand) == 0:
        reason = "no chunk passes the filters" if mask is not None else "no chunk matches the query"
        return ResultList([], reason=reason)
    rows = docs[cand]
    need = pool if mode == "thorough" else (max(top_k * 4, top_k) if use_mmr else top_k)
    held = _Held(ids, None if bits is None else bits[cand])
    final, factors = _boosted(engine, query, rows, fused, need, held)
    order = np.lexsort((rows, -final))
    features: dict[int, dict[str, float]] = {}
    rerank: dict[int, float] = {}
    picked = order[:top_k]
    if mode == "thorough":
        head = order[:pool]
        pos_of = {int(rows[j]): int(j) for j in head}
        ranked = engine.reranker.rerank(engine, query, [(int(rows[j]), float(final[j])) for j in head], intent)
        rerank = {r: s for r, s, _ in ranked}
        features = {r: f for r, _, f in ranked}
        picked = np.array([pos_of[r] for r, _, _ in ranked[:top_k]], dtype=np.int64)
    elif use_mmr:
        head = order[:need]
        pos_of = {int(rows[j]): int(j) for j in head}
        chosen = engine._mmr([int(rows[j]) for j in head], {int(rows[j]): float(final[j]) for j in head}, top_k)
        picked = np.array([pos_of[r] for r in chosen[:top_k]], dtype=np.int64)
    sel = cand[picked]  # positions in the candidate arrays
    out_rows = rows[picked].tolist()
    tfv = tf[sel].tolist() if tf is not None else [0.0] * len(sel)
    bmv = bm[sel].tolist() if bm is not None else [0.0] * len(sel)
    dsv = ds[sel].tolist() if ds is not None else None
    results = ResultList()
    chunks, add = engine.chunks, results.append
    for rank, row, cv, t, b, fu, fa, fi in zip(range(1, len(out_rows) + 1), out_rows, cov[sel].tolist(), tfv, bmv,
                                               fused[picked].tolist(), factors[picked].tolist(), final[picked].tolist()):
        bd = {"tfidf": t, "bm25": b, "fused": fu, "boost": fa, "coverage": cv}
        if dsv is not None:
            bd["dense"] = dsv[rank - 1]
        if row in rerank:
            fi = float(rerank[row])
            bd["rerank"] = fi
            bd.update({f"f_{k}": float(v) for k, v in features[row].items()})
        add(SearchResult(chunks[row], fi, rank, bd))  # positional: the dataclass's field order
    return results


def _widen(n: int, docs, tf, bm, cov, bits):
    """Candidate arrays → arrays over every chunk (zeros where no query term occurs)."""
    def full(x, dtype=np.float64):
        if x is None:
            return None
        out = np.zeros(n, dtype=dtype)
        out[docs] = x
        return out

    return np.arange(n, dtype=np.int64), full(tf), full(bm), full(cov), full(bits, np.int64)


class _Held:
    """Which query terms each candidate holds: from the candidates' term bits, else postings."""

    def __init__(self, ids: np.ndarray, bits: np.ndarray | None):
        self.ids = ids
        self.bits = bits

    def all_of(self, index, terms: set[int], rows: np.ndarray) -> np.ndarray:
        if self.bits is not None:
            if not hasattr(self, "pos"):  # made on first need
                self.pos = dict(zip(self.ids.tolist(), range(len(self.ids))))
            want, pos = 0, self.pos
            for t in terms:
                if t not in pos:
                    break
                want |= 1 << pos[t]
            else:  # every term is a query term: its bit says which candidates hold it
                return (self.bits & want) == want
        ok = np.ones(len(rows), dtype=bool)
        for t in terms:
            ok &= index.holds(t, rows)
        return ok


def _fuse(method: str, tf, bm, ds, tw: float, bw: float, cfg, pool: int) -> tuple[np.ndarray, np.ndarray]:
    """(candidate positions, fused score) — :func:`rag.fusion.weighted_fusion` / :func:`rrf` on arrays."""
    if method == "tfidf":
        t = top(tf, pool)
        # a cosine is already in [0, 1]; a pivoted score is not, so it is scaled like BM25's
        return t, tf[t] if cfg.tfidf_pivot == 1.0 else minmax(tf[t], best_first=True)
    if method == "bm25":
        t = top(bm, pool)
        return t, minmax(bm[t], best_first=True)
    # (scores the pool is picked by, weight, scores that are fused); dense cosine → (0, 2] to pick
    runs = [(tf, tw, tf), (bm, bw, bm)] + ([(ds + 1.0, cfg.dense_weight, ds)] if ds is not None else [])
    tops = [top(s, pool) for s, _, _ in runs]
    total = sum(w for _, w, _ in runs)
    union = np.zeros(len(tf), dtype=bool)  # the sorted union of the runs' pools, without np.unique's sort
    for t in tops:
        union[t] = True
    cand = union.nonzero()[0]
    fused = np.zeros(len(cand))
    if method == "weighted":
        for _, w, values in runs:
            fused += w * minmax(values[cand]) / total
        return cand, fused
    k = cfg.rrf_k
    for (_, w, _), t in zip(runs, tops):
        fused[np.searchsorted(cand, t)] += w / (k + np.arange(1, len(t) + 1))
    return cand, fused / (total / (k + 1))


def _may_hold(engine, phrases: list[str], rows: np.ndarray, held: _Held) -> np.ndarray:
    """Candidates that can hold one of the phrases verbatim. A word strictly inside a phrase
    is a whole whitespace-delimited word of any text holding the phrase, so its analyzed terms
    are among the chunk's indexed terms (a chunk with declared ``META_`` lines, which are not
    indexed, is always checked). A necessary condition from the postings: chunk text is read
    only for candidates that pass it."""
    index = engine.index
    possible = engine.declared_rows()[rows]
    for p in phrases:
        terms = index.analyzer.words(" ".join(p.split(" ")[1:-1]))
        if not terms:
            return np.ones(len(rows), dtype=bool)
        ids = [index.term_id.get(t) for t in terms]
        if None in ids:
            continue  # a word inside the phrase occurs nowhere in the KB
        possible |= held.all_of(index, set(ids), rows)
    return possible


def _boosted(engine, query: str, rows: np.ndarray, fused: np.ndarray, need: int,
             held: _Held) -> tuple[np.ndarray, np.ndarray]:
    """(final score, boost factor) per candidate. Domain boosts are called once over all
    candidates; the phrase check reads chunk text only while a candidate could still enter the
    top ``need``: candidates are visited in order of their score *with* the phrase boost, and
    the walk stops once ``need`` visited ones beat the next one's best case."""
    factors = np.empty(len(rows))  # np.ones without its Python wrapper: this runs on every query
    factors.fill(1.0)
    boosted = False
    if engine.domain.boosts:
        chunks = [engine.chunks[r] for r in rows.tolist()]
        for b in engine.domain.boosts:
            f = b(query, chunks)
            if f is not None:
                factors *= np.asarray(f, dtype=float)
                boosted = True
    pb = engine.config.phrase_boost
    phrases = phrases_of(query) if pb != 1.0 else []
    low = boost(fused, factors) if boosted else fused.clip(0.0, 1.0)  # a factor of 1 leaves the clipped score
    if not phrases:
        return low, factors
    possible = _may_hold(engine, phrases, rows, held)
    cand = possible.nonzero()[0]
    if len(cand) == 0:
        return low, factors
    final = low.copy()
    # min-heap of the ``need`` best finals known so far: exact for candidates that cannot hold a phrase
    best = heapq.nlargest(need, low[~possible].tolist())
    heapq.heapify(best)
    high = boost(fused[cand], factors[cand] * pb if boosted else float(pb))  # for the candidates that may earn it
    rows_c = rows[cand]
    order = np.lexsort((rows_c, -high)).tolist()
    cand, high, rows_c, low_c = cand.tolist(), high.tolist(), rows_c.tolist(), low[cand].tolist()  # Python scalars
    for k in order:
        h = high[k]
        if len(best) >= need and best[0] > h:
            break
        f = low_c[k]
        if engine.has_phrase(rows_c[k], phrases):
            factors[cand[k]] *= pb
            final[cand[k]] = f = h
        if len(best) < need:
            heapq.heappush(best, f)
        elif f > best[0]:
            heapq.heapreplace(best, f)
    return final, factors

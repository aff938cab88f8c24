"""Pairwise TF-IDF cosines of a few chunks, kept per index (what the packer's MMR and eviction read).

Why not ``V @ V.T`` of :meth:`rag.index.LexicalIndex.tfidf_rows`: the packer asks it of every search result
list, and scipy's row indexing, transpose and sparse product cost ~0.5 ms a call whatever the size — about
half of packing. The floats are the very ones scipy gives: its CSR product sums an entry's products one
after another in the row's (sorted) term order, starting from 0.0, as :func:`_dot` does over the terms two
rows share (the others add nothing to that entry), and a product of two floats is the same either way round.
An index never changes once built, so each row's weights and each pair's cosine are kept with it (a weak
reference: they go with the index).
"""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rag.index import LexicalIndex

# index → (row → its weights by term, (lower row, higher row) → their cosine)
_KEPT: "weakref.WeakKeyDictionary[LexicalIndex, tuple[dict, dict]]" = weakref.WeakKeyDictionary()
_MAX_PAIRS = 1 << 20  # a bound on memory: a pair made again is the same float


def pairwise(index: "LexicalIndex", rows: list[int]) -> list[list[float]]:
    """The TF-IDF cosine of every two of chunks ``rows`` (0.0 on the diagonal), as nested lists: equal to
    ``(V @ V.T).toarray()`` with its diagonal zeroed, for ``V = index.tfidf_rows(rows)``."""
    kept = _KEPT.get(index)
    if kept is None:
        kept = _KEPT[index] = ({}, {})
    vecs, pairs = kept
    out = []
    for i, a in enumerate(rows):
        line = []
        for j, b in enumerate(rows):
            if i == j:
                line.append(0.0)
                continue
            key = (a, b) if a <= b else (b, a)
            hit = pairs.get(key)
            if hit is None:
                if len(pairs) >= _MAX_PAIRS:
                    pairs.clear()
                hit = pairs[key] = _dot(_weights(index, vecs, a), _weights(index, vecs, b))
            line.append(hit)
        out.append(line)
    return out


def _weights(index: "LexicalIndex", vecs: dict, row: int) -> dict[int, float]:
    """Term → TF-IDF weight of chunk ``row``, in increasing term order (a row of the index's CSR matrix)."""
    hit = vecs.get(row)
    if hit is None:
        m = index._tfidf_csr()
        a, b = m.indptr[row], m.indptr[row + 1]
        hit = vecs[row] = dict(zip(m.indices[a:b].tolist(), m.data[a:b].tolist()))
    return hit


def _dot(u: dict[int, float], v: dict[int, float]) -> float:
    """The products of the terms ``u`` and ``v`` share, added in increasing term order (both rows' terms are
    in that order, so walking the shorter one meets the shared terms in it)."""
    if len(v) < len(u):
        u, v = v, u
    s = 0.0
    for t, w in u.items():
        x = v.get(t)
        if x is not None:
            s += w * x
    return s

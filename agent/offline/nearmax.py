"""The highest of :func:`agent.offline.semantic.similarities` of a text to a fixed list of names, found in one
matrix product instead of one dot product per name.

Why: the place readers (:mod:`~agent.offline.placemeant`) ask, for a phrase read as a business, how near it sits
to the nearest place and to the nearest business the vocabulary and the KB name — ~200 names, each a Python-level
dot product, rounded: ~0.3 ms a phrase, and a phrase is asked of most messages. Only the greatest similarity is
used, so this returns exactly ``max(similarities(text, names))``:

* the same texts are encoded first (:func:`semantic._encode`: the same side effects, None when it is off);
* the names' vectors are stacked once per list of names (float64) and kept while each is still the very vector
  the encoder's store holds for that name (checked by identity, so a replaced store or vector is restacked);
* the product ranks the names; the names within a tolerance of the best (far wider than the float32 error of a
  dot product of unit vectors, ~2e-5) are then scored as :func:`semantic.similarities` scores them, and the best
  of those is the answer — rounding to 3 decimals is monotone, so the greatest rounded value is the rounded
  greatest.
"""
from __future__ import annotations

import numpy as np

from agent.offline import semantic

_TOLERANCE = 1e-3   # scaled by the vectors' lengths (1 for the encoder's unit vectors)
_STACKS: dict[tuple[str, ...], tuple[dict, list, np.ndarray, float]] = {}


def _stack(texts: tuple[str, ...]) -> tuple[np.ndarray, float]:
    """The vectors of ``texts`` (squashed, none empty) as one float64 matrix, and their greatest length."""
    store = semantic._vectors
    vecs = [store[semantic._key(t)] for t in texts]
    hit = _STACKS.get(texts)
    if hit is not None and hit[0] is store and len(hit[1]) == len(vecs) and all(a is b for a, b in zip(hit[1], vecs)):
        return hit[2], hit[3]
    matrix = np.array(vecs, dtype=np.float64)
    longest = float(np.linalg.norm(matrix, axis=1).max()) if len(vecs) else 0.0
    if len(_STACKS) >= 64:
        _STACKS.clear()
    _STACKS[texts] = (store, vecs, matrix, longest)
    return matrix, longest


def highest(question: str, texts: list[str]) -> float | None:
    """``max(semantic.similarities(question, texts))`` (None where that is None or ``texts`` is empty)."""
    if "off" in semantic._state or not texts:
        return None
    question = semantic._squashed(question)
    squashed = [semantic._squashed(t) for t in texts]
    full = tuple(t for t in squashed if t)
    if not question or not semantic._encode([question, *full]):
        return None
    best = 0.0 if len(full) < len(squashed) else None  # an empty text scores 0.0
    if full:
        q = semantic._vectors[semantic._key(question)]
        matrix, longest = _stack(full)
        approx = matrix @ np.asarray(q, dtype=np.float64)
        near = np.flatnonzero(approx >= approx.max() - _TOLERANCE * max(1.0, longest * float(np.linalg.norm(q))))
        store = semantic._vectors
        top = max(round(float(q.dot(store[semantic._key(full[i])])), 3) for i in near)  # as semantic.similarities
        best = top if best is None else max(best, top)
    return best

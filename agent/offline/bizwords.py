"""Whether every word of a phrase is a word businesses are named with — the vocabulary's and the KB's own — or one
of them said short, plural or misspelt ("fin services", "vet clinic", "ecomerce").

Why a module: the business reader (:mod:`agent.offline.business`) trusts a terse ask's opening words ("fin services
ctr") and an article-less self-introduction (:mod:`agent.offline.selfintro`) only when they are such words, and
asks it of the same words message after message; it is read here once per word and set of names
(:func:`_near_any`), where comparing a word with every name's words was ~0.4 ms of a phrase. Moved out of
``business`` (at its 400 lines) with the memo.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import kblabels
from mpa.vocabulary import VOCABULARY


def _near(w: str, v: str) -> bool:
    """``w`` is ``v`` said short ("fin" for "financial", "vet" for "veterinary"), plural, or misspelt by one letter
    ("ecomerce")."""
    if w == v or (len(w) >= 3 and v.startswith(w)) or (w.startswith(v) and len(w) - len(v) <= 2 and len(v) >= 3):
        return True
    if len(w) < 5 or abs(len(w) - len(v)) > 1:
        return False
    if len(w) == len(v):
        return sum(a != b for a, b in zip(w, v)) == 1
    short, long_ = (w, v) if len(w) < len(v) else (v, w)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def business_words(phrase: str) -> bool:
    """Every word of ``phrase`` is a word the vocabulary's or the KB's own businesses are named with, or one of them
    said short, plural or misspelt (:func:`_near`) — "retargeting ctr" names a tactic, no business."""
    words = _names_words(kblabels.labels())
    said = re.findall(r"[a-z]+", phrase.lower())
    return bool(said) and all(_near_any(w, words) for w in said)


@lru_cache(maxsize=4096)
def _near_any(w: str, words: frozenset[str]) -> bool:
    """Is ``w`` near (:func:`_near`) any of ``words``? Cached: a pure reading of its two arguments (``words``: a
    frozenset, immutable, from :func:`_names_words`), and the same words are read again message after message."""
    return any(_near(w, v) for v in words)


@lru_cache(maxsize=8)
def _names_words(labels: tuple[str, ...]) -> frozenset[str]:
    """The words (three letters or more) of every business name the vocabulary (fixed) and the KB (its ``labels``)
    use: gathered once per declaration, not per phrase read."""
    names = [n for k, syns in [*VOCABULARY["verticals"].items(), *VOCABULARY["uncovered_verticals"].items()]
             for n in [k, *syns]] + list(labels)
    return frozenset(w for n in names for w in re.findall(r"[a-z]+", n.lower()) if len(w) >= 3)

"""Users' everyday words for the domain's concepts: which media-planning concept a message names without the KB's word.

Why: a knowledge base names a concept by the trade's term ("brand safety", "payback period", "suppression") and a
user says it the way it happened to them ("our banner showed up next to an extremist blog", "how long until a new
customer pays for themselves", "stop showing ads to people who already bought"). A lexical index cannot bridge
that — the words do not meet — and a small sentence encoder seldom does. A media planner bridges it with trade
knowledge; :data:`LEXICON` is that knowledge written down (``everyday.json``: each concept with the terms a KB names
it by and the phrases people type for it), written from the trade and the concepts the KBs cover, blind to every
question set.

Matching is phrase-level and stem-aware: a phrase and the message are read by ``rag``'s analyzer (its stemmer, its
token rules) with stop words *kept* — "already bought" is not "bought", "keep some back" is not "keep" — and a phrase
matches where its words occur in order with at most one other word between two of them ("earn it back" is "earn
back", "show our ads to" is "show ads to"). A phrase that names the concept only in some company (``cued``: "tired"
names creative fatigue next to "ads", not next to "team") needs one of the concept's cues in the message; a phrase
listed under ``unless`` means something else and blocks the concept. Which KB terms the served KB actually uses is
the reader's business (the agent's ``gloss`` module): this module knows the domain, not a KB.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from rag.analyzer import get_analyzer
from rag.queryforms import contractions

_PATH = Path(__file__).with_name("everyday.json")
_STEMS = get_analyzer(True, False)  # the project's stemmer, stop words kept: they carry a phrase's meaning
GAP = 1  # other words a phrase may hold between two of its own ("earn *it* back")
# Words that only size or point at a noun ("*half the* money", "*60 of the* budget", "*all of* it"): a speaker puts
# them inside a phrase's verb and its object as freely as nothing, so they do not count against GAP (at most
# FILLERS of them). A verb phrase about budget is said with its quantity: "move *60% of the search* budget".
FILLER = frozenset({"the", "a", "an", "our", "my", "your", "their", "its", "this", "that", "these", "those", "all",
                    "half", "some", "most", "more", "much", "of", "it", "whole", "entir", "rest", "third", "quarter"})
FILLERS = 4


class Concept(NamedTuple):
    name: str
    kb: tuple[str, ...]                       # the terms a knowledge base names it by, most specific first
    said: tuple[tuple[str, ...], ...]         # phrases naming it on their own, as stems
    cued: tuple[tuple[str, ...], ...] = ()    # phrases naming it only next to a cue
    cues: frozenset[str] = frozenset()        # the cues' stems
    unless: tuple[tuple[str, ...], ...] = ()  # phrases meaning something else


class Gloss(NamedTuple):
    """A concept a message names in everyday words: the concept, its KB terms and the message's phrase for it."""
    concept: str
    kb: tuple[str, ...]
    phrase: str
    span: tuple[int, int]  # token positions of the phrase in :func:`stems` of the message
    cue: str = ""          # the cue that let a cued phrase name it ("" for a phrase naming it on its own)
    entry: tuple[str, ...] = ()  # the lexicon's phrase that matched, as stems


def stems(text: str) -> tuple[str, ...]:
    """The text as the lexicon reads it: contractions written out, hyphens and slashes as spaces, every word stemmed."""
    return tuple(_stems(text))


@lru_cache(maxsize=8192)
def _stems(text: str) -> tuple[str, ...]:
    return tuple(_STEMS.words(re.sub(r"[-/–—]", " ", contractions(text.replace("’", "'")))))


def find(phrase: tuple[str, ...], words: tuple[str, ...]) -> tuple[int, int] | None:
    """Where ``phrase`` occurs in ``words``: its stems in order, at most :data:`GAP` other words between two of them."""
    if not phrase or phrase[0] not in words:
        return None
    head, i = phrase[0], -1
    while True:  # each place the phrase's first stem occurs, left to right (``tuple.index``: no Python loop between)
        try:
            i = words.index(head, i + 1)
        except ValueError:
            return None
        at, ok = i, True
        for p in phrase[1:]:
            nxt = _next(p, words, at)
            if nxt is None:
                ok = False
                break
            at = nxt
        if ok:
            return i, at + 1


def _next(p: str, words: tuple[str, ...], at: int) -> int | None:
    """Where the phrase's next stem ``p`` follows position ``at``: after at most :data:`GAP` other words, not counting
    up to :data:`FILLERS` sizing words and figures between (:data:`FILLER`)."""
    other = free = 0
    for j in range(at + 1, len(words)):
        if words[j] == p:
            return j
        if (words[j] in FILLER or words[j][0].isdigit()) and free < FILLERS:
            free += 1
        elif other < GAP:
            other += 1
        else:
            return None
    return None


@lru_cache(maxsize=1)
def lexicon() -> tuple[Concept, ...]:
    """The concepts of ``everyday.json``, their phrases read once."""
    raw = json.loads(_PATH.read_text(encoding="utf-8"))["concepts"]

    def read(phrases) -> tuple[tuple[str, ...], ...]:
        return tuple(s for s in (stems(p) for p in phrases or ()) if s)

    return tuple(Concept(c["concept"], tuple(c["kb"]), read(c.get("said")), read(c.get("cued")),
                         frozenset(t for p in read(c.get("cues")) for t in p), read(c.get("unless"))) for c in raw)


@lru_cache(maxsize=1)
def _by_first_stem() -> dict[str, tuple[tuple[int, frozenset[str]], ...]]:
    """For each stem, the lexicon's phrases of their own and cued phrases starting with it: their concept (by
    position) and their stems. Why: a concept is glossed only where one of those phrases occurs, and a phrase occurs
    only where its first stem does and all its stems are in the message, so a message need only be matched against
    the few concepts with such a phrase — not all of the lexicon's phrases (~1,800; matching them all was most of an
    offline agent turn's reading time)."""
    index: dict[str, list[tuple[int, frozenset[str]]]] = {}
    for i, c in enumerate(lexicon()):
        for p in (*c.said, *c.cued):
            index.setdefault(p[0], []).append((i, frozenset(p)))
    return {w: tuple(dict.fromkeys(entries)) for w, entries in index.items()}


@lru_cache(maxsize=4096)
def glosses(text: str) -> tuple[Gloss, ...]:
    """The concepts the message names in everyday words, in the order the message says them; a concept once, by its
    first phrase (the longest where two start together)."""
    words = stems(text)
    if not words:
        return ()
    first, present = _by_first_stem(), set(words)
    concepts = lexicon()
    candidates = sorted({i for w in present for i, p in first.get(w, ()) if p <= present})  # in the lexicon's order
    found = (concept_gloss(concepts[i], words) for i in candidates)
    return tuple(sorted((g for g in found if g), key=lambda g: g.span))


def concept_gloss(c: Concept, words: tuple[str, ...]) -> Gloss | None:
    """How the message (its :func:`stems`) names concept ``c`` in everyday words — by its first phrase, the longest
    where two start together — or None."""
    if any(find(u, words) for u in c.unless):
        return None
    cues = c.cues & set(words)
    spans = [(s, p in c.cued, p) for p in (*c.said, *(c.cued if cues else ())) if (s := find(p, words))]
    if not spans:
        return None
    s, cued, p = min(spans, key=lambda x: (x[0][0], -x[0][1], x[1]))
    return Gloss(c.name, c.kb, " ".join(words[s[0]:s[1]]), s, min(cues) if cued else "", p)

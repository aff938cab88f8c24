"""The words a knowledge base builds its own named measures from, read off its acronym definitions.

Why: whether a question is plainly about the KB's domain (:func:`~agent.offline.passages.shares_words`)
decides how much of its wording a passage must share before the reader answers. A hand-written list of
planning words misses the KB's own everyday terms — "clicks", "signups", "connected TV" — and declines
answerable questions that use them. The KB says what its core words are where it defines its
abbreviations: "CPC - Cost per click", "click-through rate (CTR)", "designated market area (DMA)". A
word that recurs in the spelled-out names of two or more unrelated acronyms ("click": CPC and CTR) is one
the KB builds its measures from — its domain, whatever the KB is
about, with no list written here. One definition alone is not enough: "Share of voice" makes "share" no
planning word ("Meta's share price" stays off the plain domain); nor are sibling acronyms, one letter apart or
one inside the other (GRP / TRP, OOH / DOOH), two definitions; nor do the words every figure question uses
("cost", "rate", :data:`~agent.offline.focus._PLAIN`) count. Read so, kb/ gives click, market, media and
service; tests/fixtures/kb_txt gives click. Such a word eases the share of words only when the question uses
no word the KB never uses (:func:`eases`: "where do I click to reset my password?" gets no ease).

The folder is the one the tools serve (``MPA_KB_DIR``, else ``kb/``), read once per folder by
:mod:`~agent.offline.servedkb` (as for :mod:`~agent.offline.meaningsearch`); no folder, no words (nothing changes).
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from agent.offline import servedkb
from agent.offline.passages import terms

# "ACR (spelled out)", "spelled out (ACR)", "ACR - Spelled out." / "ACR: spelled out" at a line's start.
# The second form's lookahead only skips where it cannot match: its words and the spaces before "(" are
# all [\w\s-], so "(" must end the run of those characters from its start. Without it the lazy words were
# tried at every letter of the KB (~0.3 s of a worker's CPU for kb/); the matches are the same.
_DEFINED = re.compile(r"\b(?P<a1>[A-Z][A-Za-z]{1,5}?)s?\s*\((?P<e1>[^()]{3,60})\)"
                      r"|(?=[A-Za-z][\w\s-]*\()(?P<e2>[A-Za-z][\w -]{3,60}?)\s*\((?P<a2>[A-Z][A-Za-z]{1,5}?)s?\)"
                      r"|^\W*(?P<a3>[A-Z]{2,6})\s*(?:-|–|—|:)\s*(?P<e3>[A-Za-z][\w -]{3,60})", re.M)
MIN_DEFINITIONS = 2  # a word in the spelled-out names of this many different acronyms


def _initials(words: list[str]) -> str:
    """The letters a run of words abbreviates to: each word's first letter, an all-capitals word's every
    letter ("connected TV" → "ctv"), each part of a hyphenated word ("click-through" → "ct")."""
    out = ""
    for w in words:
        for part in w.split("-"):
            if part:
                out += part.lower() if part.isupper() and len(part) > 1 else part[0].lower()
    return out


def expansions(text: str) -> dict[str, str]:
    """Acronym → the words that spell it out, for each definition in ``text`` whose words' initials are
    the acronym (the words nearest the acronym: "the usual cost per click (CPC)" spells out as "cost per click")."""
    out: dict[str, str] = {}
    for m in _DEFINED.finditer(text):
        acr = (m.group("a1") or m.group("a2") or m.group("a3")).lower()
        exp = m.group("e1") or m.group("e2") or m.group("e3")
        words = re.findall(r"[A-Za-z][A-Za-z-]*", exp)
        before = bool(m.group("e2"))  # the spelled-out words end at the acronym; else they start after it
        for k in range(1, len(words) + 1):
            run = words[-k:] if before else words[:k]
            if _initials(run) == acr:
                out.setdefault(acr, " ".join(run))
                break
    return out


def kb_texts(kb: str) -> tuple[str, ...]:
    """Each document's text of the KB at ``kb`` (:mod:`~agent.offline.servedkb`: the engine's own parser)."""
    return tuple(d.text for d in servedkb.documents(kb))


@lru_cache(maxsize=servedkb.PER_KB)
def _words_of(kb: str) -> frozenset[str]:
    found: dict[str, str] = {}
    for text in kb_texts(kb):
        for acr, exp in expansions(text).items():
            found.setdefault(acr, exp)
    from agent.offline.focus import _PLAIN
    family = _families(tuple(found))
    counts = Counter(t for fam in set(family.values()) for t in
                     set().union(*(set(terms(found[a])) for a in found if family[a] == fam)))
    return frozenset(t for t, n in counts.items() if n >= MIN_DEFINITIONS and len(t) > 2 and t not in _PLAIN)


def _siblings(a: str, b: str) -> bool:
    """One letter apart ("grp", "trp") or one inside the other ("ooh", "dooh")."""
    return a in b or b in a or (len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1)


def _families(acronyms: tuple[str, ...]) -> dict[str, int]:
    """Each acronym's family: acronyms joined through siblings (TAM, SAM, SOM are one)."""
    fam = {a: i for i, a in enumerate(acronyms)}
    for a in acronyms:
        for b in acronyms:
            if fam[a] != fam[b] and _siblings(a, b):
                old, new = fam[b], fam[a]
                fam = {k: new if v == old else v for k, v in fam.items()}
    return fam


def eases(words: set[str]) -> bool:
    """Does a question with these content words use one of the KB's measure words, and no word the KB never
    uses (a closed compound counts as its hyphenated spelling: "signups" is "sign-ups")? "Where do I click to
    reset my password?" uses "click", but "password" is nothing the KB speaks of: no benefit of the doubt."""
    kb = servedkb.folder()
    if not kb or not words & _words_of(kb):
        return False
    used = kb_vocabulary(kb)
    return all(w in used or w[0].isdigit() for w in words)


def used(words: set[str]) -> set[str]:
    """The ``words`` the served KB uses somewhere (all of them when no KB folder is known): a user's own particulars
    ("sciatica", "san marzano") are words no KB page says, no evidence for or against a passage."""
    kb = servedkb.folder()
    return {w for w in words if w in kb_vocabulary(kb) or w[0].isdigit()} if kb else set(words)


@lru_cache(maxsize=servedkb.PER_KB)
def kb_vocabulary(kb: str) -> frozenset[str]:
    """Every content word the KB at ``kb`` uses, also with its hyphens dropped ("sign-ups" → "signups")."""
    text = "\n".join(kb_texts(kb))
    return frozenset(terms(text)) | frozenset(terms(re.sub(r"(?<=[a-z])-(?=[a-z])", "", text)))


def defining_words() -> frozenset[str]:
    """Stems the KB the tools serve builds two or more of its acronyms' names from (see module doc)."""
    kb = servedkb.folder()
    return _words_of(kb) if kb else frozenset()

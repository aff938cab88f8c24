"""The served KB's own terms for the concepts a message names in everyday words (:mod:`mpa.everyday`).

Why: the search and the reader match the user's words, and a user often names a concept in words the KB never uses
("keep some money back just in case" for the KB's "contingency reserve"). The domain's lexicon says which concept
such words name and which terms a KB names it by; this module keeps only the terms the *served* KB uses (a KB that
writes none of them is searched and read exactly as before) and drops a concept whose terms the message already says
(it speaks the KB's language there). Two uses, in general terms:

* one more search, the message's words with those terms (:func:`query`; searched last, like an attribute a question
  word asks for), so the section the KB files the concept under comes back at all;
* words the reader looks for, weighted like a question word's attribute (a hint, not the question), so that section
  can be chosen over one that merely shares the everyday words (:func:`hint`).
"""
from __future__ import annotations

from functools import lru_cache

from agent.offline import servedkb
from mpa.everyday import glosses, stems

MAX_NGRAM = 4     # the longest KB term checked whole
PER_CONCEPT = 2   # KB terms added per concept: the most specific ones the KB uses


@lru_cache(maxsize=4)
def _grams(kb: str) -> frozenset[tuple[str, ...]]:
    """Every run of one to :data:`MAX_NGRAM` words the KB writes (stems, stop words kept), read once per folder."""
    out: set[tuple[str, ...]] = set()
    for d in servedkb.documents(kb):
        for line in d.text.splitlines():
            w = stems(line)
            out.update(w[i:i + n] for n in range(1, MAX_NGRAM + 1) for i in range(len(w) - n + 1))
    return frozenset(out)


def _said(term: tuple[str, ...], words: tuple[str, ...]) -> bool:
    n = len(term)
    return any(words[i:i + n] == term for i in range(len(words) - n + 1))


@lru_cache(maxsize=4096)
def _terms(text: str, kb: str) -> tuple[str, ...]:
    grams = _grams(kb)
    words = stems(text)
    out: list[str] = []
    for g in glosses(text):
        kb_side = [t for t in g.kb if (s := stems(t)) and len(s) <= MAX_NGRAM]
        if any(_said(stems(t), words) for t in kb_side):
            continue  # the message names the concept in the KB's words already
        out += [t for t in kb_side if stems(t) in grams][:PER_CONCEPT]
    return tuple(dict.fromkeys(out))


def terms(text: str) -> tuple[str, ...]:
    """The served KB's terms for the concepts ``text`` names in everyday words (none when no KB is served)."""
    kb = servedkb.folder()
    return _terms(text, kb) if kb else ()


def query(focus: str) -> str | None:
    """The search for ``focus`` with the KB's terms for what it says in everyday words, or None when it says none."""
    added = terms(focus)
    return f"{focus} {' '.join(added)}" if added else None


def hint(question: str) -> str:
    """The KB's terms for the question's everyday words, as text for the reader's analyzer ("" when none)."""
    return " ".join(terms(question))

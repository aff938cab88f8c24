"""A question read as the passages it is compared with write it (:mod:`rag.queryforms`, :mod:`rag.joins`, as the
search engine reads it): contractions written out, a word in the passages' spelling ("optimise" / "optimize" stem
apart), their hyphenated terms the question writes as two words with a stop word ("two channels" → "two-channel"),
their closed compounds it writes apart ("pays back" → "payback") and their hyphenated terms it writes closed
("signups" → "sign-ups").

Why here and not in the search engine alone: the reader and its gates count and compare the question's words
with a passage's (a share of words, a focus word one sentence must say). A compound the question writes apart
is two words no passage holds, where the KB writes one; so the reader reads the compound *in place of* the words
typed — one compound, one word — where the search engine adds it beside them (the words typed still rank).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rag.analyzer import get_analyzer
from rag.joins import Joins
from rag.queryforms import Compounds, Spellings, contractions

_ANALYZE = get_analyzer(True, True)
_WORD = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")


@lru_cache(maxsize=1024)
def analyzed(text: str) -> tuple[str, ...]:
    """A passage's words (cached: a passage is read again on every turn that finds it)."""
    return tuple(_ANALYZE(text))


def held(passages: list[dict]) -> set[str]:
    """Every word the passages hold, as one set."""
    return set().union(*(analyzed(p.get("text", "")) for p in passages))


class Written(NamedTuple):
    text: str  # the question, respelt and with the passages' closed compounds written as one word
    hyphenated: dict[str, str]  # a closed word's normal form → the passages' hyphenated term for it
    compounds: list[str]  # the passages' hyphenated terms the question writes apart with a stop word


def as_written(question: str, words: set[str]) -> Written:
    """``question`` as passages holding ``words`` (:func:`held`) write it."""
    text = Spellings(words, _ANALYZE).respell(contractions(question))
    joins = Joins(words, _ANALYZE)
    return Written(joins.rewrite(text), joins.hyphenated_for(text),
                   Compounds({t for t in words if "-" in t}, _ANALYZE).found(text))


def joined(question: str, passages: list[dict]) -> str:
    """``question`` with the passages' closed compounds it writes apart written as one word."""
    return Joins(held(passages), _ANALYZE).rewrite(question)


def in_text(question: str, text: str) -> str:
    """``question`` with ``text``'s closed compounds it writes apart written as one word and its closed words that
    ``text`` writes hyphenated written so ("nonskippable" → "non-skippable"): a subject the text names is not unsaid."""
    joins = Joins(set(analyzed(text)), _ANALYZE)
    written = joins.hyphenated_for(question)
    return _WORD.sub(lambda m: written.get(_ANALYZE._norm(m.group().lower()) or "", m.group()), joins.rewrite(question))

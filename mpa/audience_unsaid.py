"""Whether a loosely matched audience row says what the user's words name: "pickleball players" share
"play" with "Adults who play mobile games weekly", "solar installers" share "solar" with "Solar-Ready
Homeowners", "college professors" share "college" with "College students" — and each names people the
row does not count.

Why: the loose audience rules (:func:`mpa.labels.match_audience`, :func:`mpa.audience_lookups.match_audience`)
match on one shared word, so that "regular gym goers" finds "Gym-Active Adults". A shared word is
evidence only when the query's other words do not name something else: a size for the wrong people is
worse than no size (the user is told the KB does not size them). So a row found by a shared word is
kept only when it says every *specific* word of the query — in its label, its definition or the
qualifiers of its sizes, by stem, root, the start of a word ("gamers"/"games") or a close meaning.

Not specific, and so needing no partner in the row: words for people in general ("people", "adults",
"couples"), words that say only how a person relates to the topic (its *owners*, *users*, *fans*,
*goers*, *buyers*), words that say only how often or how lately ("regular", "recently"), and the words
of a place the KB sizes. A description ("people caring for elderly parents", "people who just bought a
home") says how the people relate to its topic in words of its own: there only its last specific word,
the thing it is about, must be the row's.
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa import audience_described, resolve

# people in general: the head of a description, never what tells two audiences apart
_PEOPLE = {"peopl", "person", "folk", "adult", "individu", "men", "women", "resid", "household", "famili", "coupl",
           "popul"}
# how a person relates to the topic the other words name ("dog owners", "gym goers", "EV buyers"): the
# relation is the audience's, whatever verb the row uses for it
_RELATION = {"owner", "own", "user", "fan", "lover", "enthusiast", "goer", "member", "visitor", "shopper", "buyer",
             "custom", "consum", "client", "subscrib", "patron", "attende", "particip", "prospect", "intend"}
# how often or how lately: a row's own cadence ("weekly") is stated in its definition
_CADENCE = {"regular", "frequent", "occasion", "avid", "keen", "recent", "just", "current", "usual", "typic", "actual",
            "realli"}
# a query this near a row's name as a whole is that name spelled otherwise ("small biz owners"); the
# near misses a shared word brings ("college professors" / "college students") stay below ~0.7
MEANING_NAME = 0.75
# words that turn a name into a description of people
_CLAUSE = re.compile(r"\b(?:who|whose|that|which|with|without|where)\b", re.I)
_AGE = re.compile(r"\b(?:aged?|ages|years?|old|older|younger|over|under|plus|teens?)\b", re.I)


def _stem(word: str) -> str | None:
    st = resolve.terms(word)
    return next(iter(st)) if len(st) == 1 else None


def _words(text: str) -> list[tuple[str, str]]:
    """(stem, word) for each word of ``text`` in order, numbers and ages left out."""
    out = []
    for w in re.findall(r"[a-z][a-z'’]*", _AGE.sub(" ", (text or "").lower()).replace("-", " ")):
        s = _stem(w)
        if s and len(s) >= 2:
            out.append((s, w))
    return out


def _specific(words: list[tuple[str, str]], places: set[str]) -> list[tuple[str, str]]:
    return [(s, w) for s, w in words
            if s not in _PEOPLE and s not in _RELATION and s not in _CADENCE and s not in places]


def unsaid(query: str, row_text: str, places: Iterable[str] = (), name: str = "") -> list[str]:
    """The specific words of ``query`` that ``row_text`` (a row's label, definition and qualifiers)
    does not say — for a description, its last specific word when the row does not say that; [] when
    the row says what the query names, or when the query as a whole is the row's ``name`` by meaning
    (:data:`MEANING_NAME`). ``places`` are names whose words are places, not people."""
    where = {s for p in places for s, _ in _words(p)}
    words = _words(query)
    specific = _specific(words, where)
    if not specific:
        return []
    described = bool(_CLAUSE.search(query or "")) or (words[0][0] in _PEOPLE and len(specific) > 1)
    if described:
        specific = specific[-1:]
    row = {s: w for s, w in _words(row_text)}
    hits = audience_described.words_said(dict(specific), row) if row else set()
    missing = [w for s, w in specific if s not in hits]
    if missing and name:
        near = resolve.similarities(query, [name])
        if near and near[0] >= MEANING_NAME:
            return []
    return missing


def says(query: str, row_text: str, places: Iterable[str] = (), name: str = "") -> bool:
    """True when the row says every specific word of ``query`` (see :func:`unsaid`)."""
    return not unsaid(query, row_text, places, name)

"""A proper name typed in a short form of a name the knowledge base writes: a clipping ("Cali" for "California",
"Mass" for "Massachusetts") or the pet form English builds on one — the clipped syllable with its last consonant
doubled and "-y" / "-ie" added ("Philly" for "Philadelphia").

Why: the reader declines a question whose proper names the passages never write (a passage about Meta does not
answer a question about Reddit, :func:`~agent.offline.passages.names_found`). People type the places they live and
sell in the way they say them, so a question on "our Philly stores" was declined beside the very section that
answers it, because the KB writes "Philadelphia". A short form counts as written only when a capitalised word of
the passages begins with its stem and is three or more letters longer (the rule of
:func:`~agent.offline.placeshort.is_clipping`): "India" is not "Indiana", and a different name ("Reddit") shares
no such stem with the one written ("Meta").
"""
from __future__ import annotations

import re

from agent.offline.placeshort import is_clipping

_PET = re.compile(r"^(?P<stem>[a-z]{3,}?)(?P<double>[b-df-hj-np-tv-z])?(?P=double)?(?:y|ie|ey)$")
_NAME = re.compile(r"\b[A-Z][a-z]{3,}\b")


def stems(word: str) -> list[str]:
    """The word itself and, when it has a pet form's ending, the clipping under it ("philly" → "phil")."""
    low = word.lower()
    m = _PET.match(low)
    out = [low]
    if m:
        stem = m.group("stem") + (m.group("double") or "")
        out += [s for s in {stem, m.group("stem")} if len(s) >= 4]
    return out


def short_for(word: str, text: str) -> bool:
    """Does ``text`` write a capitalised name that ``word`` (a proper name as typed) is a short form of?"""
    return bool(long_name(word, text))


def long_name(word: str, text: str) -> str:
    """The capitalised name of ``text`` that ``word`` is a short form of (lower case), else ""."""
    names = sorted({n.lower() for n in _NAME.findall(text)})
    return next((n for s in stems(word) for n in names if is_clipping(s, n)), "")


def as_written(question: str, q: set[str], text: str) -> set[str]:
    """The question's content words ``q`` as the passages ``text`` write its names: a short form as the name it
    shortens ("philly" → "philadelphia"), and a place the passages do not write, beside one of the question's places
    they do (:func:`other_place`), as its kind — "state" for a state, "dma" for a DMA — the word a KB's rule for
    relating places uses ("scale the DMA from a single state's audience")."""
    from agent.offline.passages import terms
    from agent.offline.places import geographies
    from mpa.audience_lookups import US_STATE_CODES
    out = set(q)
    for w in re.findall(r"\b[A-Z][a-z]+\b", question):
        if w.lower() not in text.lower() and (full := long_name(w, text)):
            out = (out - set(terms(w))) | set(terms(full))
    states = {s.lower() for s in US_STATE_CODES.values()}
    for _, place in geographies(question):
        words = place.split()
        if other_place(words[0], question, text):
            kind = "state" if place.lower() in states else "dma" if words[-1].upper() == "DMA" else ""
            out = (out - set(terms(place))) | (set(terms(kind)) if kind else set())
    return out


def other_place(word: str, question: str, text: str) -> bool:
    """Is ``word`` part of one of several places the question names, another of which the passages write?

    A question relating places ("take the Pennsylvania number and shrink it to the Philadelphia DMA") asks for the
    rule that relates them, and a KB states such a rule with one worked place, not with every place a reader may
    bring: the passages naming one of the question's places are about its places. A question naming one place the
    passages never write ("CPM in Brazil") still finds its name missing."""
    from agent.offline.places import geographies  # places reads the passages' words: imported when asked
    low = text.lower()
    places = [p for _, p in geographies(question)]
    written = [p for p in places if re.sub(r"\s+dma$", "", p, flags=re.I).lower() in low]
    return len(places) > 1 and bool(written) and any(word.lower() in p.lower().split() for p in places if p not in written)

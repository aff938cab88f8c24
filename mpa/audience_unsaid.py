"""Whether a loosely matched audience row counts the people the user's words name: "pickleball players"
share "play" with "Adults who play mobile games weekly", "solar installers" share "solar" with
"Solar-Ready Homeowners", "college professors" share "college" with "College students" — and each
names people the row does not count.

Why: the loose audience rules (:func:`mpa.labels.match_audience`, :func:`mpa.audience_lookups.match_audience`,
:func:`mpa.audience_described.described`) match on shared words, so that "regular gym goers" finds
"Gym-Active Adults". A shared word is evidence only when the phrase it sits in is about what the row
counts: a size for the wrong people is worse than no size (the user is told the KB does not size them).

The rule reads the query as phrases — runs of content words between function words and punctuation
("pickleball players", "elderly parents", "key segment"). Each phrase that shares a word with the row
must have its *head* said by the row (its label, definition or the qualifiers of its sizes; by stem,
the start of a word — "gamers"/"games" — or a close meaning): the head is the phrase's last word once
words for people in general ("people", "couples"), for how a person relates to the topic ("owners",
"players", "goers", "buyers"), for how often or how lately ("regular", "recently") and for places
("area", the KB's markets) are set aside. So "pickleball players" is about pickleball, "cat cafe owners"
about a cafe, "solar installers" about installers — none of which those rows count — while "regular
gym goers" is about the gym and "reach wealthy travellers" about travellers. A phrase sharing no word
with the row is the question around the audience ("How many are there?") and is not read; a modifier
left unsaid ("elderly", "wealthy") refines, it does not rename. A query that is the row's name by
meaning as a whole ("small biz owners") is that row whatever word it spells otherwise.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Mapping

from mpa import audience_described, resolve
from mpa.labels import root

# people in general: what a phrase is about is the word before them ("fitness people")
_PEOPLE = {"peopl", "person", "folk", "adult", "individu", "men", "women", "resid", "household", "famili", "coupl",
           "popul", "audienc", "segment", "group", "crowd", "type", "kind"}
# how a person relates to the topic the other words name ("dog owners", "gym goers", "EV buyers", "golf
# players"): the relation is the audience's, whatever verb the row uses for it
_RELATION = {"owner", "own", "user", "fan", "lover", "enthusiast", "goer", "member", "visitor", "shopper", "buyer",
             "custom", "consum", "client", "subscrib", "patron", "attende", "particip", "prospect", "intend", "player",
             "buy", "purchas", "shop"}
# how often or how lately: a row's own cadence ("weekly") is stated in its definition
_CADENCE = {"regular", "frequent", "occasion", "avid", "keen", "recent", "just", "current", "usual", "typic", "actual",
            "realli"}
# a place in general ("in the Chicago area"): where, not who
_PLACE = {"area", "region", "market", "metro", "citi", "town", "state", "counti", "dma", "local", "nation", "nationwid",
          "countri"}
# a query this near a row's name as a whole is that name spelled otherwise ("small biz owners"); the
# near misses a shared word brings ("college professors" / "college students") stay below ~0.7
MEANING_NAME = 0.75
_AGE = re.compile(r"\b(?:aged?|ages|years?|old|older|younger|over|under|plus|teens?)\b", re.I)
_BREAK = re.compile(r"[^a-z'’\s-]+")


def _stem(word: str) -> str | None:
    st = resolve.terms(word)
    return next(iter(st)) if len(st) == 1 else None


def _phrases(text: str) -> list[list[tuple[str, str]]]:
    """``text``'s runs of content words as (stem, word) lists: broken at punctuation, numbers, age
    words and the function words the analyzer drops ("how", "of", "with")."""
    out: list[list[tuple[str, str]]] = []
    for piece in _BREAK.split(_AGE.sub(" . ", (text or "").lower())):
        run: list[tuple[str, str]] = []
        for w in piece.replace("-", " ").split():
            s = _stem(w)
            if s and len(s) >= 2:
                run.append((s, w))
            elif run:
                out.append(run)
                run = []
        if run:
            out.append(run)
    return out


def _telling(stem: str, places: set[str]) -> bool:
    """A word that tells audiences apart: not people in general, a cadence or a place."""
    return not (stem in _PEOPLE or stem in _CADENCE or stem in _PLACE or stem in places)


def unsaid(query: str, row_text: str, places: Iterable[str] = (), name: str = "") -> list[str]:
    """The heads of ``query``'s phrases that share a word with ``row_text`` (a row's label, definition
    and qualifiers) and that the row does not say; [] when the row counts what the query names, or
    when the query as a whole is the row's ``name`` by meaning (:data:`MEANING_NAME`). ``places`` are
    the KB's market names, whose words are where, not who."""
    where = {s for p in places for run in _phrases(p) for s, _ in run}
    row = {s: w for run in _phrases(row_text) for s, w in run}
    if not row:
        return []
    roots = {root(s) for s in row}  # "rental" / "renter": the root the label rules match by
    missing = []
    for run in _phrases(query):
        shared = {s: w for s, w in run if _telling(s, where)}  # "players" share "play" with a row
        said = (audience_described.words_said(shared, row) | {s for s in shared if root(s) in roots}) if shared else set()
        head = next((sw for sw in reversed(run) if _telling(sw[0], where) and sw[0] not in _RELATION), None)
        if said and head and head[0] not in said:
            missing.append(head[1])
    if missing and name and (_respelled(query, name) or (resolve.similarities(query, [name]) or [0.0])[0] >= MEANING_NAME):
        return []
    return missing


def _respelled(query: str, name: str) -> bool:
    """``query`` is ``name`` word for word but one, which begins with the same letter: a clipping or a
    slang form of that word ("small biz owners" / "small business owners"; not "college professors" /
    "college students")."""
    q, n = (re.findall(r"[a-z0-9]+", (x or "").lower()) for x in (query, name))
    diff = [(a, b) for a, b in zip(q, n) if a != b]
    return len(q) == len(n) > 1 and len(diff) == 1 and diff[0][0][0] == diff[0][1][0]


def says(query: str, row_text: str, places: Iterable[str] = (), name: str = "") -> bool:
    """True when the row counts what ``query`` names (see :func:`unsaid`)."""
    return not unsaid(query, row_text, places, name)


def keeper(query: str, rows_say: Mapping[str, str], places: Iterable[str] = ()) -> Callable[[str], bool]:
    """The check a loose rule asks of each row it found: does the row (``rows_say``: its name → what
    the KB says it is) count what ``query`` names."""
    places = list(places)
    return lambda name: says(query, rows_say.get(name, name), places, name)

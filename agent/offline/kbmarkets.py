"""A market the knowledge base itself lists, typed in lower case, read with the KB's capitals:
"streaming tv cpm in pittsburgh?" → "… in Pittsburgh?" when the KB lists a Pittsburgh market.

Why: the rules read a market the vocabulary does not know by its capital ("in Pittsburgh", "the Boise
market"), and people typing fast leave capitals off — the same question then lost its market and was
answered with the whole list. :mod:`~agent.offline.kbcase` cannot help: a city's name has no capital inside,
and English's dictionary knows most cities as words. The KB's own market labels can: the places its facts
are stated for (a ``BY DMA`` list's rows, an audience table's geography column, ``<name> DMA households``
rows). Such a name typed in any case is read as the KB writes it, when it is safe: the vocabulary does not
already know the place (those are read case-blind already), and at least one of its words is one the KB
never writes in lower case — "National Buy" or "North West", made of words the KB also uses as plain words,
stay as typed. Only a wholly lower-case span is touched; what the user capitalised is theirs.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb

_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=servedkb.PER_KB)
def names(folder: str | None) -> tuple[str, ...]:
    """The KB's own market names (without a trailing "DMA"/"metro") that a lower-case typing is read as,
    longest first (see the module doc)."""
    geos = markets(folder)
    if not geos:
        return ()
    from mpa.vocabulary import VOCABULARY
    known = {s.lower() for k, syns in VOCABULARY["geographies"].items() for s in [k, *syns]}
    lower = {w for d in servedkb.documents(folder) for w in re.findall(r"(?<![A-Za-z])[a-z]+(?![A-Za-z])", d.text)}
    out = [g for g in geos if g.lower() not in known and g.lower().replace("–", "-") not in known
           and any(w not in lower for w in _WORD.findall(g.lower()))]
    return tuple(sorted(out, key=lambda g: (-len(g), g)))


def mark(text: str, folder: str | None = None) -> str:
    """``text`` with each of the KB's market names typed wholly in lower case written as the KB writes it."""
    from mpa.audience_lookups import place_as_typed
    kb = servedkb.folder() if folder is None else folder
    for name in names(kb):
        cased = {w.lower(): w for w in re.findall(r"[A-Za-z]+", name)}

        def one(m: re.Match) -> str:
            said = m.group(0)
            return re.sub(r"[a-z]+", lambda w: cased.get(w.group(0), w.group(0)), said) if said.islower() else said
        text = place_as_typed(name).sub(one, text)
    return text


@lru_cache(maxsize=servedkb.PER_KB)
def markets(folder: str | None) -> tuple[str, ...]:
    """Every market the KB states facts for (without a trailing "DMA"/"metro"), as it writes them."""
    if not folder:
        return ()
    from mpa.facts import kb_facts
    docs = [(d.source, d.text) for d in servedkb.documents(folder)]
    said = {f.geography for f in kb_facts(docs) if f.geography} | set(table_places(docs))
    return tuple(sorted({re.sub(r"\s+(?:DMA|metro|market)$", "", g.strip()) for g in said} - {""}))


# a table column that lists places: its header names the kind of place ("| Rank | DMA | Share of US households |")
_PLACE_COLUMN = re.compile(r"(?:dma|market|metro(?: area)?|city|region)s?", re.I)


def table_places(docs: list[tuple[str, str]]) -> list[str]:
    """The places a KB table lists in a column headed by a kind of place: a ranking of markets by their
    households states facts about each of them (their share, their size) though no fact reader keys a figure by
    them — and a user asking about one of them in lower case is still asking about that market."""
    from mpa.tables import iter_tables
    out = []
    for source, text in docs:
        for rows in iter_tables(text, source):
            for row in rows:
                out += [v for k, v in row.cells.items() if _PLACE_COLUMN.fullmatch(k.strip()) and re.search(r"[A-Z]", v)
                        and not re.search(r"\d", v)]
    return out


def market_named(name: str, folder: str | None = None) -> str | None:
    """The one KB market ``name`` is, typed in any case ("boise", "St Louis DMA"), in the KB's form; else None."""
    from mpa.audience_lookups import place_as_typed
    said = re.sub(r"\s+(?i:dma|metro|market)$", "", " ".join((name or "").split()).strip(" ?.!,"))
    hit = {g for g in markets(servedkb.folder() if folder is None else folder) if place_as_typed(g).fullmatch(said)}
    return hit.pop() if len(hit) == 1 else None

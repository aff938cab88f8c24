"""Audience-size look-ups behind ``get_audience_sizing``: geography names normalised (state codes,
DMAs, "national"), the query's audience matched to one row of the KB's audience table by stems,
and the worked example that shows the row's arithmetic attached.

Split from :mod:`mpa.lookups` (benchmarks, the shared result types and the per-engine table
cache) so each module stays one concept; the same rule holds here: a near miss — a national size
when a state was asked — is worse than no answer, so a missing pair returns ``None`` with a reason.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Iterable, Mapping

from mpa import audience_described, audience_unsaid, resolve
from mpa.lookups import _Tables, _audience_name, tables
from mpa.results import AudienceSizingResult, Lookup, citing
from mpa.tables import AudienceRow
from mpa.vocabulary import VOCABULARY, find_first
from rag.analyzer import get_analyzer
from rag.engine import RetrievalEngine
from rag.types import Chunk
from rag.regexes import compiled

US_STATE_CODES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho",
    "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming", "DC": "District of Columbia",
}
NATIONAL = "United States"
_COMPOUND = re.compile(r"[-/:]")  # a stem joined by these is a compound; compiled once: read per name per query
_NATIONAL_CODES = {"us", "usa", "u.s.", "u.s.a.", "u.s", "america", "united states of america", "national",
                   "nationwide", "nationally", "country", "the us", "the united states", "all of the us"}

# Words that describe any audience; a match on these alone is not a match.
_GENERIC_AUDIENCE_WORDS = {"new", "first", "time", "adult", "peopl", "household", "owner", "user", "custom",
                           "audienc", "consum", "buyer", "plan", "person", "size", "segment", "market", "group"}


def normalize_geography(geography: str | None, known: list[str] | None = None) -> list[str]:
    """Candidate table geographies for a user's geography, best first: None/"US" → United
    States; "TX" → Texas; "Chicago" → Chicago DMA; "New York" → New York, then New York DMA.
    A place that merely contains a known name ("Austin, Texas") does not become that name:
    the Texas size is not Austin's size."""
    if geography is None or not str(geography).strip():
        return [NATIONAL]
    raw = " ".join(str(geography).split()).strip(" .,")
    low = raw.lower()
    dash = _dash(low)
    by_low = {_dash(k.lower()): k for k in (known or [])}
    out: list[str] = []

    def add(name: str | None) -> None:
        if name and name not in out:
            out.append(name)

    if dash in by_low:
        add(by_low[dash])
    coded = re.fullmatch(r"([a-z]{2,4})\.?\s+(dma|metro|market|area|region)", dash)
    if coded:  # "LA DMA", "the NY metro": the DMA the code abbreviates (its words' initials), else the state's
        for kl, k in by_low.items():
            if kl.endswith(" dma") and "".join(w[0] for w in re.split(r"[\s-]+", kl[:-4]) if w) == coded.group(1):
                add(k)
        state = US_STATE_CODES.get(coded.group(1).upper())
        if state:
            if f"{state.lower()} dma" in by_low and coded.group(2) != "region":
                add(by_low[f"{state.lower()} dma"])
            add(state)
        raw = dash = coded.group(1)
    if dash in _NATIONAL_CODES:
        add(NATIONAL)
    if len(raw) == 2 and raw.upper() in US_STATE_CODES:
        add(US_STATE_CODES[raw.upper()])
        if raw.upper() == "LA":
            add("Los Angeles DMA")  # "LA" is far more often Los Angeles than Louisiana in media plans
    for kl, k in by_low.items():  # "Chicago" → "Chicago DMA", "Dallas" → "Dallas–Fort Worth DMA"
        if kl.endswith(" dma"):
            name = kl[:-4]
            if dash in {name, f"{name} metro", f"{name} area", f"{name} market", *(p.strip() for p in name.split("-"))}:
                add(k)
    key = find_first(dash, VOCABULARY["geographies"])
    if key:
        residue = dash
        for syn in sorted(VOCABULARY["geographies"][key] + [key.lower()], key=len, reverse=True):
            residue = compiled(r"(?<![a-z])" + re.escape(_dash(syn)) + r"(?![a-z])").sub(" ", residue)
        if not set(re.findall(r"[a-z]+", residue)) - _GEO_FILLER:
            add(key)
    for name in list(out):  # "New York" / "NY" may also mean the New York DMA (tried second)
        if f"{_dash(name.lower())} dma" in by_low:
            add(by_low[f"{_dash(name.lower())} dma"])
    if not out:
        add(raw)
    return out


_GEO_FILLER = {"the", "state", "of", "dma", "metro", "area", "market", "region", "greater", "in", "us", "usa"}


def _dash(s: str) -> str:
    return s.replace("–", "-").replace("—", "-")


def _stems(text: str) -> set[str]:
    return set(get_analyzer(True, True)(text))


def match_audience(query: str, names: list[str], rows_say: Mapping[str, str] | None = None,
                   places: Iterable[str] = ()) -> str | None:
    """The table audience (one of ``names``, the cells' lower-case names) that ``query``
    describes: a synonym from ``VOCABULARY["audiences"]`` first, else keyword overlap that
    covers at least half of the audience name's weight and includes a non-generic word — and,
    given ``rows_say`` (name → what the table says the audience is), says every specific word of the
    query (:mod:`mpa.audience_unsaid`: "college professors" share "college" with "college students")."""
    q = " ".join((query or "").lower().split())
    if not q:
        return None
    if q in names:
        return q
    key = find_first(q, VOCABULARY["audiences"])
    if key and key in names:
        return key
    qs = _stems(q)
    key = _synonym_words(qs, names)
    if key:
        return key
    initialisms = {t.lower() for t in re.findall(r"\b[A-Z]{2,4}\b", query)}
    best, best_score = None, 0.0
    for name in names:
        ns = {s for s in _stems(name) if not _COMPOUND.search(s)} or _stems(name)  # a compound counts by its parts
        if not ns:
            continue
        qs_name = qs | _spelled_out(initialisms, name)
        weight = {s: (0.3 if s in _GENERIC_AUDIENCE_WORDS else 1.0) for s in ns}
        said = {_bare(x) for x in qs_name}
        hit = {s for s in ns if _bare(s) in said}
        if not any(weight[s] == 1.0 for s in hit):
            continue
        if rows_say is not None:  # an initialism the row spells out ("EV") is the row's word
            own = " ".join([rows_say.get(name, name)] + [i for i in initialisms if _spelled_out({i}, name)])
            if not audience_unsaid.says(query, own, places, name):
                continue
        score = math.fsum(weight[s] for s in hit) / math.fsum(weight.values())  # fsum: a set's order must not break a tie
        if score >= 0.5 and score > best_score:
            best, best_score = name, score
    return best


def _synonym_words(qs: set[str], names: list[str]) -> str | None:
    """The one table audience a synonym of which has all its content words in the query, in any
    order and with other words between ("shoppers for an electric car" has the words of "electric
    car buyers" but the buyer): only synonyms of two or more content words, so that one shared
    word ("business") never decides."""
    said = {_bare(x) for x in qs}
    hits = set()
    for key, syns in VOCABULARY["audiences"].items():
        if key not in names:
            continue
        for syn in syns:
            content = {_bare(x) for x in _stems(syn) if x not in _GENERIC_AUDIENCE_WORDS and not _COMPOUND.search(x)}
            if len(content) >= 2 and content <= said:
                hits.add(key)
    return hits.pop() if len(hits) == 1 else None


def _bare(stem: str) -> str:
    """The stemmer keeps a final "e" in some forms of a word and not in others ("retirees" →
    "retire", "retired" → "retir"): compared without it."""
    return stem[:-1] if stem.endswith("e") and len(stem) > 4 else stem


def _spelled_out(initialisms: set[str], name: str) -> set[str]:
    """Stems of the runs of two or more consecutive words of ``name`` whose initials are one of
    ``initialisms`` (an abbreviation the user wrote in capitals: "EV" → "electric vehicle")."""
    words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]
    out: set[str] = set()
    for i in range(len(words)):
        for j in range(i + 2, min(len(words), i + 4) + 1):
            if "".join(w[0] for w in words[i:j]) in initialisms:
                out |= _stems(" ".join(words[i:j]))
    return out


def lookup_audience_sizing(engine: "RetrievalEngine", audience_type: str, geography: str | None = None) -> Lookup:
    """:func:`get_audience_sizing` plus the reason when nothing is found."""
    t = tables(engine)
    rows = t.audience
    if not rows:
        return Lookup(None, "the knowledge base has no audience sizing table")
    says = row_definitions(rows)
    name = match_audience(audience_type, t.audience_names, says, t.geographies)
    if name is None:  # the row's whole label says more than its name: "Pet-owning households (dog or cat)"
        labels = {r.audience.lower(): _audience_name(r.audience) for r in rows}
        label = match_audience(audience_type, list(labels), {lb: says[n] for lb, n in labels.items()}, t.geographies)
        name = labels[label] if label else None
    if name is None:  # described, not named: "teenagers who game every week" — by what each row says it holds
        name = audience_described.described(audience_type, says, audience_unsaid.keeper(audience_type, says, t.geographies))
    if name is None:
        return Lookup(None, f"it does not size {audience_type!r} (sized audiences: "
                            + "; ".join(dict.fromkeys(_audience_name(r.audience) for r in rows)) + ")")
    mine = [r for r in rows if _audience_name(r.audience) == name]
    geos = [r.geography for r in mine]
    if geography is None or not str(geography).strip():  # "dog owners atlanta", "EV buyers in cali"
        geography = place_said(audience_type, geos, name) or clipped_place(engine, audience_type, t.geographies)
    wanted = normalize_geography(geography, t.geographies)
    row = next((r for g in wanted for r in mine if r.geography.lower() == g.lower()), None)
    if row is None:
        return Lookup(None, f"it sizes {mine[0].audience} only for {', '.join(geos)}, not for {geography or NATIONAL}")
    return Lookup(_audience_result(t, row, [g for g in geos if g != row.geography]))


def row_definitions(rows: list[AudienceRow]) -> dict[str, str]:
    """Each table audience's name → all the table says it is: its label's parentheses and the
    qualifiers of each of its sizes ("× 70% play video games weekly")."""
    out: dict[str, str] = {}
    for r in rows:
        name = _audience_name(r.audience)
        out[name] = " ".join(x for x in (out.get(name) or r.audience, r.qualifiers) if x)
    return out


def place_as_typed(place: str) -> re.Pattern:
    """A place as a user types it, in any case: its name without a trailing "DMA", its dots optional ("st
    louis"), an en dash or a hyphen; a hyphenated market also by its first city ("orlando" for
    "Orlando-Daytona Beach", "minneapolis" for "Minneapolis-St. Paul"). Used by the look-ups and the
    offline agent alike."""
    return _place_pattern(place.lower().replace("–", "-"))


@lru_cache(maxsize=4096)
def _place_pattern(place: str) -> re.Pattern:
    name = re.sub(r"\s+dma$", "", place)
    first = name.split("-")[0].strip() if "-" in name and len(name.split("-")[0].strip()) >= 4 else None

    def form(n: str) -> str:
        return re.escape(n).replace(r"\.", r"\.?").replace(r"\-", "[-–]")
    alt = form(name) + (f"|{form(first)}" if first else "")
    return compiled(rf"(?<![\w-])(?:{alt})(?![\w-])", re.I)


def place_said(text: str, geos: list[str], name: str) -> str | None:
    """The one place the audience is sized for that ``text`` names as typed (:func:`place_as_typed`: "how
    many dog owning households in atlanta" → Atlanta, "… in minneapolis" → Minneapolis-St. Paul), else None.
    Why: people type place names in lower case and the caller may hand the whole phrase over as the audience;
    a place the KB sizes this very audience for is not a word of who is counted. A place word inside the
    audience's own name is not a place; two places named is no one place."""
    low = " ".join((text or "").split())
    own = (name or "").lower()
    found = [g for g in geos if g != NATIONAL and re.sub(r"\s+dma$", "", g.lower().replace("–", "-")) not in own
             and place_as_typed(g).search(low)]
    return found[0] if len(found) == 1 else None


def clipped_place(engine: "RetrievalEngine", text: str, places: list[str]) -> str | None:
    """A place named by a clipped word ("cali", "penn") in ``text``: a word of four letters or
    more that the KB never uses and that begins a word of one of the table's places (its states, its
    DMAs; :func:`mpa.resolve.expand_truncations`), else None — so a sizing question that says where only that way is
    not answered for the whole country."""
    known, names = resolve.known_to(engine), {p: p for p in places}
    for w in re.findall(r"[a-z]{4,}", (text or "").lower()):
        full = resolve.expand_truncations(w, known, names)  # the one clipped-word rule, with places as names
        if full != w:
            return full  # the written-out word ("california"): normalize_geography finds its row
    return None


def get_audience_sizing(engine: "RetrievalEngine", audience_type: str,
                        geography: str | None = None) -> AudienceSizingResult | None:
    """The sized audience from the KB's sizing table, or ``None`` when that audience (or that
    geography for it) is not sized there. ``geography`` None means the United States."""
    return lookup_audience_sizing(engine, audience_type, geography).result


def _audience_result(t: _Tables, row: AudienceRow, others: list[str]) -> AudienceSizingResult:
    end = t.line_end(row.source, row.start)
    chunk = t.chunk_at(row.source, row.start, end)
    unit = "households" if "household" in row.audience.lower() else "people"
    chain = " ".join(x for x in (row.base_population, row.qualifiers) if x)
    methodology = f"{chain} = {row.estimated_size}" + (f" ({row.method})" if row.method else "")
    example = _worked_example(t, row)
    return AudienceSizingResult(
        audience_type=row.audience, total_size=row.size, size_text=row.estimated_size, methodology=methodology,
        geography=row.geography, **citing(chunk, row.source), unit=unit, method=row.method,
        base_population=row.base_population, qualifiers=row.qualifiers,
        worked_example_id=example.id if example else None, other_geographies=others,
    )


def _worked_example(t: _Tables, row: AudienceRow) -> Chunk | None:
    """The "Worked example: <audience> in <geography>" chunk for this row, if the KB has one."""
    name = _stems(_audience_name(row.audience))
    geo = row.geography.lower().replace("–", "-")
    for c in t.by_source.get(row.source, []):
        title = c.section.lower()
        if not title.startswith("worked example"):
            continue
        where = title.rsplit(" in ", 1)[-1].replace("–", "-")
        if where.strip() == geo and name & _stems(title.rsplit(" in ", 1)[0]):
            return c
    return None

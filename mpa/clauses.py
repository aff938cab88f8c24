"""The parts of a prose sentence that each state one figure, and the platform a sentence or heading names.

Why: a KB's prose often states two figures in one sentence, one per business — "Specialty chemical
suppliers paid $1.30-1.55 per click, and packaging suppliers paid $0.85 per click." — and names the
platform in its own words: a platform the vocabulary does not know ("on Quora question ads"), one the KB's
own lists name ("solar installers on Nextdoor"), or only the section's heading ("SECTION 1 - INSTACART ADS").
The sentence reader (:func:`mpa.facts.sentence_facts`) took one figure per sentence and the vocabulary's
platforms only, so such sentences gave no figure or a figure of no platform.
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa.tables import CURRENCY
from mpa.vocabulary import VOCABULARY, find_first
from rag.regexes import said_whole

# ", and packaging suppliers paid …", "; …", " and $0.95-1.20 for …": where a sentence's second statement starts
# (a bare "and" only before a figure: "Home and Kitchen" is one name)
_JOINS = re.compile(r";\s+|,\s+(?:and|but|while|whereas)\s+|\s+and\s+(?=" + CURRENCY + r"\d)", re.I)
# "Walmart Connect clicks cost $0.55": a capitalised name right before the priced unit is whose price it is
_NAME_UNITS_COST = re.compile(r"(?<![A-Za-z])(?P<name>[A-Z][A-Za-z0-9]+(?: [A-Z][A-Za-z0-9]+){0,2}) [a-z]{3,}s "
                              r"(?:cost|costs|ran|run|averaged|average)\b")
# "$1.15 per click on Quora question ads": the price of a unit on a named platform
_ON_NAME = re.compile(r"\bper [a-z]+(?: [a-z]+)? on (?:the )?(?P<name>[A-Z][A-Za-z0-9]+(?: [A-Z][A-Za-z0-9]+){0,2})")
# a sentence that opens with where its figure was bought: "On Nextdoor, gutter cleaning crews paid roughly $12 …"
_OPENS_ON = re.compile(r"(?:[Aa]nd )?[Oo]n (?P<name>[A-Z][A-Za-z0-9]+(?: [A-Z][A-Za-z0-9]+){0,2}),")
# "resorts that advertised on Expedia TravelAds paid …", "installers that ran ads on Nextdoor", "sites that sold nights
# on Pinterest": a capitalised name the businesses bought media on is the platform of the sentence's price, whether or
# not the vocabulary or a list of the KB names it ("on Black Friday" follows no buying verb)
_BOUGHT_ON = re.compile(r"\b(?:advertised|advertising|advertise|ran|run|running|bought|buying|sold|selling|spent|"
                        r"spending|listed|promoted|placed)\b(?: [a-z]+){0,2} (?:on|through|via) (?:the )?"
                        r"(?P<name>[A-Z][A-Za-z0-9]+(?: [A-Z][A-Za-z0-9]+){0,2})")


def clauses(sentence: str) -> list[str]:
    """The statements a sentence joins with "; " or ", and/but/while …" (the whole sentence when it joins none)."""
    return [c for c in _JOINS.split(sentence) if c.strip()]


def platform_said(text: str, own: Iterable[str] = ()) -> str | None:
    """The platform ``text`` names: the vocabulary's, else one of the KB's own (``own``: the names its lists
    give platforms), else the name a price per unit is "on" ("$1.15 per click on Quora")."""
    opens = _OPENS_ON.match(text.strip())  # "On Yelp, residential locksmiths paid … well above their own search ads"
    if opens and not _WHEN.search(opens.group("name")) and not _is_place(opens.group("name")):
        return find_first(opens.group("name"), VOCABULARY["platforms"]) or opens.group("name")
    known = find_first(text, VOCABULARY["platforms"])
    if known:
        return known
    low = text.lower()
    for p in sorted(own, key=len, reverse=True):
        if said_whole(p.lower(), low):
            return p
    m = _ON_NAME.search(text)
    if m:
        return m.group("name")
    m = _BOUGHT_ON.search(text)
    return m.group("name") if m and not _WHEN.search(m.group("name")) and not _is_place(m.group("name")) else None


# a day, a month or a holiday after "on" says when, not where ("sold out on Black Friday", "ran on Mondays")
_WHEN = re.compile(r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b|\b(?:January|February|March|April|May|June|July|"
                   r"August|September|October|November|December|Christmas|Easter|Halloween|Thanksgiving|New Year)\b|"
                   r"\bDay$")


def _is_place(name: str) -> bool:
    """A market's name after "on" ("ran ads on Texas radio") is no platform."""
    from mpa.fact_text import is_geography
    return is_geography(name) or is_geography(name.split()[0])


def priced_by_name(text: str, not_names: Iterable[str] = ()) -> str | None:
    """The name whose units ``text`` prices ("Walmart Connect clicks cost $0.55-0.80" → Walmart Connect), unless
    it is one of ``not_names`` (the KB's verticals: "Pest Control leads cost …" prices a business's leads)."""
    skip = {n.lower() for n in not_names}
    m = _NAME_UNITS_COST.search(text)
    return m.group("name") if m and m.group("name").lower() not in skip else None


def singular_names(labels: Iterable[str]) -> dict[str, str]:
    """Each label and its singular (the last word's plural "s" dropped: "Frozen Foods" → "frozen food", "-ies" made
    "-y": "Continuing Care Retirement Communities" → "… community"),
    lower-cased → the label: prose says "frozen food brands" of a list's "Frozen Foods"."""
    out: dict[str, str] = {}
    for lb in labels:
        out.setdefault(lb.lower(), lb)
        if re.search(r"[^aeiou]ies$", lb, re.I):  # "Retirement Communities" → "retirement community"
            out.setdefault(lb[:-3].lower() + "y", lb)
        elif re.search(r"[a-rt-z]s$", lb, re.I):
            out.setdefault(lb[:-1].lower(), lb)
    return out


def section_headings(text: str) -> list[tuple[int, str]]:
    """(offset, heading) of each framed section heading ("SECTION 1 - INSTACART ADS" between rule lines)."""
    from mpa.fact_text import framed, heading_text, lines_of
    lines = list(lines_of(text))
    return [(off, heading_text(line.strip())) for i, (off, line) in enumerate(lines) if line.strip() and framed(lines, i)]


def heading_at(heads: list[tuple[int, str]], offset: int) -> str:
    """The framed section heading a paragraph at ``offset`` sits under ("" before the first)."""
    return next((h for off, h in reversed(heads) if off <= offset), "")

"""Audience sizes in the forms KBs state them: ``- Denver DMA population 3.4M: …`` bullets,
``Phoenix: 950,000 target audience (18% of population)`` lines under an audience heading,
``- Adults 65 and older: 58.4M`` under a heading that names the country, and sentences ("the
Omaha DMA holds roughly 52,000 new homeowners"; "… about 30,000 of them" takes the audience of
the sentence before)."""
from __future__ import annotations

import re

from mpa.fact_text import (LABELLED, OPERATOR, Fact, fact_unit, is_geography, metric_in, paragraphs,
                           period)
from mpa.audience_listed import block_above, listed_counts
from mpa.line_context import Context
from mpa.audience_several import bare
from mpa.fixed_width import audience_named
from mpa.tables import parse_number

_POPULATION_WORDS = re.compile(r"\b(population|residents|people|persons|adults|households|target audience|audience|"
                               r"individuals|consumers)\b", re.I)
_PEOPLE_NUMBER = re.compile(r"(?<![\d$.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*(?:M|K|million|thousand|billion)\b)",
                            re.I)
_GENERIC_LABEL = re.compile(r"^(base|result|total|step \d+|example|note|source|method)$", re.I)
# a place name's words: capitalised, or the small joining words names keep in lower case — "of", "the", and the
# particles of Romance and Germanic names ("Rio de Janeiro", "Rio Grande do Sul", "Castilla y León", "Den Haag")
# (a capital may be any Latin letter's: "Śląskie", "Łódzkie", "Île-de-France", "Örebro")
_UP = "A-ZÀ-ÖØ-ÞĄĆĘŁŃŚŹŻŠŽČŘĎŤŇŐŰ"
_TITLE_WORD = re.compile(rf"^(?:[{_UP}][\w.'’&-]*|[A-Z]{2,}|DMA|of|the|and|St\.?|d[aeiou]s?|del|della|la|las|los|le|y|"
                         r"von|van|der|den|upon)$")


# a head count as prose writes it ("186,000", "3.4M", "6.7 million") and the words that hedge it
_NUM = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*(?:million|thousand|M|K)\b"


def _people(text: str) -> float | None:
    """The first head count in ``text`` ("3.4M", "950,000", "6.7 million"), read by the tool
    side's one number reader (:func:`mpa.tables.parse_number`)."""
    m = _PEOPLE_NUMBER.search(text)
    return parse_number(m.group(1)) if m else None



def _counted_line(source: str, off: int, line: str, body: str, ctx: Context) -> Fact | None:
    """``- Adults 65 and older: 58.4M`` under a heading that names a place (``NATIONAL COUNTS -
    UNITED STATES``): the label is the audience, the heading gives the geography."""
    m = LABELLED.match(body)
    if not m or fact_unit(m.group("value")) != "people" or "$" in m.group("value") or OPERATOR.match(m.group("rest").strip()):
        return None
    # the heading's parts: "NATIONAL COUNTS - UNITED STATES", "AUDIENCE SIZES (United States, 2025 estimates)"
    geo = next((p.strip() for h in ctx.block for p in re.split(r"\s+[-–—:]\s+|[(),;]", h) if is_geography(p.strip())), None)
    if geo is None and re.search(r"\b(national|nationwide)\b", ctx.text(), re.I):
        geo = "United States"
    label = " ".join(m.group("label").split())
    if geo is None or metric_in(label) or not label[:1].isupper() or _GENERIC_LABEL.match(label):
        return None
    size = _people(m.group("value"))
    return Fact("audience", label, m.group("value").strip(), size, size, "people", source, off, off + len(line),
                form="list", geography=_audience_name(geo), audience=label, period=period(body),
                qualifier=m.group("rest").strip(" ()—-;,"))


def audience_line(source: str, off: int, line: str, body: str, ctx: Context) -> Fact | None:
    return _population_line(source, off, line, body, ctx) or _counted_line(source, off, line, body, ctx)


# "Cebu City: 964,200 residents | 287,000 aged 15 to 29": a place, then counts each with the noun it counts
_COUNTS_ROW = re.compile(rf"^(?P<geo>[{_UP}][\w.'’ -]{{1,40}}): (?P<cells>(?:{_NUM}) [a-z][^|\d]*(?:\d[^|]*)?"
                         rf"(?: \| (?:{_NUM}) [a-z][^|]*)+)$")
_COUNT_CELL = re.compile(rf"^(?P<n>(?:{_NUM})) (?P<what>[a-z].*)$")


def counts_row(source: str, off: int, line: str, body: str) -> list[Fact]:
    """The facts of a place's row of counts, one per cell, each counting the noun written after its figure; a cell
    that only narrows the first ("287,000 aged 15 to 29" after "964,200 residents") counts the first cell's noun so
    narrowed (:func:`mpa.fixed_width.audience_named`: residents aged 15 to 29)."""
    m = _COUNTS_ROW.match(body.strip())
    if not m or not all(_TITLE_WORD.match(w) for w in m.group("geo").split()):  # a place's name
        return []
    cells = [_COUNT_CELL.match(c.strip()) for c in m.group("cells").split(" | ")]
    if not all(cells):
        return []
    names = [m.group("geo")] + [c.group("what").strip() for c in cells]
    geo = m.group("geo").strip()
    return [Fact("audience", geo, c.group("n"), size, size, "people", source, off, off + len(line), form="list",
                 geography=geo, audience=audience_named(names, i)) for i, c in enumerate(cells, 1)
            if (size := _people(c.group("n"))) is not None]


def _population_line(source: str, off: int, line: str, body: str, ctx: Context) -> Fact | None:
    """``Denver DMA population 3.4M: …`` or ``Phoenix: 950,000 target audience (18% of …)``."""
    if not _POPULATION_WORDS.search(body) and not _POPULATION_WORDS.search(ctx.text()):
        return None
    head, _, tail = body.partition(":")
    m = _PEOPLE_NUMBER.search(head) or (_PEOPLE_NUMBER.search(tail) if tail else None)
    if not m or "$" in body[max(0, m.start() - 2):m.start() + 1]:
        return None
    in_head = m.string is head
    if in_head:  # "Denver DMA population 3.4M: source"
        before = head[:m.start()]
        pw = _POPULATION_WORDS.search(before)
        if not pw or before[pw.end():].strip():
            return None  # the population word must sit right before the figure
        geo = before[:pw.start()].strip(" ,-–—")
        what = "population" if re.search(r"\bpopulation\b", head, re.I) else (ctx.text() or "population")
        note = tail.strip()
    else:  # "Phoenix: 950,000 target audience (18% of population)"
        geo = head.strip()
        after = tail[m.end():]
        if tail[:m.start()].strip() or not re.match(r"^\s*(?:" + _POPULATION_WORDS.pattern[2:-2] + r")\b", after, re.I):
            return None
        what = ctx.text() if ctx.block else "population"
        what = "population" if bare("population", [what]) else what  # "NEW ZEALAND POPULATION BY REGION": everyone
        note = after.strip()
        if not (note.count("(") == note.count(")") == 1 and note.endswith(")")):  # "… (12% of population)" stays whole
            note = note.strip(" ()")
    words = geo.split()
    if not words or len(words) > 6 or re.search(r"[\d%=×÷]", geo) or metric_in(geo) or \
            not all(_TITLE_WORD.match(w) for w in re.split(r"[\s-]+", geo) if w):
        return None
    size = _people(m.group(1))
    return Fact("audience", geo, m.group(1).strip(), size, size, "people", source, off, off + len(line),
                form="list", geography=geo, audience=_audience_name(what), period=period(body), qualifier=note)


def _audience_name(heading: str) -> str:
    """The audience a caption counts, without its year in brackets or the rows' dimension after a comma
    ("RESIDENTS AGED 25 TO 34, BY PLANNING AREA (2024)": residents aged 25 to 34)."""
    h = re.sub(r"\s*\((?:19|20)\d\d\)\s*$", "", " ".join(heading.split()))
    h = re.sub(r",\s*by\s+[a-z][a-z -]*$", "", h, flags=re.I)
    return h.title() if h.isupper() else h


_HEDGE = r"(?:roughly|about|approximately|around|some|nearly|almost)"
_HOLDS = re.compile(rf"(?P<geo>(?:[{_UP}][\w.'’-]*\s+){{0,4}}(?:DMA|metro|market|[{_UP}][\w.'’-]*))\s+(?:holds|has|counts|"
                    r"contains|is home to|numbers)\s+(?:roughly|about|approximately|around|some|an estimated\s+)?\s*"
                    rf"(?P<n>{_NUM})\s+(?P<what>[^,;.]+)")


def prose_audience_facts(source: str, text: str) -> list[Fact]:
    """Audience sizes in sentences: "the Raleigh-Durham DMA holds roughly 186,000 adults aged
    25-44 with some college …"; "… the Columbus OH DMA holds about 168,000 of them" takes the
    audience of the sentence before."""
    out = []
    for off, para, _ in paragraphs(text):
        flat = " ".join(para.split())

        def said(geo: str, n: str, what: str, qualifier: str) -> None:  # a count stated in this paragraph
            size = _people(n)
            out.append(Fact("audience", geo, n, size, size, "people", source, off, off + len(para), form="sentence",
                            geography=geo, audience=what, qualifier=qualifier))
        last = block_above(text, off)  # "… Ticino has about 38,000 of them" right under a block: that block's audience
        for m in _HOLDS.finditer(flat):
            what = " ".join(m.group("what").split())
            if re.match(r"^(of )?(them|these|those)\b", what, re.I) or re.match(rf"^and\s+[{_UP}]", what):  # or no noun: "257,000 and Woodlands …"
                if last is None:
                    continue
                what = last
            elif not _POPULATION_WORDS.search(what) and not re.match(r"^[a-z]", what):
                continue
            what = re.split(r"\s+(?:the core|who are|(?<!\bin )(?<!\bwith )which|that is)\b", what)[0].strip()
            what = re.split(rf"\s+and\s+(?=[{_UP}])", what)[0]  # "7.9M people and Antioquia …": the next place's clause
            what = re.sub(r"^(?:such|these|those)\s+", "", what)  # "4.1 million such travellers": the kind said before
            inside = _IN_UNITS.match(flat, m.start("what"))  # "486,000 residents in roughly 195,000 households"
            what = inside.group("w1") if inside else what
            last = what
            geo = re.sub(r"^(?:the|The)\s+", "", m.group("geo")).strip()
            said(geo, m.group("n"), what, flat[m.start():inside.end() if inside else m.end()])
            if inside:  # … and the households those residents live in, a second count of the same place
                said(geo, inside.group("n2"), inside.group("w2"), flat[m.start():inside.end()])
            end = min([e for e in (flat.find(". ", m.end("n")), flat.find(";", m.end("n"))) if e > 0] or [len(flat)])
            for more in _SAME_UNIT.finditer(flat, m.end("n"), end):  # ", Cascais about 214,100" (in this clause)
                geo2 = more.group("geo").strip()
                if is_geography(geo2) or geo2[:1].isupper():
                    said(geo2, more.group("n"), what, flat[more.start():more.end()])
            more = _AND_OF_THEM.match(flat, m.end())  # "…, and the North West about 240,000 of them"
            if more:
                said(re.sub(r"^(?:the|The)\s+", "", more.group("geo")).strip(), more.group("n"), what,
                     flat[more.start():more.end()])
        for m in _NATIONAL.finditer(flat):  # "Nationally, an estimated 68 million households own a dog"
            what = " ".join(m.group("what").split())
            if _POPULATION_WORDS.search(what):
                said("United States", m.group("n"), what, flat[m.start():m.end()])
    listed = {(f.geography, f.value): f for f in listed_counts(source, text)}  # a place by place list (mpa.audience_listed)
    for f in out:  # read by both: the place's population when the list reads it so ("7.9M people")
        if (f.geography, f.value) in listed and listed[(f.geography, f.value)].audience == "population":
            f.audience = "population"
    out = list({(f.geography, f.value, f.audience): f for f in out}.values())  # a clause read from two sentences' ends
    seen = {(f.geography, f.value) for f in out}
    return out + [f for k, f in listed.items() if k not in seen]


# the same count for a second place in the sentence's next clause, without its verb: ", and the North West about
# 240,000 of them"
_AND_OF_THEM = re.compile(r"[^,;.]*[,;]\s+(?:and|while|with)\s+(?P<geo>(?:the\s+)?(?:[A-Z][\w.'’-]*\s+){0,4}(?:DMA|metro|"
                          r"market|[A-Z][\w.'’-]*))\s+(?:(?:holds|has|counts)\s+)?(?:roughly|about|approximately|around|"
                          r"some)?\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*(?:million|thousand|M|K)\b)\s+(?:of )?(?:them|these|those)\b")


# "about 486,000 residents in roughly 195,000 households": two counts of one place, the people and their homes
_IN_UNITS = re.compile(rf"(?P<w1>[a-z]+)\s+in\s+(?:{_HEDGE}\s+)?(?P<n2>{_NUM})\s+(?P<w2>households|homes|families)\b")
# "Sintra has about 385,600 residents, Vila Nova de Gaia about 304,100 and Cascais about 214,100": further places of the
# sentence, each with a count and no noun of its own — the first clause's
_SAME_UNIT = re.compile(rf"(?:,\s*(?:and\s+)?|\s+and\s+)(?P<geo>(?:[{_UP}][\w.'’-]*|de|da|do|dos|das|del|of|the)"
                        rf"(?:\s+(?:[{_UP}][\w.'’-]*|de|da|do|dos|das|del|of|the)){{0,4}})\s+(?:has\s+|holds\s+)?{_HEDGE}\s+"
                        rf"(?P<n>{_NUM})(?=\s*(?:[,;.]|and\b|$))")


# a count said of the whole country ("Nationally, an estimated 68 million households own at least one dog")
_NATIONAL = re.compile(r"\b(?:Nationally|Nationwide|Across the (?:country|United States|US)|In the (?:United States|US)),?\s+"
                       r"(?:there are\s+)?(?:roughly|about|approximately|around|some|an estimated)?\s*"
                       rf"(?P<n>{_NUM})\s+(?P<what>[^,;.]+)")


def one_spelling(facts: list) -> None:
    """In place: an audience the prose counts under the words a block heads it with ("Opolskie holds about 190,000
    pet-owning households" of the block "PET-OWNING HOUSEHOLDS") takes the block's spelling — one audience, not two
    that tie whenever a look-up describes it ("households with a dog or cat")."""
    first: dict[str, str] = {}
    for f in facts:
        if f.kind == "audience" and f.audience:
            f.audience = first.setdefault(" ".join(f.audience.casefold().split()), f.audience)
    blocks = sorted({f.audience for f in facts if f.kind == "audience" and f.audience and f.form != "sentence"})
    for f in facts:  # "Graubünden … holds about 92,000 households" beside "SWISS PRIVATE HOUSEHOLDS BY CANTON": the
        if f.kind == "audience" and f.form == "sentence" and f.audience and f.audience not in blocks \
                and len(one := bare(f.audience, blocks)) == 1 and bare(one[0], [f.audience]):  # list's count, for a
            f.audience = one[0]  # place the list leaves out (the same words both ways: no more, no fewer)

"""Facts from knowledge-base text in the forms such KBs are really written in.

A media-planning KB states its figures in many shapes; this module reads them all into one
list of :class:`Fact` records (benchmarks and audience sizes):

* **tables** — Markdown/pipe benchmark and audience tables (:mod:`mpa.tables`, as before);
* **lists** — ``- Label: value (note)`` or ``Label: value`` rows under a heading that names the
  metric, the platform/channel and the period (``BING ADS CPC BENCHMARKS - 2024`` /
  ``BY VERTICAL - HIGHEST TO LOWEST`` / ``- Accountants and Tax Services: $5.10-5.60``); the
  enclosing section heading fills in what the list heading leaves out;
* **metric lines** — ``Metric: value`` lines under a heading that names one vertical
  (``SOLAR - LEAD GENERATION PROFILE`` / ``Cost Per Lead: $95-140``);
* **sentences** — a sentence naming one metric and a vertical already known from a list or
  table, with one figure in the metric's unit;
* **audience figures** — ``- Denver DMA population 3.4M: …``, ``Phoenix: 950,000 target
  audience (18% of population)`` under an audience heading, and population sentences.

Rows that are not verticals (``Overall Average``, ``All Verticals Average``, country or state
names) are kept with ``vertical=None`` (aggregate rows) or as geography rows, never as a
vertical. Vertical labels are kept as written (``Plumbers and HVAC``); matching a user's words
to them is :func:`mpa.labels.match_labels`' job, not the extractor's.
"""
from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Iterable

from mpa import fixed_width, prose_subject, publisher
from mpa.audience_facts import audience_line, counts_row, one_spelling, prose_audience_facts
from mpa.glossed import metric_modifiers
from mpa.fact_text import (AGGREGATE, BULLET, DURATION, DURATIONS, MARKET_NOTE, MEASURE_NOTE, DECLARED, FIGURE, LABELLED, MD_HEADER, OPERATOR, RANGE, RULE, VALUE,
                           Fact, fact_unit, framed, heading_text, is_geography, is_heading, label_metric, lines_of,
                           metric_in, number_range, paragraphs, period, platform_in)
from mpa.caption_unit import split_unit, unit_sign, with_unit
from mpa.layout import readable
from mpa.clauses import clauses, heading_at, platform_said, priced_by_name, section_headings, singular_names
from mpa.grid_facts import grid_facts
from mpa.line_context import Context
from mpa.platform_names import name_platforms
from mpa.rowscope import rows_scope
from mpa.ledline import platform_led
from mpa.list_rows import kept_rows, names_platforms, row_platform, rows_as_verticals, named_by_source_row
from mpa.tables import CURRENCY, audience_rows, benchmark_rows
from mpa.vocabulary import VOCABULARY, canonical, match_terms
from rag.sentences import sentence_spans

__all__ = ["Fact", "extract_facts", "sentence_facts", "prose_audience_facts", "table_facts", "kb_facts", "text_facts"]


# ------------------------------------------------------------------ extraction
def extract_facts(source: str, text: str) -> list[Fact]:
    """Every list, metric-line and audience fact of one document (tables and sentences are
    read by :func:`kb_facts`, which needs the whole KB)."""
    out: list[Fact] = []
    lines = list(lines_of(text))
    ctx = Context()
    prev_heading = False
    for i, (off, line) in enumerate(lines):
        s = line.strip()
        if s.startswith("META_VERTICALS:"):
            ctx.declared = s.split(":", 1)[1].strip()
        if not s or RULE.match(s) or DECLARED.match(s) or s.startswith("|"):
            continue
        if is_heading(s) or framed(lines, i):  # a framed line heads a section in any case ("Section 3 - Metasearch …")
            h = heading_text(s)
            if framed(lines, i) or (MD_HEADER.match(s) and s.startswith("## ")):
                ctx = Context(section=h, fresh=True)  # its lines may be the section's metrics
            else:
                h, unit = split_unit(h)  # "COST PER BOOKED TEST RIDE, US DOLLARS - 2025": the unit of bare rows
                ctx.block, ctx.unit = ((ctx.block + (h,)), ctx.unit or unit) if prev_heading else ((h,), unit)
                ctx.fresh = True
            prev_heading = True
            continue
        prev_heading = False
        body = BULLET.sub("", s, count=1)
        if counted := counts_row(source, off, line, body):  # "Ithaca: 12,900 households | 11,600 adults aged 25 to 54"
            out.extend(counted)
            continue
        fact = audience_line(source, off, line, body, ctx)
        if fact is None and ctx.fresh:
            fact = _labelled_line(source, off, line, body, ctx)
        if fact is not None:
            out.append(fact)
        elif not BULLET.match(line) and not LABELLED.match(body) and not DASHED.match(body):
            ctx.fresh = False  # prose: what follows is no longer the heading's list
            ctx.scope = rows_scope(s, [f.label for f in out]) or ctx.scope  # "Rows below are for bridal salons only."
    return out


# "Cost per click on Google Ads": the platform said after the metric's name
PLATFORM_SAID = re.compile(r"\s+(?:on|via|in|through|for|from)\s+(?:the\s+)?(?:" + "|".join(
    re.escape(x) for x in sorted({x for syns in VOCABULARY["platforms"].values() for x in syns}, key=len, reverse=True))
    + r")(?![a-z0-9]).*$", re.I)
# "Cost per booking — typically $38 to $52 (seen from $25 to $80)": a label, a dash, a hedged figure
_HEDGE = r"(?:(?:typically|usually|about|around|roughly|approximately|generally|normally|expect)\s+)?"
DASHED = re.compile(rf"^(?P<label>[^:\n—–]{{2,80}}?)\s+[—–]\s+{_HEDGE}(?P<value>{VALUE}(?:\s*(?:[-–—]|to)\s*{VALUE})?)"
                    rf"(?P<rest>.*)$", re.I)
# "$1.10 / $1.65 / $2.40": three figures, low / typical / high
_TRIPLE = re.compile(rf"^\s*/\s*(?P<mid>{VALUE})\s*/\s*(?P<top>{VALUE})(?P<rest>.*)$")
# "(seen from $7.00 to $15.50)", "(range $7–$15.50)": the stress-test bounds around a typical range
_BOUNDS = re.compile(rf"\(\s*[^()$\d]{{0,30}}?(?P<lo>{VALUE})\s*(?:[-–—]|to)\s*(?P<hi>{VALUE})\s*\)")


def _row(body: str):
    m = LABELLED.match(body)
    if m:
        rest = m.group("rest")
        if re.match(r"^(typically|usually|about|around|roughly|approximately)\s", m.group("value")):
            return None
        return m.group("label"), m.group("value"), rest
    m = LABELLED_HEDGED.match(body) or DASHED.match(body)
    return (m.group("label"), m.group("value"), m.group("rest")) if m else None


LABELLED_HEDGED = re.compile(rf"^(?P<label>[^:\n]{{2,80}}?):\s+{_HEDGE}(?P<value>{FIGURE})"
                             rf"(?P<rest>.*)$", re.I)


def _bounds(value: str, rest: str) -> tuple[str, str, str, str]:
    """(typical, low bound, high bound, rest): "$1.10 / $1.65 / $2.40" is low / typical / high when it
    rises; "$38 to $52 (seen from $25 to $80)" has its bounds in brackets when they enclose it."""
    t = _TRIPLE.match(rest)
    if t:
        lo, mid, hi = (number_range(v)[0] for v in (value, t.group("mid"), t.group("top")))
        if None not in (lo, mid, hi) and lo <= mid <= hi:
            return t.group("mid").strip(), value.strip(), t.group("top").strip(), t.group("rest")
    b = _BOUNDS.search(rest)
    lo, hi = number_range(value)
    if b and lo is not None and number_range(b.group("lo"))[0] <= lo and (number_range(b.group("hi"))[1] or 0) >= hi:
        return value.strip(), b.group("lo").strip(), b.group("hi").strip(), rest[:b.start()] + rest[b.end():]
    return value.strip(), "", "", rest


_PROFILE = re.compile(r"\bPROFILE\s*$")  # "CUSTOM TATTOO STUDIO PROFILE": each price or share is that business's own


def _labelled_line(source: str, off: int, line: str, body: str, ctx: Context) -> Fact | None:
    row = _row(body)
    if not row:
        return None
    label = " ".join(row[0].split())
    value, floor, ceiling, rest = _bounds(row[1], row[2])
    said_unit = unit_sign(ctx.unit) if not fact_unit(value) and with_unit(value, ctx.unit) != value else ""
    value = with_unit(value, ctx.unit) if said_unit else value  # "64–82" under "…, US DOLLARS": dollars
    rest = rest.strip()
    if (span_of := DURATION.match(rest)) and not fact_unit(value):  # "2-3 months (shortest)": a figure in months
        value, rest = f"{value.strip()} {span_of.group(1)}", rest[span_of.end():].strip()
    if OPERATOR.match(rest):
        return None  # a worked calculation ("Spend: $250,000 ÷ 2,800 = …"), not a stated figure
    if re.match(r"^[A-Za-z]", rest) and not rest.startswith(("(", "—", "-", ";", ",")) and \
            not re.match(r"^(per|a|an|each)\b", rest, re.I):
        value_unit = fact_unit(value)
        if not value_unit:
            return None  # "Typical Decision Window: 45-90 days": a figure, but not one we can compare
    qualifier = rest.strip(" ()—-;,")
    low, high = number_range(value)
    unit = said_unit or fact_unit(value)
    span = (off, off + len(line))
    plain = PLATFORM_SAID.sub("", label) if platform_in(label) else label  # "Cost per click on Google Ads"
    metric_of_label = label_metric(plain.strip())
    own_name = (unit in DURATIONS or metric_of_label is None and (unit == "x" or unit in ("$", "%") and _PROFILE.search(ctx.text()))) and not any(
        re.search(r"(?i)(?:^|\s)by\s", h) for h in ctx.block)  # "BY GEAR CATEGORY" or "ROAS BY GEAR CATEGORY - FY2025"
    if own_name:  # "CAC Payback: 9-12 months", "Sales Cycle: 3-5 months", "Impression Multiplier: 6.5-8.0x" in a profile
        # (not a "BY VERTICAL" list's row): a figure named by its whole label — a name, not a sentence — never by the
        # vocabulary metric a word of it names (CAC); a multiple no vocabulary metric names is its own, too
        most = 8 if _PROFILE.search(ctx.text()) else 5  # a profile's own figure may be named at length ("wash of an 8 by 10 wool rug")
        short = len(plain.split()) <= most and not re.search(r"[.;,]", plain) and not re.match(r"^[A-Za-z]", rest)
        metric_of_label = " ".join(plain.split()).lower() if short else None
    if metric_of_label and len(re.sub(r"[^a-z]", "", plain.lower())) <= 2 * len(metric_of_label) + 20:
        # "Cost Per Lead: $62-78" inside a vertical's section
        vertical = ctx.vertical()
        if vertical is None and not (ctx.dimension() == "metric" and ctx.platform()):
            return None  # (a "BY METRIC" list under a platform's caption is that platform's own figures, of no vertical)
        said = platform_in(qualifier) if len(qualifier.split()) <= 4 else None  # "- CPC: $3.10–$4.80 (Google search)"
        return Fact("benchmark", label, value, low, high, unit, source, *span, form="metric-line", vertical=vertical,
                    metric=metric_of_label, platform=platform_in(label) or ctx.platform() or said, period=ctx.period(),
                    qualifier=qualifier, floor=floor, ceiling=ceiling)
    metric = ctx.metric()
    if metric is None or unit in ("", "people") or unit in DURATIONS and metric in VOCABULARY["metrics"]:
        return None  # a list of months under a price's caption: not that price
    dim = ctx.dimension()
    if names_platforms(dim):  # "BY PLATFORM": each row names the platform, of the vertical a heading names or of none
        if AGGREGATE.search(label):
            return None
        about = ctx.scope or ctx.rows_about()  # "Rows below are for bridal salons only": narrower than the section
        plat = row_platform(label, dim)
        if about is None:  # of no vertical: the row is named in the qualifier; a channel's publishers keep the channel
            qualifier = f"{dim}: {label}" + (f"; {qualifier}" if qualifier else "")
            plat = ctx.platform() or plat  # ("STREAMING TV CPM" / "BY PUBLISHER": Connected TV, publisher Hulu)
        return Fact("benchmark", label, value, low, high, unit, source, *span, form="list", vertical=about,
                    metric=metric, platform=plat, period=ctx.period(), qualifier=qualifier,
                    floor=floor, ceiling=ceiling)
    geography = label if (dim == "geography" or is_geography(label)) and not AGGREGATE.search(label) else None
    vertical = label if dim == "vertical" and geography is None and not AGGREGATE.search(label) else None
    if vertical is None and geography is None and dim not in ("vertical", "geography"):
        qualifier = f"{dim}: {label}" + (f"; {qualifier}" if qualifier else "")
    if geography is None and (market := ctx.market()):  # "GOOGLE ADS CPC IN GERMANY": each row's figure is Germany's
        qualifier = f"{MARKET_NOTE}{market}" + (f"; {qualifier}" if qualifier else "")
    elif measure := ctx.measure():  # "DAY-30 COHORT ROAS": each row's figure is at that age
        qualifier = f"{MEASURE_NOTE}{measure}" + (f"; {qualifier}" if qualifier else "")
    return Fact("benchmark", label, value, low, high, unit, source, *span, form="list", vertical=vertical,
                metric=metric, platform=ctx.platform(), period=ctx.period(), geography=geography,
                qualifier=qualifier, floor=floor, ceiling=ceiling)


_BETWEEN = re.compile(rf"\bbetween\s+({VALUE})\s+and\s+({VALUE})", re.I)  # prose's range: one figure, "X to Y"
_NEGATION = re.compile(r"\b(no|not|never|without|excluded|n/a)\b", re.I)
_PER_UNIT = re.compile(rf"{CURRENCY}\d[\d,.]*(?:\s*[-–—]\s*{CURRENCY}?\d[\d,.]*)?\s+(?:a|per|each)\s+([a-z]+(?:\s+[a-z]+)?)", re.I)
# "clicks cost $0.55-0.80": the units a price is stated for, before the verb
_UNITS_COST = re.compile(r"\b([a-z]{3,}?)s\s+(?:cost|costs|ran|averaged)\s+(?:about\s+|around\s+)?" + CURRENCY + r"\d", re.I)


def _sentence_metric(sent: str) -> str | None:
    """The one metric a sentence states: named ("cost per lead", "CPC"), or implied by a price
    "per <thing>" ("$3.30 per click" → cost per click)."""
    named = match_terms(re.sub(r"\b([A-Z]{2,5})s\b", r"\1", sent), VOCABULARY["metrics"])  # "CPMs" names CPM
    if len(named) == 1:
        return named[0]
    if named:
        return None
    implied = {metric_in(f"cost per {m.group(1)}") or metric_in(f"cost per {m.group(1).split()[0]}")
               for m in _PER_UNIT.finditer(sent)} | {metric_in(f"cost per {m.group(1)}") for m in _UNITS_COST.finditer(sent)}
    implied.discard(None)
    return implied.pop() if len(implied) == 1 else None


def sentence_facts(source: str, text: str, verticals: Iterable[str], platforms: Iterable[str] = (),
                   metrics: Iterable[str] = (), own_names: dict[str, str] | None = None,
                   publishers: Iterable[str] = ()) -> list[Fact]:
    """Figures stated in prose: a sentence naming exactly one metric (or a price per unit), one
    known vertical label (or its singular), an optional platform (the vocabulary's, the KB's own
    ``platforms``, a price "on" a named one, else the section heading's), and one figure in a comparable
    unit; not a negation. A sentence naming several verticals is read clause by clause
    (:func:`mpa.clauses.clauses`): "…suppliers paid $1.30-1.55 per click, and packaging suppliers paid $0.85";
    a price of units ("Walmart Connect clicks cost $0.55-0.80 for …") states their cost per unit, and the
    capitalised name before the units is the platform when nothing else names one."""
    names_of = singular_names(v for v in verticals if v)
    if not names_of:
        return []
    own = [p for p in platforms if p]
    heads = section_headings(text)
    pat = re.compile(r"(?<![A-Za-z])(" + "|".join(re.escape(v) for v in sorted(names_of, key=len, reverse=True))
                     + r")(?![A-Za-z])", re.I)
    out = []
    for off, para, section in paragraphs(text):
        before: set[str] = set()
        for start, end in sentence_spans(para):
            sent = " ".join(para[start:end].split())
            names = {names_of[x.lower()] for x in pat.findall(sent)}
            if not names and (names := prose_subject.carried(sent, before)):  # "… apps sell …. Their cost per trial …"
                metric = _sentence_metric(sent) or prose_subject.own_metric_said(sent, metrics)
                out += _priced_on(sent, names.pop(), metric, own, source, off + start, off + end, section)
                before = set()
                continue
            before = names
            metric = _sentence_metric(sent) or prose_subject.own_priced_per(sent, own_names or {})  # "per completed quote"
            if not names or _NEGATION.search(sent) or (len(names) == 1 and metric is None):
                continue
            one = _BETWEEN.sub(r"\1 to \2", sent)  # "paid between $40 and $55 per lead": one figure, not two
            for part in ([one] if len(names) == 1 else clauses(one)):
                said = {names_of[x.lower()] for x in pat.findall(part)}
                figures = [f.group("v") for f in RANGE.finditer(part) if fact_unit(f.group("v")) in ("$", "%", "x")]
                what = metric if part is one else (_sentence_metric(part) or metric)
                figures = prose_subject.metric_figures(part, figures, what)  # "$29 CPM and … $31 each": the CPM
                if len(said) != 1 or len(figures) != 1 or what is None:
                    continue
                value = figures[0].strip()
                low, high = number_range(value)
                vertical = said.pop()
                plat = prose_subject.publisher_said(part, publishers) or platform_said(part, own) \
                    or platform_said(sent, own) or platform_said(section, own) \
                    or platform_said(heading_at(heads, off), own) or priced_by_name(sent, names_of)
                if plat and plat not in own and plat not in VOCABULARY["platforms"]:
                    own.append(plat)  # "on Quora": the section's other sentences may name it only in its heading
                out.append(Fact("benchmark", vertical, value, low, high, fact_unit(value), source, off + start,
                                off + end, form="sentence", vertical=vertical, metric=what, platform=plat,
                                period=period(sent, section), qualifier=sent))
    return out


def _priced_on(sent: str, vertical: str, metric: str | None, own: list[str], source: str, start: int, end: int,
               section: str) -> list[Fact]:
    """One fact per platform a sentence prices "on <Platform> … at <figure>" (:mod:`mpa.prose_subject`)."""
    if metric is None or _NEGATION.search(sent):
        return []
    out = []
    for written, value in prose_subject.priced_on(sent):
        low, high = number_range(value)
        plat = row_platform(written)  # a name as written, the vocabulary's only when it is all of it ("Apple Search Ads")
        out.append(Fact("benchmark", vertical, value, low, high, fact_unit(value), source, start, end, form="sentence",
                        vertical=vertical, metric=metric, platform=plat, period=period(sent, section), qualifier=sent))
    return out


# "CPB (cost per booking)", "cost per booking (CPB)", "View-through rate (VTR)": a KB spelling out its own acronym;
# and a glossary line "MER - Marketing efficiency ratio." (the acronym heads the line, its name follows the dash)
_ACRONYM_SAID = re.compile(r"\b([A-Z]{2,6})\s*\(((?:cost|price|spend) per [a-z][a-z -]{2,40}?)\)|"
                           r"\b((?:[Cc]ost|[Pp]rice|[Ss]pend) per [a-z][a-z -]{2,40}?|"
                           r"[A-Z][a-z-]+(?: [a-z-]+){0,3} rat(?:e|io))\s*\(([A-Z]{2,6})\)|"
                           r"^([A-Z]{2,6}) - ([A-Z][a-z-]+(?: [a-z-]+){0,3} (?:rat(?:e|io)|per [a-z]+(?: [a-z]+){0,2}))\.|"
                           r"\b([A-Z]{2,6}) (?:is|means|stands for) (?:the )?((?:cost|price|spend) per [a-z]+(?: [a-z]+){0,3})[.,;]",
                           re.M)  # (and "CPRN is the cost per booked room night." inside a glossary entry)


def own_metric_keys(facts: list[Fact], docs: list[tuple[str, str]]) -> None:
    """One key per metric the KB names itself: a figure labelled "Cost per booking" in one file is the
    "CPB" another file (or a glossary) spells out, so both answer one look-up."""
    named: dict[str, str] = {}
    aside: dict[str, str] = {}  # "CPRN is the cost per booked room night.": a short name said in passing, the rows
    for _, text in docs:  # name the metric in full (shown by that name, so a cited row says what it is)
        for m in _ACRONYM_SAID.finditer(text):
            acr, name = ((m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3)) if m.group(4)
                         else (m.group(5), m.group(6)) if m.group(5) else (m.group(7), m.group(8)))
            if canonical(acr, "metrics") is None:
                (aside if m.group(7) else named).setdefault(" ".join(name.lower().split()), acr)
    for f in facts:
        if f.kind == "benchmark" and f.metric and f.metric.lower() in named:
            f.metric, f.metric_name = named[f.metric.lower()], f.metric.lower()  # asked by either name
        elif f.kind == "benchmark" and f.metric and f.metric.lower() in aside and not f.metric_name:
            f.metric_name = aside[f.metric.lower()]


def kb_metric_names(facts: list[Fact]) -> dict[str, str]:
    """The KB's own metrics (not the vocabulary's) → the label a figure gives it ("CPB" → "Cost per
    booking (CPB)"): what a tool description lists and the agent's parser may read."""
    out: dict[str, str] = {}
    for f in facts:
        if f.kind == "benchmark" and f.metric and not _vocabulary_named(f.metric):
            out.setdefault(f.metric, f.label)
    return out


def _vocabulary_named(metric: str) -> bool:
    """Is ``metric`` a vocabulary metric's key or one of its names — not a longer name of the KB's own holding one
    ("CAC payback", a span of months, holds CAC)?"""
    key = canonical(metric, "metrics")
    return key is not None and (metric == key or metric.lower() in (s.lower() for s in VOCABULARY["metrics"].get(key, [])))


def table_facts(docs: list[tuple[str, str]]) -> list[Fact]:
    """Markdown/pipe tables (:mod:`mpa.tables`) as facts."""
    out = []
    for r in benchmark_rows(docs):
        out.append(Fact("benchmark", r.vertical, r.typical, r.typical_low, r.typical_high,
                        "ratio" if r.unit == ":1" else r.unit, r.source, r.start, r.start, form="table",
                        vertical=r.vertical, metric=r.metric, qualifier=r.when))
    for a in audience_rows(docs):
        out.append(Fact("audience", a.audience, a.estimated_size, a.size, a.size, "people", a.source, a.start, a.start,
                        form="table", geography=a.geography, audience=a.audience, qualifier=a.method))
    return out


def kb_facts(docs: list[tuple[str, str]]) -> list[Fact]:
    """Every fact of a KB given as (source, text) pairs: tables, lists and metric lines, then
    sentences about the verticals those name."""
    return table_facts(docs) + text_facts(docs)


def text_facts(docs: list[tuple[str, str]]) -> list[Fact]:
    """The facts outside tables: lists and metric lines, then sentences naming their verticals.
    Read once per KB text (the tools, the scorers and every engine built on one KB ask again); each
    caller gets its own copies."""
    return [copy.copy(f) for f in _text_facts(tuple(docs))]


@lru_cache(maxsize=64)  # keyed by the KB's whole text: a process that reads many KBs (the tests: ~34) reads each once
def _text_facts(docs: tuple[tuple[str, str], ...]) -> tuple[Fact, ...]:
    docs = tuple((source, readable(text)) for source, text in docs)
    facts: list[Fact] = []
    tabled = {r.source for r in benchmark_rows(docs)}  # read as tables (table_facts) already
    for source, text in docs:
        facts.extend(extract_facts(source, text) + fixed_width.table_facts(source, text, extract_facts))
        if source not in tabled:
            facts.extend(grid_facts(source, text))
        facts.extend(prose_audience_facts(source, text))
    one_spelling(facts)
    own_metric_keys(facts, docs)
    metric_modifiers(facts, docs)  # "VIEWABLE CPM": the KB's vCPM, not a platform "Viewable"
    rows_as_verticals(facts)
    platform_led(facts)  # "Threads Cost Per Click: $0.95" in a profile, Threads being a platform the KB lists
    verticals = {f.vertical for f in facts if f.kind == "benchmark" and f.vertical and f.form != "table"} | kept_rows(facts)
    own = {f.platform for f in facts if f.kind == "benchmark" and f.platform and f.platform not in VOCABULARY["platforms"]
           and not named_by_source_row(f)}
    seen = {(f.source, f.vertical, f.metric, f.platform) for f in facts}
    own_names = {n.lower(): f.metric for f in facts if f.kind == "benchmark" and f.metric
                 for n in (f.metric, f.metric_name) if n and n.lower().startswith("cost per ")}
    pubs = publisher.names(facts)  # "… on Peacock": a channel's publisher the prose prices for a business
    for source, text in docs:
        for f in sentence_facts(source, text, verticals, own, {f.metric for f in facts if f.metric}, own_names, pubs):
            if (f.source, f.vertical, f.metric, f.platform) not in seen:
                seen.add((f.source, f.vertical, f.metric, f.platform))
                facts.append(f)
    rows_as_verticals(facts)  # a kept row the prose prices as a business ("Comedy shows that sold tickets on TikTok …")
    name_platforms(facts, docs)
    return tuple(facts)

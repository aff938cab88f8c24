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

import re
from typing import Iterable

from mpa.audience_facts import audience_line, prose_audience_facts
from mpa.fact_text import (AGGREGATE, BULLET, DECLARED, LABELLED, MD_HEADER, OPERATOR, RANGE, RULE, Context, Fact,
                           fact_unit, framed, heading_text, is_geography, is_heading, lines_of, metric_in,
                           number_range, paragraphs, period, platform_in)
from mpa.tables import audience_rows, benchmark_rows
from mpa.vocabulary import VOCABULARY, match_terms
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
        if not s or RULE.match(s) or DECLARED.match(s) or s.startswith("|"):
            continue
        if is_heading(s):
            h = heading_text(s)
            if framed(lines, i) or (MD_HEADER.match(s) and s.startswith("## ")):
                ctx = Context(section=h)
            else:
                ctx.block = (ctx.block + (h,)) if prev_heading else (h,)
                ctx.fresh = True
            prev_heading = True
            continue
        prev_heading = False
        body = BULLET.sub("", s, count=1)
        fact = audience_line(source, off, line, body, ctx)
        if fact is None and ctx.fresh:
            fact = _labelled_line(source, off, line, body, ctx)
        if fact is not None:
            out.append(fact)
        elif not BULLET.match(line) and not LABELLED.match(body):
            ctx.fresh = False  # prose: what follows is no longer the heading's list
    return out


def _labelled_line(source: str, off: int, line: str, body: str, ctx: Context) -> Fact | None:
    m = LABELLED.match(body)
    if not m:
        return None
    label = " ".join(m.group("label").split())
    value = m.group("value").strip()
    rest = m.group("rest").strip()
    if OPERATOR.match(rest):
        return None  # a worked calculation ("Spend: $250,000 ÷ 2,800 = …"), not a stated figure
    if re.match(r"^[A-Za-z]", rest) and not rest.startswith(("(", "—", "-", ";", ",")) and \
            not re.match(r"^(per|a|an|each)\b", rest, re.I):
        value_unit = fact_unit(value)
        if not value_unit:
            return None  # "Typical Decision Window: 45-90 days": a figure, but not one we can compare
    qualifier = rest.strip(" ()—-;,")
    low, high = number_range(value)
    unit = fact_unit(value)
    span = (off, off + len(line))
    label_metric = metric_in(label)
    if label_metric and len(re.sub(r"[^a-z]", "", label.lower())) <= 2 * len(label_metric) + 20:
        # "Cost Per Lead: $62-78" inside a vertical's section
        vertical = ctx.vertical()
        if vertical is None:
            return None
        return Fact("benchmark", label, value, low, high, unit, source, *span, form="metric-line", vertical=vertical,
                    metric=label_metric, platform=ctx.platform(), period=ctx.period(), qualifier=qualifier)
    metric = ctx.metric()
    if metric is None or unit in ("", "people"):
        return None
    dim = ctx.dimension()
    geography = label if (dim == "geography" or is_geography(label)) and not AGGREGATE.search(label) else None
    vertical = label if dim == "vertical" and geography is None and not AGGREGATE.search(label) else None
    if vertical is None and geography is None and dim not in ("vertical", "geography"):
        qualifier = f"{dim}: {label}" + (f"; {qualifier}" if qualifier else "")
    return Fact("benchmark", label, value, low, high, unit, source, *span, form="list", vertical=vertical,
                metric=metric, platform=ctx.platform(), period=ctx.period(), geography=geography,
                qualifier=qualifier)



_NEGATION = re.compile(r"\b(no|not|never|without|excluded|n/a)\b", re.I)
_PER_UNIT = re.compile(r"[$€£]\d[\d,.]*(?:\s*[-–—]\s*[$€£]?\d[\d,.]*)?\s+(?:a|per|each)\s+([a-z]+(?:\s+[a-z]+)?)", re.I)


def _sentence_metric(sent: str) -> str | None:
    """The one metric a sentence states: named ("cost per lead", "CPC"), or implied by a price
    "per <thing>" ("$3.30 per click" → cost per click)."""
    named = match_terms(re.sub(r"\b([A-Z]{2,5})s\b", r"\1", sent), VOCABULARY["metrics"])  # "CPMs" names CPM
    if len(named) == 1:
        return named[0]
    if named:
        return None
    implied = {metric_in(f"cost per {m.group(1)}") or metric_in(f"cost per {m.group(1).split()[0]}")
               for m in _PER_UNIT.finditer(sent)}
    implied.discard(None)
    return implied.pop() if len(implied) == 1 else None


def sentence_facts(source: str, text: str, verticals: Iterable[str]) -> list[Fact]:
    """Figures stated in prose: a sentence naming exactly one metric (or a price per unit), one
    known vertical label, an optional platform, and one figure in a comparable unit; not a
    negation."""
    labels = sorted({v for v in verticals if v}, key=len, reverse=True)
    if not labels:
        return []
    pat = re.compile(r"(?<![A-Za-z])(" + "|".join(re.escape(v) for v in labels) + r")(?![A-Za-z])", re.I)
    out = []
    for off, para, section in paragraphs(text):
        for start, end in sentence_spans(para):
            sent = " ".join(para[start:end].split())
            names = {x.lower() for x in pat.findall(sent)}
            metric = _sentence_metric(sent)
            if metric is None or len(names) != 1 or _NEGATION.search(sent):
                continue
            figures = [f.group("v") for f in RANGE.finditer(sent) if fact_unit(f.group("v")) in ("$", "%", "x")]
            if len(figures) != 1:
                continue
            value = figures[0].strip()
            low, high = number_range(value)
            vertical = next(v for v in labels if v.lower() in names)
            out.append(Fact("benchmark", vertical, value, low, high, fact_unit(value), source, off + start,
                            off + end, form="sentence", vertical=vertical, metric=metric,
                            platform=platform_in(sent) or platform_in(section), period=period(sent, section),
                            qualifier=sent))
    return out


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
    """The facts outside tables: lists and metric lines, then sentences naming their verticals."""
    facts: list[Fact] = []
    for source, text in docs:
        facts.extend(extract_facts(source, text))
        facts.extend(prose_audience_facts(source, text))
    verticals = {f.vertical for f in facts if f.kind == "benchmark" and f.vertical and f.form != "table"}
    seen = {(f.source, f.vertical, f.metric, f.platform) for f in facts}
    for source, text in docs:
        for f in sentence_facts(source, text, verticals):
            if (f.source, f.vertical, f.metric, f.platform) not in seen:
                seen.add((f.source, f.vertical, f.metric, f.platform))
                facts.append(f)
    return facts

"""Every figure the knowledge base states for one platform or channel and one metric, across
verticals — ``get_benchmark`` with a ``platform`` and no ``vertical``.

Why: "what's the CPM on TikTok?" names a platform and a metric but no vertical. A KB written in
lists (``TIKTOK CPM BENCHMARKS - 2024`` / ``BY VERTICAL - HIGHEST TO LOWEST`` / ``- Pet Supplies:
$3.90``) states no single TikTok CPM, only one per vertical (or per inventory type, per market):
the honest answer is those figures — each with its label and the passage that states it — and
that the figure depends on the vertical. The facts are the ones :mod:`mpa.facts` already reads
for the vertical look-up (``platform``, ``metric``, ``vertical`` and, for lists of another
dimension, a ``"<dimension>: <label>"`` qualifier), so nothing here parses text.

Each figure carries the dimension of the list it comes from ("vertical", "inventory type",
"market", "overall" for an average row), so a reader can give one list's spread at a time.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from mpa.fact_lookups import facts, own_metric_named
from mpa.facts import Fact
from mpa.captions import platforms_in_kb
from mpa.glossed import kb_short_name
from mpa.labelwords import norm
from mpa.lookups import canonical_metric, tables
from mpa.results import Lookup
from mpa.publisher import is_row, listed_under
from rag.engine import RetrievalEngine


@dataclass
class PlatformFigure:
    """One stated figure for the platform × metric: ``label`` (the row's own words), ``dimension``
    (what the list's rows are), the figure verbatim and the chunk that states it."""

    platform: str
    metric: str
    label: str
    dimension: str
    value: str
    note: str
    period: str | None
    chunk_id: str


_NOTE = re.compile(r"(?:; (.*))?$")  # what a row's qualifier notes after "<dimension>: <label>" (publisher.listed_under)


def _dimension(f: Fact) -> tuple[str, str]:
    """(dimension, note): a vertical row, a market row, a row of another dimension (the fact reader
    keeps it as "inventory type: FAST Channels; lowest" in the qualifier) or an aggregate row."""
    if f.vertical:
        return "vertical", f.qualifier
    if f.geography:
        return "market", f.qualifier
    under = listed_under(f)
    m = under and _NOTE.match(f.qualifier, under[1])
    if m:
        return under[0], m.group(1) or ""
    return "overall", f.qualifier


def find_platform_figures(engine: RetrievalEngine, platform: str, metric: str) -> Lookup:
    """``Lookup([PlatformFigure, …], reason)`` — every benchmark fact the KB's text states for the
    platform (a channel names its platforms: "paid social") and the metric, in document order;
    ``[]`` with a reason naming what it does have when none."""
    bench = [f for f in facts(engine) if f.kind == "benchmark" and f.platform and f.metric]
    rows = {id(f): f.label for f in bench if is_row(f)}  # "Hulu" in a "BY PUBLISHER" list of streaming TV
    stated = {f.platform for f in bench} | set(rows.values())
    plats = platforms_in_kb(kb_short_name(platform, tables(engine).texts.values(), stated), stated)
    if not plats and (listed := _captioned(engine, platform, metric)):
        return listed  # "in-game" of "IN-GAME CPM - 2025 / BY PLATFORM": that list's platform rows
    if not plats:
        return Lookup([], f"{platform!r} names no platform or channel it states figures for")
    mine = [f for f in bench if f.platform in plats or rows.get(id(f)) in plats]
    if not mine and not bench:  # its platform figures, if any, are in tables: a search finds them
        return Lookup([], "its lists and lines state no figures by platform (its tables and passages may: search them)")
    if not mine:
        return Lookup([], f"it states no {platform} figures (platforms and channels it gives figures for: "
                          f"{', '.join(sorted({f.platform for f in bench}))})")
    known = sorted({f.metric for f in mine})
    m = canonical_metric(metric, known) or own_metric_named(metric, mine)
    if m not in known and (fused := _named_with_platform(engine, platform, metric)):
        mine, m, known = fused, fused[0].metric, [fused[0].metric]
    if m not in known:
        return Lookup([], f"it has {platform} figures for {', '.join(known)} but none for {metric!r}")
    t = tables(engine)
    out, seen = [], set()
    for f in mine:
        if f.metric != m:
            continue
        dim, note = _dimension(f)
        label = f.vertical or f.geography or f.label
        if (f.platform, dim, label, f.period) in seen:  # a list's row first, a sentence repeating it not again
            continue
        seen.add((f.platform, dim, label, f.period))
        chunk = t.chunk_at(f.source, f.start, f.end)
        plat = (f.platform_name or f.platform) if f.platform in plats else rows.get(id(f), platform)  # the publisher
        # asked, not its channel; the platform asked, for a metric whose name says it ("direct mail response rate")
        out.append(PlatformFigure(plat, m, label, dim, f.value, note, f.period, chunk.id if chunk else ""))
    return Lookup(out)


def _captioned(engine: RetrievalEngine, asked: str, metric: str) -> Lookup | None:
    """The rows of the platform list whose caption names ``asked`` before ``metric`` (:mod:`mpa.captioned`), else None."""
    from mpa.captioned import subject_rows
    rows = subject_rows(engine, facts(engine), asked)
    m = canonical_metric(metric, sorted({f.metric for f in rows})) or own_metric_named(metric, rows)
    t = tables(engine)
    out = [PlatformFigure(asked, m, f.platform_name or f.platform, "platform", f.value, f.qualifier, f.period,
                          getattr(t.chunk_at(f.source, f.start, f.end), "id", "")) for f in rows if f.metric == m]
    return Lookup(out) if out else None


def _named_with_platform(engine: RetrievalEngine, platform: str, metric: str) -> list[Fact]:
    """The figures of a metric whose own name is the platform asked and the metric asked, stated with no platform
    (a caption "DIRECT MAIL RESPONSE RATE BENCHMARKS" is read as the metric "direct mail response rate"): the
    platform's figures for that metric — also asked by that whole name ("twitch completion rate" on Twitch)."""
    wants = {f"{norm(platform)} {norm(metric)}"} | ({norm(metric)} if norm(metric).startswith(norm(platform) + " ") else set())
    return [f for f in facts(engine) if f.kind == "benchmark" and not f.platform and f.metric and norm(f.metric) in wants]


def same_for_every_business(engine: RetrievalEngine, platform: str | None, metric: str) -> bool:
    """The metric is one the KB states only by platform or channel, never for a vertical ("MINIMUM MONTHLY SPEND BY
    PLATFORM": Nextdoor $500), so asked for a business and a platform, the platform's figure is the answer — the
    same for every business — not "no such benchmark for this vertical"."""
    if not (platform or "").strip():
        return False
    bench = [f for f in facts(engine) if f.kind == "benchmark" and f.metric]
    m = canonical_metric(metric, sorted({f.metric for f in bench})) or own_metric_named(metric, bench)
    of_m = [f for f in bench if f.metric == m]
    # rows that are platforms or an overall figure: a list of causes, service models or markets is kept by its own rows
    return bool(of_m) and all(_dimension(f)[0] in ("platform", "overall") or is_row(f) for f in of_m) and bool(
        platforms_in_kb(platform, {f.platform for f in of_m if f.platform} | {f.label for f in of_m if is_row(f)}))


def vertical_is_platform(engine: RetrievalEngine, vertical: str | None, platform: str | None) -> bool:
    """The name given as the business is a platform the KB states figures for and no vertical of it ("vertical=
    'Thumbtack', platform='Thumbtack'" of "we have $8,000 a month for Thumbtack"): the platform's own rows answer,
    not "no benchmark for the vertical 'Thumbtack'"."""
    if not (vertical or "").strip() or (platform and norm(platform) != norm(vertical)):
        return False
    bench = [f for f in facts(engine) if f.kind == "benchmark"]
    if any(f.vertical and norm(f.vertical) == norm(vertical) for f in bench):
        return False
    stated = {f.platform for f in bench if f.platform} | {f.label for f in bench if is_row(f)}
    return bool(platforms_in_kb(vertical, stated))


def lines(found: list[PlatformFigure]) -> list[str]:
    """The tool's text for the figures: a header saying no vertical was given, then one line per
    figure ``- <label> (by <dimension>[, <period>]): <value>[ — <note>] [<id>]``."""
    f0 = found[0]
    plats = list(dict.fromkeys(f.platform for f in found))
    dims = list(dict.fromkeys(f.dimension for f in found if f.dimension != "overall"))
    said = "" if len(plats) == 1 and norm(f0.metric).startswith(norm(plats[0]) + " ") else f"{' / '.join(plats)} "
    head = (f"get_benchmark: {said}{f0.metric} — {len(found)} figure(s) in the knowledge base, "
            f"by {' and by '.join(dims) or 'overall'} (no vertical was given: give each figure with its label, or "
            "the lowest and highest of a long list, and say the figure depends on the vertical; offer to narrow it)")
    if dims == ["platform"]:  # a list asked by its caption's subject (:mod:`mpa.captioned`): one figure per platform
        head = head.split(" (no vertical", 1)[0] + " (give each figure with its platform)"
    out = [head]
    for f in found:
        who = f"{f.platform}, {f.label}" if len(plats) > 1 else f.label
        when = f", {f.period}" if f.period else ""
        note = f" — {f.note}" if f.note else ""
        out.append(f"- {who} (by {f.dimension}{when}): {f.value}{note} [{f.chunk_id}]")
    out.append("Cite each figure with its own id: Based on Knowledge Base [id]")
    return out

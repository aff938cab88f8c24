"""Benchmark figures in grids whose columns a KB names in its own words: comma-separated blocks
(``metric,platform,floor,expected,ceiling``) and pipe tables other than the shipped KB's
``| Metric | Low | Typical | High |`` layout (:mod:`mpa.tables` reads that one).

Why: a KB may lay a benchmark grid out in any column order and call its columns "expected",
"median" or "planning range" instead of "Typical". The columns are read by their role — the
metric, the platform, the vertical, the typical figure, the lower and the upper bound — from
general English names for those roles, never from one KB's header. The vertical comes from a
vertical column, else from the heading above the grid (:meth:`mpa.line_context.Context.vertical`).
"""
from __future__ import annotations

import csv
import re

from mpa.tables import CURRENCY, parse_number
from mpa.fact_text import (Fact, fact_unit, heading_text, is_heading, label_metric, lines_of, number_range,
                           period, platform_in)
from mpa.line_context import Context

# a column's role, by the words a header uses for it
_ROLES = {
    "metric": r"metric|kpi|measure|indicator",
    "platform": r"platform|channel|network|placement|media",
    "vertical": r"vertical|industry|sector|category|business(?: type)?|practice area",
    "typical": r"typical|expected|median|planning(?: range)?|benchmark|mid(?:point|dle)?|normal|average|value|figure",
    "low": r"low|floor|min(?:imum)?|bottom|p10|p25|best(?: case)?|cheapest",
    "high": r"high|ceiling|max(?:imum)?|top|p75|p90|worst(?: case)?|dearest",
    "note": r"notes?|comments?|remarks?|caveats?|context|when(?: it applies)?|applies when",
}
_ROLE_RES = {k: re.compile(rf"^(?:{v})$", re.I) for k, v in _ROLES.items()}
# an audience grid's columns: who, where, how many ("| Segment | Market | Adults (est.) |")
_AUDIENCE_ROLES = {
    "audience": r"audience|segment|group|persona|who|target(?: audience)?",
    "geography": r"geography|geo|market|region|area|dma|state|city|metro|country|location|place",
    "size": r"(?:estimated |approximate |approx )?(?:size|count|number|adults|people|persons|households|population|"
            r"reach|individuals|headcount)(?: est| estimated| approx)?",
}
_AUDIENCE_RES = {k: re.compile(rf"^(?:{v})$", re.I) for k, v in _AUDIENCE_ROLES.items()}


def _roles(header: list[str], res: dict[str, re.Pattern] = _ROLE_RES,
           need: tuple[str, ...] = ("metric", "typical")) -> dict[str, int] | None:
    """Column index per role, when the header names every role in ``need`` (a benchmark grid: a metric
    column and a typical one)."""
    out: dict[str, int] = {}
    for i, cell in enumerate(header):
        name = " ".join(re.sub(r"[^a-z0-9 ]", " ", cell.lower()).split())
        for role, rx in res.items():
            if role not in out and rx.match(name):
                out[role] = i
                break
    return out if set(need) <= set(out) else None


def _csv_cells(line: str) -> list[str]:
    return [c.strip() for c in next(csv.reader([line], skipinitialspace=True))]


def _pipe_cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def grid_facts(source: str, text: str) -> list[Fact]:
    """Benchmark and audience facts of the role-named grids of one document."""
    lines = list(lines_of(text))
    out: list[Fact] = []
    ctx = Context()
    i = 0
    while i < len(lines):
        off, line = lines[i]
        s = line.strip()
        if is_heading(s) and not s.startswith("|"):
            h = heading_text(s)
            ctx = Context(section=h) if s.startswith("## ") else Context(section=ctx.section, block=(h,))
            i += 1
            continue
        pipe = s.startswith("|") and i + 1 < len(lines) and re.match(r"^\s*\|?\s*:?-{3,}", lines[i + 1][1])
        bars = s.count("|") if not pipe and not s.startswith("|") and i + 1 < len(lines) \
            and s.count("|") >= 2 and lines[i + 1][1].count("|") == s.count("|") else 0  # "Canton | CPC | CPM", no rule
        cells_of = _pipe_cells if pipe or bars else _csv_cells
        header = cells_of(s) if (pipe or bars or s.count(",") >= 2) and "$" not in s else []
        roles = _roles(header) if header else None
        people = _roles(header, _AUDIENCE_RES, ("audience", "geography", "size")) if header and not roles and not \
            {"Audience", "Geography", "Estimated size"} <= set(header) else None  # that one: mpa.tables
        wide = _wide(header) if header and roles is None and people is None else None
        if roles is None and people is None and wide is None:
            i += 1
            continue
        j = i + (2 if pipe else 1)
        money = stated_currency([ln for _, ln in lines[max(0, i - 8):i]])  # "All prices … in Swiss francs (CHF)"
        while j < len(lines) and lines[j][1].strip() and (not pipe or lines[j][1].lstrip().startswith("|")) \
                and (not bars or lines[j][1].count("|") == bars):
            row_off, row = lines[j]
            cells = cells_of(row.strip())
            if len(cells) == len(header):
                found = _wide_facts(source, row_off, row, cells, header, wide, ctx, money) if wide else [
                    _fact(source, row_off, row, cells, roles, ctx) if roles else
                    _audience(source, row_off, row, cells, people)]
                out.extend(f for f in found if f is not None)
            j += 1
        i = j
    return out


def _fact(source: str, off: int, row: str, cells: list[str], roles: dict[str, int], ctx: Context) -> Fact | None:
    def cell(role: str) -> str:
        return cells[roles[role]] if role in roles else ""

    label, value = cell("metric"), re.sub(r"\s*[-–—]\s*(?=" + CURRENCY + r"?\d)", "-", cell("typical"))
    metric = label_metric(label.split("(")[0].strip()) or label_metric(label)
    unit = fact_unit(value)
    vertical = cell("vertical") or ctx.vertical()
    if metric is None or not vertical or unit in ("", "people"):
        return None
    low, high = number_range(value)
    if low is None:
        return None
    where = cell("platform")
    platform = platform_in(where) if where else ctx.platform()
    qualifier = "" if platform or not where else f"{where}"
    qualifier = "; ".join(q for q in (qualifier, cell("note")) if q)  # "Delivery and catering terms cost the most"
    return Fact("benchmark", label, value, low, high, unit, source, off, off + len(row), form="list",
                vertical=vertical, metric=metric, platform=platform, period=period(ctx.text(), ctx.section),
                qualifier=qualifier, floor=cell("low"), ceiling=cell("high"))


def _wide(header: list[str]) -> dict[int, str] | None:
    """A grid with one row per vertical and one column per metric — "| Industry | CPM | CPC | CTR |":
    {column: metric}, when its first column names verticals and two or more of the others name a metric. A grid of platform rows is left out: the heading over it need name no vertical
    ("Illustrative cost ranges" over kb/'s social platforms)."""
    first = " ".join(re.sub(r"[^a-z0-9 ]", " ", header[0].lower()).split()) if header else ""
    metrics = {i: m for i, h in enumerate(header[1:], start=1) if (m := label_metric(h.split("(")[0].strip()))}
    return metrics if (_ROLE_RES["vertical"].match(first) or _PLACE_COLUMN.match(first)) and len(metrics) >= 2 else None


# a first column of places ("Canton | Google Ads CPC | Meta CPM", "Market | …"): each row is a market's figures
_PLACE_COLUMN = re.compile(r"^(?:market|country|region|state|province|canton|department|county|city|metro|"
                           r"metropolitan area|dma|geography|territory|prefecture|voivodeship)s?$")


def _wide_facts(source: str, off: int, row: str, cells: list[str], header: list[str],
                metrics: dict[int, str], ctx: Context, money: str = "") -> list[Fact]:
    """One benchmark fact per metric column of a row of a :func:`_wide` grid: the row names the vertical, or the
    market when the first column is one of places (of no vertical: "for hotels of every type together"). A column
    names its platform ("Google Ads CPC", "Meta CPM"); a figure without a unit is in the currency the text over the
    grid states once (``money``)."""
    name, platform = cells[0].strip(" *"), ctx.platform()
    place = bool(_PLACE_COLUMN.match(" ".join(re.sub(r"[^a-z0-9 ]", " ", header[0].lower()).split())))
    out = []
    for i, metric in metrics.items():
        value = re.sub(r"\s*[-–—]\s*(?=" + CURRENCY + r"?\d)", "-", cells[i])
        if money and not fact_unit(value) and re.fullmatch(r"\d[\d,.]*(?:-\d[\d,.]*)?", value):
            value = f"{money} {value}"
        low, high = number_range(value)
        if low is None or not name or fact_unit(value) in ("", "people"):
            continue
        out.append(Fact("benchmark", name if place else header[i], value, low, high, fact_unit(value), source, off,
                        off + len(row),
                        form="list", vertical=None if place else name, geography=name if place else None,
                        metric=metric, platform=platform_in(header[i]) or platform,
                        period=period(ctx.text(), ctx.section)))
    return out


def stated_currency(above: list[str]) -> str:
    """The currency code the text right above a grid states its prices in ("All prices in this table are in Swiss
    francs (CHF)"), when it names one; else ""."""
    from mpa.money import ISO_MONEY
    codes = {c for ln in above for c in re.findall(r"\(([A-Z]{3})\)", ln) if c in ISO_MONEY}
    return codes.pop() if len(codes) == 1 else ""


def _audience(source: str, off: int, row: str, cells: list[str], roles: dict[str, int]) -> Fact | None:
    who, where, size = (cells[roles[r]].strip(" *") for r in ("audience", "geography", "size"))
    n = parse_number(size)
    if not who or not where or n is None or "$" in size or "%" in size:
        return None
    return Fact("audience", who, size, n, n, "people", source, off, off + len(row), form="list", geography=where,
                audience=who, qualifier="; ".join(c for k, c in enumerate(cells) if k not in roles.values() and c))

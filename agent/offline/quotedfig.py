"""A figure the user says comes from the knowledge base's table ("at the High education figure of
$280 per enrollment, how many …?") is checked against that table, and the row holding it is cited.

Why: the arithmetic needs nothing looked up — the price is given — but the figure is the KB's, so
the answer should say where it comes from, and the user's name for the row ("per enrollment") need
not be the table's ("CPA (cost per acquisition)"). So each priced row of the vertical's table is
looked up, and only the row whose named column (High, Low, Typical) holds the figure is kept; the
others are no answer. Read are English cues (a column's name next to "figure", "value", "end"…)
and the tool's own fields; nothing is kept when no row holds the figure.
"""
from __future__ import annotations

import re

from agent.offline import compose
from agent.offline.parse import PER_THOUSAND, UNIT_OF, Parsed
from agent.offline.toolread import ToolOutcome

# "the High education figure", "the typical value", "the low-end cost": a column of the table, named
_COLUMN = re.compile(r"\b(high|low|typical)\b(?:[- ]end)?[^.?!$\d]{0,30}?\b(?:figure|value|number|cost|price|benchmark|"
                     r"rate)s?\b", re.I)
_SWEEP = [m for m in UNIT_OF if m not in PER_THOUSAND]


def _quoted(text: str, p: Parsed) -> tuple[str, float] | None:
    """(the column named, the money figure the user gives as a price), or None."""
    m = _COLUMN.search(text)
    price = next((n for n in p.numbers if (n.role or "").startswith("price") and n.money), None)
    return (m.group(1).lower(), price.value) if m and price else None


def calls(text: str, p: Parsed, vertical: str | None, tools: set[str]) -> list[tuple[str, dict]]:
    """The lookups of each priced row of the vertical's table, when the user quotes a figure from one."""
    if not vertical or "get_benchmark" not in tools or not _quoted(text, p):
        return []
    return [("get_benchmark", {"vertical": vertical, "metric": m}) for m in _SWEEP]


def _holds(o: ToolOutcome, column: str, v: float) -> bool:
    b = compose.bench_fields(o)
    ends = [re.findall(r"\d[\d,]*(?:\.\d+)?", value) for _, value, _ in b["facts"]] + [[str(x) for x in b["range"]]]
    ends = [e for e in ends if e]  # a table without Low/High columns: the ends of each range it lists
    cells = {"high": [b["high"]] if b["high"] else [e[-1] for e in ends], "low": [b["low"]] if b["low"] else
             [e[0] for e in ends], "typical": [x for e in ends for x in e]}[column]
    return any(abs(float(re.sub(r"[^\d.]", "", c) or "nan") - v) < 0.005 for c in cells if re.search(r"\d", c))


def kept(text: str, p: Parsed, outcomes: list[ToolOutcome]) -> list[ToolOutcome]:
    """The outcomes with, of the rows swept by :func:`calls`, only the one holding the quoted figure."""
    got = _quoted(text, p)
    swept = [o for o in outcomes if o.name == "get_benchmark"]
    if not got or sorted(o.input.get("metric", "") for o in swept) != sorted(_SWEEP):
        return outcomes
    hit = [o for o in swept if o.found and _holds(o, *got)]
    return [o for o in outcomes if o.name != "get_benchmark"] + hit[:1]

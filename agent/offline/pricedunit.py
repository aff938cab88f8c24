"""The unit a price buys, as a calculation names it: "$5,800 ÷ $29 = 200 booked stays".

Why a module: the budget-division working names what the budget buys. The vocabulary's prices name their units
(CPL → leads, CPM → impressions); a KB's own price names its unit in its name ("cost per booked stay" → booked stays),
and a question that asks "how many do we get?" right after that price asks for those — not for "units".
"""
from __future__ import annotations

from agent.offline import kbmetrics
from agent.offline.priceforms import PER_THOUSAND, UNIT_OF
from agent.offline.rowprice import plural


def own_price(metric: str | None) -> bool:
    """A price the KB declares by its unit ("cost per booked stay"): what a budget buys when no unit is asked."""
    return bool(metric) and metric.lower().startswith("cost per ") and kbmetrics.says(metric)


def noun(asked: str, metric: str | None) -> str:
    """The plural noun a budget divided by ``metric``'s price counts: the unit the user asked (``asked``), else the
    metric's unit ("leads", "impressions", "booked stays"), else ""."""
    if asked:
        return asked
    if metric in PER_THOUSAND:
        return "impressions"
    unit = UNIT_OF.get(metric or "", "") or (metric[len("cost per "):] if own_price(metric) else "")
    return unit if not unit or unit.endswith("s") and not unit.endswith("ss") else plural(unit)  # "booked classes"

"""Which of two figures is lower or higher, when the question asks it: "Which is cheaper per click for a
dentist, Google or Meta?" got both figures and no answer to "which".

Why a module: the look-ups return one figure per side and the composer quotes each; the comparison the user
asked for is one line of arithmetic on the two ranges the tools returned — said first, each figure cited.
When the ranges overlap, neither side is clearly lower and nothing is added: the quoted figures show it.
"""
from __future__ import annotations

import re

from agent.offline.toolread import ToolOutcome, benchmark_of, figures

_LOW = re.compile(r"\b(?:cheaper|less expensive|lower|(?:costs?|runs?) less)\b", re.I)
_HIGH = re.compile(r"\b(?:more expensive|pricier|dearer|costlier|higher|(?:costs?|runs?) more)\b", re.I)


def _ends(o: ToolOutcome) -> tuple[float, float, str, str] | None:
    """(low, high, the figure as the KB writes it, its cited id) of a found look-up with one figure or range."""
    b = benchmark_of(o)
    value, cid = (b["typical"], b["id"]) if b["typical"] and not b["facts"][1:] else (
        (b["facts"][0][1], b["facts"][0][2]) if len(b["facts"]) == 1 else ("", ""))
    nums = figures(value)[:2]
    return (min(nums), max(nums), value, cid) if nums and cid else None


def line(question: str, outcomes: list[ToolOutcome]) -> str | None:
    """"Based on Knowledge Base, Meta's CPC is lower: $3.40-3.90 [id] for Google Ads against $1.30-1.55 [id] for
    Meta." for a question asking which of two sides is cheaper / higher, when exactly two look-ups of one metric
    found one figure each and the two do not overlap; else None."""
    found = [o for o in outcomes if o.name == "get_benchmark" and o.found]
    high = bool(_HIGH.search(question))
    if high == bool(_LOW.search(question)) or len(found) != 2 or len({o.input.get("metric") for o in found}) != 1:
        return None
    if any("not in the knowledge base" in o.content.split("Knowledge-base passages follow")[0] for o in found):
        return None  # a figure not of the side asked for ("Platform: not in the knowledge base")
    a, b = found
    side = "platform" if a.input.get("platform") != b.input.get("platform") else "vertical"
    names = [str(o.input.get(side) or "") for o in found]
    ends = [_ends(o) for o in found]
    if not all(names) or names[0] == names[1] or not all(ends) or ends[0][2:] == ends[1][2:]:
        return None
    (lo_a, hi_a, fig_a, id_a), (lo_b, hi_b, fig_b, id_b) = ends
    metric = a.input.get("metric", "")
    shown = f"{fig_a} [{id_a}] for {names[0]} against {fig_b} [{id_b}] for {names[1]}"
    if not (hi_a < lo_b or hi_b < lo_a):
        return None  # the ranges overlap: the figures quoted show it, and no side is clearly lower
    side_a_low = hi_a < lo_b
    who = names[0] if side_a_low != high else names[1]
    return f"Based on Knowledge Base, {who}{_possessive(who)} {metric} is {'higher' if high else 'lower'}: {shown}."


def _possessive(name: str) -> str:
    return "'" if name.endswith("s") else "'s"

"""The working lines the agent's earlier answers showed, read back as whole chains: "$12,000 ÷ $1.30 ≈ 9,230.77
clicks" then "9,230.77 × 1.8% ≈ 166 orders" is one chain, "$12,000 ÷ $1.30 × 1.8%", counting orders.

Why a module: several follow-ups walk on from the last step of a funnel the conversation worked out turn by turn —
its worth (:mod:`unitworth`), a target worked back through it (:mod:`chainback`), a goal against it (:mod:`shortfall`),
a share of its last count (:mod:`carryrate`). One reader keeps them reading the same lines the same way, recomputed
from the operands (never from rounded results), and picks the chain worked per the period a message names.
"""
from __future__ import annotations

import re

# "- $12,000 ÷ $1.30 ≈ 9,230.77 clicks at the top …", "- 9,230.77 × 1.8% ≈ 166 orders", "- 150 ÷ 10 = 15 trucks"
_LINE = re.compile(r"^-\s*(?P<expr>\$?[\d,]+(?:\.\d+)?%?(?:\s*[÷×]\s*\$?[\d,]+(?:\.\d+)?%?)+)\s*[=≈]\s*\$?[\d,]+(?:\.\d+)?"
                   r"\s+(?P<unit>[a-z][a-z ]*?)(?P<tail>\s+(?:at|a|per)\b[^\[\n]*?)?(?:\s*\[[^\]\n]+\])*[ \t]*$", re.M)
_TOKEN = re.compile(r"([÷×])?\s*(\$)?([\d,]+(?:\.\d+)?)(%)?")
_PERIOD = re.compile(r"\b(?:in a|a|per|each|every|over the|over a)\s+(day|week|month|year|quarter)\b", re.I)


def of_period(found: list, said: str) -> tuple[list, bool]:
    """(the chains worked per the period ``said`` names — "a year" — else those worked per no period, whether the
    first), so a count said per year meets the chain worked per year, and a plain one the plain chain."""
    period = _PERIOD.search(said)
    timed = [c for c in found if period and re.search(rf"\ba {period.group(1)}\b", c[2] + c[3], re.I)]
    return timed or [c for c in found if not re.search(r"\ba (?:day|week|month|year|quarter)\b", c[2] + c[3])], bool(timed)


def _evaluate(expr: str) -> float:
    v = None
    for op, _, num, pct in _TOKEN.findall(expr):
        x = float(num.replace(",", "")) / (100 if pct else 1)
        v = x if v is None else v / x if op == "÷" else v * x
    return v or 0.0


def chains(answer: str, earlier: str = "") -> list[tuple[float, str, str, str, float]]:
    """(the count, its whole working "$12,000 ÷ $1.30 × 1.8%", its unit, its tail, the budget it started from) of each
    last step of ``answer``'s working lines: a line whose first figure is an earlier line's result carries that chain on
    (a line of the ``earlier`` answers too: "200 × 25% = 50" after "$8,000 ÷ $40 = 200 leads" was worked a turn before)."""
    made: list[list] = []  # [count, expr, unit, tail, budget, extended]
    own = None
    for m in [*_LINE.finditer(earlier or ""), None, *_LINE.finditer(answer or "")]:
        if m is None:  # the earlier answers read: what follows is this answer's own
            own = len(made)
            continue
        expr, unit, tail = m.group("expr"), m.group("unit").strip(), m.group("tail") or ""
        if re.match(r"(?:in|back)\b", unit):
            continue  # money a count brought ("in sales", "back for every $1"): no count, no step of the funnel
        first = _TOKEN.match(expr)
        head = float(first.group(3).replace(",", "")) if first else 0.0
        base = next((c for c in reversed(made) if not first.group(2) and abs(c[0] - head) <= max(0.01, 0.006 * c[0])), None)
        if base is not None:
            base[5] = True
            rest = expr[first.end():]
            whole = base[1] + rest
            made.append([_evaluate(whole), whole, unit, base[3] + tail, base[4], False])
        else:
            made.append([_evaluate(expr), expr, unit, tail, head if first and first.group(2) else 0.0, False])
    return [tuple(c[:5]) for c in made[own:] if not c[5] and c[4]]

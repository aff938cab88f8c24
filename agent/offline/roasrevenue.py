"""Spend × ROAS: the revenue a stated spend brings back at the KB's return on ad spend.

Why its own module: :mod:`agent.offline.stagerate` reads the question ("if i spend $200,000, what revenue" asks
ROAS) and the conversation's memory reads turns with it; the working needs the arithmetic's per-platform ends
(:func:`agent.offline.arith._per_platform`), and the arithmetic reads the memory — so the working sits apart.
"""
from __future__ import annotations

from agent.offline import stagerate
from agent.offline.arith import _per_platform
from agent.offline.numbers import money
from agent.offline.parse import Parsed


def revenue(p: Parsed, bench: dict[str, dict]) -> str | None:
    """The spend × ROAS working at each end of the looked-up Typical ROAS range — or at each platform's own figure
    when the KB gives one per platform (:func:`agent.offline.arith._per_platform`) — when :func:`agent.offline.stagerate.rate` reads a
    revenue question of a spend; else None."""
    b = bench.get("ROAS")
    spend = p.value("budget")
    if stagerate.rate(p) != "ROAS" or not b or spend is None:
        return None
    ends = list(dict.fromkeys(b.get("range") or []))
    cite = b["facts"][0][2] if b.get("facts") else b["id"]
    if len(ends) in (1, 2):
        at = [(x, w) for x, w in zip(ends, ["at the bottom of the Typical range", "at the top of the Typical range"]
                                      if len(ends) == 2 else ["at the Typical figure"])]
        head = f"With the Typical {b['label'].split(' — ')[0]} range of {b['typical']} (Based on Knowledge Base [{cite}])"
    else:
        at = [(x, w) for x, w, _ in _per_platform(bench, "ROAS")]
        head = "At each platform's ROAS figure, since the figures differ by platform"
    lines = [f"- {money(spend)} × {x:.1f} = {money(spend * x)} in attributed revenue {w}" for x, w in at]
    return f"{head}, on your {money(spend)} of spend:\n" + "\n".join(lines) if lines else None

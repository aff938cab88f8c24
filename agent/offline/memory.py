"""The conversation's slots, carried across turns: the business (vertical or the user's phrase
for it), the metrics and audience last asked about, the geography, the budget, the last unit
price and count, the lifetime value, and the benchmark ranges the tools returned.

Why: people lean on earlier turns — "And for fintech?", "the top of that range", "same price,
how many now?", "our budget changed to 80000, redo it". Each slot is overwritten by the latest
turn that states it, so a data change replaces the old value. The benchmark ranges are read
from earlier turns' tool results (what the user was actually shown), never invented.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.offline.parse import UNIT_OF, Parsed, parse, unit_metric
from agent.offline.toolread import ToolOutcome


@dataclass
class Memory:
    vertical: str | None = None
    business: str | None = None          # a phrase the tool resolved (or not) to a vertical
    metrics: list[str] = field(default_factory=list)
    metric_phrases: list[str] = field(default_factory=list)
    audiences: list[tuple[str, str | None]] = field(default_factory=list)
    geography: str | None = None
    facts: dict[str, float] = field(default_factory=dict)   # budget, price, LTV, count
    price_metric: str | None = None       # what the remembered price is a price of
    unit: str = ""
    ranges: dict[str, tuple[float, float, str]] = field(default_factory=dict)  # metric → (lo, hi, cite id)
    highs: dict[str, tuple[float, str]] = field(default_factory=dict)          # metric → (High value, cite id)
    last_metric: str | None = None
    last_kind: str | None = None          # "benchmark" / "audience" / "calc"


def bench_range(o: ToolOutcome) -> tuple[str, str, tuple[float, float] | None, float | None]:
    """(vertical, metric, (lo, hi) of the Typical range, High value) from a get_benchmark result."""
    head = o.fields.get("get_benchmark", "")
    vertical = head.split(" ", 1)[0] if head else ""
    metric = head.split(" ", 2)[1] if head.count(" ") >= 1 else o.input.get("metric", "")
    typical = o.fields.get("Typical (plan with this)", "")
    nums = [float(x.replace(",", "")) for x in re.findall(r"\d[\d,]*(?:\.\d+)?", re.sub(r":1\b", "", typical))]
    high = re.search(r"High: \D*(\d[\d,]*(?:\.\d+)?)", o.fields.get("Low", "") and "Low: " + o.fields["Low"])
    return vertical, metric, (nums[0], nums[1]) if len(nums) >= 2 else None, (
        float(high.group(1).replace(",", "")) if high else None)


def remember(history: list[tuple[str, list[ToolOutcome]]]) -> Memory:
    """Slots after the given (user text, tool outcomes) turns, oldest first."""
    mem = Memory()
    for text, outcomes in history:
        update(mem, parse(text), outcomes)
    return mem


def update(mem: Memory, p: Parsed, outcomes: list[ToolOutcome]) -> None:
    if p.vertical:
        mem.vertical, mem.business = p.vertical, None
    elif p.industry_phrase:
        mem.vertical, mem.business = None, p.industry_phrase
    elif p.business_phrase:
        mem.business = p.business_phrase
    if p.metrics or p.metric_phrases:
        mem.metrics, mem.metric_phrases = list(p.metrics), list(p.metric_phrases)
        mem.last_metric = (p.metrics or [None])[-1]
        mem.last_kind = "benchmark"
    if p.audiences:
        mem.audiences = list(p.audiences)
        mem.last_kind = "audience"
    if p.geographies:
        mem.geography = p.geographies[-1]
    for n in p.numbers:
        role = n.role or ""
        if role.startswith("price"):
            mem.facts["price"] = n.value
            unit = role.split(":", 1)[1] if ":" in role else ""
            mem.price_metric = unit if unit in UNIT_OF else (unit_metric(unit) or p.calc and _metric_for_unit(p.unit)
                                                             or mem.price_metric)
        elif role in ("budget", "LTV", "count"):
            mem.facts[role] = n.value
    if p.unit:
        mem.unit = p.unit
    if p.calc:
        mem.last_kind = "calc"
    for o in outcomes:
        if o.name == "get_benchmark" and o.found:
            vertical, metric, rng, high = bench_range(o)
            if vertical and not p.industry_phrase:
                mem.vertical = vertical
            if rng:
                mem.ranges[metric] = (rng[0], rng[1], o.passages[0]["id"])
                mem.last_metric = metric
            if high is not None:
                mem.highs[metric] = (high, o.passages[0]["id"])
        if o.name == "get_audience_sizing" and o.found:
            mem.last_kind = "audience"


def _metric_for_unit(unit: str) -> str | None:
    return unit_metric(re.sub(r"s$", "", unit)) if unit else None

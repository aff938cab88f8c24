"""The user's own results forecast from their budget when the knowledge base has no price for one of them: say so,
and ask for the price — the one input missing — instead of only declining.

Why: "we have 24k for the quarter … how many new donors can we realistically expect from that?" divides the budget
by what one donor costs. For a business the knowledge base has no table for (or a metric its table lacks) the
look-up comes back empty, and the reply was a bare abstention: true, but it leaves the user nowhere, though the
calculation needs exactly one figure they may well have (their own cost per donor from past appeals, or a small
test). A forecast of the user's own results (:func:`agent.offline.planinputs.own_forecast`) with the budget known
and every miss a benchmark miss is answered with the decline and that one question; a general question ("how many
leads do law firms usually get?") or a look-up of the benchmark itself keeps the plain decline.
"""
from __future__ import annotations

from agent.offline import compose
from agent.offline.memory import Memory
from agent.offline.parse import Parsed
from agent.offline.planinputs import own_forecast, singular


_NOTHING = "information that answers this question"  # what a search that found nothing is said to lack


def ask(p: Parsed, mem: Memory, misses: list[tuple[str, str]]) -> str | None:
    """The decline of the missing benchmark with the question for the user's own price of one result,
    when the turn forecasts the user's results from a known budget and only a benchmark was missing; else None."""
    c = p.calc
    if c is None or c.op != "div" or (c.a, c.b) != ("budget", "price") or not misses:
        return None
    priced = [m for m in misses if "benchmark" in m[0]]  # (a search that found nothing beside it adds its own miss)
    if not priced or len(priced) < len([m for m in misses if m[0] != _NOTHING]) or not own_forecast(p.text):
        return None
    if (p.value("budget") or mem.facts.get("budget")) is None or any((n.role or "").startswith("price") for n in p.numbers):
        return None
    many = p.unit or c.target or "results"
    one = singular(many) or "result"
    head = compose.abstain(priced, []).split(" I won't substitute")[0]
    return (f"{head} I won't substitute a number from another business or metric. To work out how many {many} your "
            f"budget brings, I need one number from you: what does one {one} cost you (from your own past campaigns, "
            f"or a small test)?")

"""The KB figure a clarifying question's answer will be worked with, said beside the question, with its citation.

Why: "what if we added the other store's budget — how many more customers?" asks for an amount only the user has;
the count will then be that amount over the cost per customer the conversation already took from the knowledge
base. Saying which figure that is — the Typical range quoted before, cited — lets the user check the basis before
giving the number, and keeps the turn grounded in the KB rather than a bare question (the failure profile of
session 28: clarifying turns that asked the right thing but cited nothing the turn was to be worked from). Said
only for an amount that will be divided by, or multiplied with, a cost per unit the KB gave (a goal, a budget
added or changed) — not for a figure of the user's own the KB cannot stand in for (their payback, their ratio) —
and only when the user has not said a price of their own, which would be the one to use.
"""
from __future__ import annotations

from agent.offline.memory import Memory
from agent.offline.numbers import money

# the cost-per-unit metrics a goal or a budget is worked with (their ranges are in dollars in every KB layout read)
_COSTS = ("CAC", "CPA", "CPL", "CPI", "CPC", "CPM", "CPCV")
# … of which those a goal (customers, sales, sign-ups, installs) is worked with: the cost of one result, not of a unit of media
_RESULTS = ("CAC", "CPA", "CPL", "CPI")
# the asks whose answer is an amount worked with such a cost (goalask, otherbudget, unsized)
_AMOUNTS = (" goal (how many", "added budget (", "change in budget (")


def line(need: str, mem: Memory) -> str:
    """" Once I have it, I will work it out with the Typical … range of $a–$b (Based on Knowledge Base [id])." or ""."""
    wanted = _RESULTS if _AMOUNTS[0] in need else _COSTS  # a goal of sales is worked with the cost of one, not of a view
    # the last cost the KB gave — over a ratio judged since ("is $1,100 a patient healthy against that?")
    metric = next((m for m in (mem.last_metric, *reversed(list(mem.ranges))) if m in wanted and m in mem.ranges), None)
    if not any(a in need for a in _AMOUNTS) or metric is None or mem.facts.get("price") or (
            mem.last_metric in _COSTS and mem.last_metric not in wanted):
        return ""
    lo, hi, cite = mem.ranges[metric]
    label = (mem.labels.get(metric) or "").split(" — ")[0].strip()
    vertical = mem.range_verticals.get(metric)
    if not label or (mem.vertical and vertical and vertical != mem.vertical):
        return ""
    return f" Once I have it, I will work it out with the Typical {label} range of {money(lo)}–{money(hi)} " \
           f"(Based on Knowledge Base [{cite}])."

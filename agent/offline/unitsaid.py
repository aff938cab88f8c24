"""A count asked by a unit the conversation already priced in the user's own words: "with $7,000, how many
inquiries could we get?" after "what does one student inquiry run" was looked up — that price, not the metric of
the last answer.

Why: a count's price came from the last metric remembered first, and only a unit no metric was remembered for was
priced by its own words; after a cost per inquiry and then a cost per new customer, "how many inquiries" was worked
out with the customer's price. The user's word for the unit, priced earlier ("cost per inquiry", which the tool
resolved against what the KB says each metric counts), names the range that buys it.
"""
from __future__ import annotations

from agent.offline import askshape
from agent.offline.passages import terms


def priced_before(p, mem) -> str | None:
    """The "cost per …" the conversation looked up in the words of the unit ``p`` counts, when exactly one is."""
    if not p.unit or p.calc is None or p.calc.op != "div":
        return None
    unit = " ".join(p.unit.lower().split())
    one = unit if unit.endswith("ss") else askshape.one(unit)  # "inquiries" → "inquiry"
    want = set(terms(one))
    said = [k for k in mem.ranges if k.startswith("cost per ") and want and want <= set(terms(k[9:]))]
    return said[-1] if len(said) == 1 else None

"""What one of the things a spend won cost, asked in plain words: "we spent $42,000 and got 180 new accounts — what
did each one cost us?", "… signed up 370 subscribers, what did each run us?", "how much did every booking set us
back?", "what's that a head?".

Why: the parser reads a unit cost from a metric named ("what's our CPL?") or a unit after "per" ("that per
client?"); people as often ask for the price of *one* of what they just counted with "each", "every", "apiece" or
"a head" and a verb of costing, and no metric. With exactly one spend and one count in the message that is the
spend ÷ the count (:mod:`agent.offline.arith`'s "unit" working), named by what was counted ("cost per account") —
or by the metric the vocabulary prices that noun with ("new customers" → CAC).
"""
from __future__ import annotations

import re

from agent.offline.parse import Calc, Parsed
from agent.offline.unitmetric import unit_metric

# "what did each one cost", "how much did every signup set us back", "what was each (of them)", "what's that apiece",
# "what did they run us each", "what did it cost per head"
_EACH = re.compile(r"\b(?:what|how much)\b[^.?!]{0,40}?(?:\b(?:each|every|apiece|a head|per head|a pop|per pop)\b[^.?!]{0,25}?"
                   r"\b(?:cost|costs|costing|run|runs|ran|set|sets|come|came|work|worked|was|were|is|are)\b|"
                   r"\b(?:cost|costs|run|ran|set\s+(?:us|me)\s+back|come to|came to|work out|worked out)\b[^.?!]{0,20}?"
                   r"\b(?:each|apiece|a head|per head|a pop|per pop|per one|one by one)\b)", re.I)
_NOUN = re.compile(r"^\s*(?:(new|brand[- ]new|first[- ]time|paying|qualified|more)\s+)?(?:[a-z-]+\s+){0,2}?([a-z]+s)\b")


def read(p: Parsed, text: str) -> Parsed:
    """``p`` with the unit cost as its calculation, when the message asks what one of its counted things cost."""
    if p.calc is not None or not _EACH.search(text):
        return p
    budgets = [n for n in p.numbers if n.role == "budget"]
    counts = [n for n in p.numbers if n.role == "count"]
    if len(budgets) != 1 or len(counts) != 1 or not counts[0].value:
        return p
    m = _NOUN.match(p.norm[counts[0].end:].lower())
    if not m:
        return p
    noun = m.group(2)
    one = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1]
    target = unit_metric(one) or (unit_metric("customer") if (m.group(1) or "").startswith(("new", "brand", "first")) and
                                  not p.metrics else None) or f"cost per {one}"
    p.calc = Calc("unit", "budget", "count", target=target)
    return p

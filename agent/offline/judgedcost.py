"""A spend and what it won, judged without naming the metric: "$6,300 last quarter brought us 140 first-time
buyers, how does that look", "paid $9k for the mailer and it brought in 150 orders, is that any good?".

Why a module: the results of the user's own figures (:mod:`agent.offline.ownresults`) were worked only when
the message named the result ("what's our CAC"). People who judge their spend rarely name it: they state
the money and the count and ask how it compares. The figure that can be set against a norm is the cost of
one of what the money won (spend ÷ count), and the trade names it by the unit: a new customer's is the CAC,
anything else is a cost per that unit (an order, a lead, a booking). Worked here only when the message
judges (compares, asks if it is good or how they are doing) and states no price of one, revenue or ROAS
of its own (those are other results).
"""
from __future__ import annotations

import re

# the units whose cost the trade calls customer acquisition cost (a person won, not an action)
_CUSTOMERS = {"customers", "buyers", "clients", "shoppers", "accounts", "patients", "members", "subscribers", "students",
              "donors", "families", "households", "guests", "riders", "diners"}

# who a reach buy counts (people passing, hearing, seeing): no one won
_REACHED = {"people", "drivers", "cars", "vehicles", "commuters", "listeners", "viewers", "readers", "households", "homes",
            "impressions", "views", "eyeballs", "passersby", "pedestrians", "residents"}

# asking for a judgement of the user's own result, not for a figure: "is that any good", "how did we do",
# "good or bad", "too much?", "is that ok", "are we in line", "how does it look"
_JUDGED = re.compile(r"\b(?:is|was|are|were|'s|s) (?:that|this|it|those|these|we) (?:any |even )?(?:good|bad|ok|okay|decent|healthy|"
                     r"high|low|fine|reasonable|alright|solid|expensive|cheap|great|terrible|in line|on track)\b|"
                     r"\bany good\b|\bgood or bad\b|\bhow (?:did|do|does|are|is|'s|s) (?:we|that|this|it|they)\b(?: \w+)? "
                     r"(?:do|doing|done|look|looking|fare|faring|compare|rate|measure)\b|\btoo (?:much|high|expensive)\b|"
                     r"\bgood number\b|\bhow good\b|\bhow bad\b|\bwhere does that (?:put|leave) us\b", re.I)


def singular(word: str) -> str:
    """The unit's name for one ("orders" → "order", "inquiries" → "inquiry")."""
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


def line(low: str, spend, count, other, compared: re.Pattern) -> tuple[float, str, str] | None:
    """(cost per one, the metric's name, the line's label) for a judged spend and count, else None.
    ``other``: a price, revenue or ROAS the message states (then it is not this result)."""
    if spend is None or count is None or other is not None or not count.value:
        return None
    if not (compared.search(low) or _JUDGED.search(low)):
        return None
    v = spend.value / count.value
    if count.word in _REACHED and v < 1:  # "$4,000 and 300,000 cars go by": a reach quote, priced per thousand
        return None  # (agent.offline.quotedreach), not an acquisition cost of pennies
    if count.word in _CUSTOMERS:
        return v, "CAC", f"your CAC (spend over the {count.word} it won)"
    one = singular(count.word)
    return v, "cost", f"your cost per {one} (spend over the {count.word} it won)"

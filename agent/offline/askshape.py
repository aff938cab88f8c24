"""What a calculation question asks, read from the shape of its sentence rather than a "how many":
both ends of a range at once ("the low and high end", "both ends"), a counted unit set at those ends
("sign-ups at the top and bottom of that" asks how many the budget buys at each), a price pointed
back to ("the 40k at that rate"), and a total asked of a count and its unit price ("2M views at a $9
CPM — the total?").

Why a module: :mod:`~agent.offline.parse` decides the operation from these cues, and they are English
sentence structure (a plural noun + "at" + the ends of a range; a demonstrative + "price"), kept apart
so the parser stays one concept per module. Nothing here knows a data set's wording.
"""
from __future__ import annotations

import re

from agent.offline.endwords import HIGH_END, LOW_END
from rag.anyword import any_word

_END_WORD = "(?:" + "|".join(HIGH_END + LOW_END + ("good", "bad")) + ")"
# both ends at once: "the low and high end", "top and bottom of the range", "both ends", "either end"
_BOTH_ENDS = re.compile(r"\b(?:both|each|either) (?:ends?|sides?|bounds?|extremes)\b|\b" + _END_WORD + r"(?:[- ](?:end|case))? "
                        r"(?:and|&|or|to|vs\.?|versus) (?:the )?" + _END_WORD + r"\b", re.I)
# a counted unit priced at the range's ends: "installs at the low and high end", "leads at both ends of the CPL"
_AT_ENDS = re.compile(r"\b([a-z][a-z-]+s)\s+(?:would (?:we|i) get\s+|do (?:we|i) get\s+)?(?:at|on|for|in)\s+(?:the\s+|both\s+|each\s+|"
                      r"either\s+)?(?:\w+[- ]?){0,3}?\b(?:ends?|sides?|bounds?|extremes|cases?)\b|\b([a-z][a-z-]+s)\s+at\s+(?:the\s+)?"
                      + _END_WORD + r"\s+(?:and|&|vs\.?|versus)\s+(?:the\s+)?" + _END_WORD + r"\b"
                      # … its preposition left off in chat: "installs both ends?", "leads either end again"
                      r"|\b([a-z][a-z-]+s)\s+(?:both|each|either|the two)\s+(?:ends?|sides?)\b", re.I)
# a price the conversation just gave, pointed back to: "at that price", "with the new CPC", "at the same rate"
_AT_THAT_PRICE = re.compile(r"\b(?:at|with|using|on)\s+(?:that|this|the new|the same|the updated|the higher|the lower|"
                            r"those|these)\s+(?:prices?|rates?|costs?|cp[a-z]|cac|figures?|numbers?)\b", re.I)
# a question after a count and its unit price asks what they come to ("what's the bill?", "total?", "how much is that?")
_ASKS_AMOUNT = re.compile(r"\bwhat(?:'s| is| does| would| will|s)\b|\bhow much\b|\btotal\b|"
                          r"\bwhat (?:am|are|will|would|do) (?:i|we)(?: be)? (?:spend(?:ing)?|pay(?:ing)?|looking at|in for)\b", re.I)
_COMPARED = any_word("typical", "normal", "benchmark", "average", "compare[sd]?", "usual", "industry")


# plural nouns at a range's ends that are no purchase: the figures themselves ("costs at both ends")
_NOT_BOUGHT = {"prices", "costs", "rates", "figures", "numbers", "ends", "sides", "bounds", "things", "others", "results", "cpas",
               "cpls", "cpcs", "cpms", "cpis", "cacs", "benchmarks", "ranges", "values", "extremes", "ones", "us", "others"}


# how many asked as a count of a unit: "the lead count", "our install total", "the click volume"
_UNIT_COUNT = re.compile(r"\b(?:the|our|a|your)\s+([a-z]+)\s+(?:count|total|tally|volume|number)\b", re.I)


def one(noun: str) -> str:
    """The singular of a counted noun ("installs" → "install", "enquiries" → "enquiry")."""
    return re.sub(r"ies$", "y", noun) if re.search(r"[^aeiou]ies$", noun) else noun[:-1] if noun.endswith("s") else noun


def both_ends(text: str) -> bool:
    """Both ends of a range asked at once ("the cheap and pricey ends", "both ends")."""
    return bool(_BOTH_ENDS.search(text))


def counted_at_ends(text: str) -> str:
    """The plural noun set at the range's ends ("installs" of "installs at the low and high end"), or ""."""
    m = _AT_ENDS.search(text)
    return (m.group(1) or m.group(2) or m.group(3)).lower() if m else ""


def at_that_price(text: str) -> bool:
    """A price pointed back to ("at that price", "with the new rate")."""
    return bool(_AT_THAT_PRICE.search(text))


def asks_total(text: str) -> bool:
    """A question asking an amount, not a comparison with a norm ("what's the bill?" but not "is that typical?")."""
    return bool(_ASKS_AMOUNT.search(text)) and not _COMPARED.search(text)


# a judgement of a result asked: "how are we doing?", "how did we land / fare / come out?", "where does that leave us?";
# "how's that look" typed without its apostrophe too ("hows that stack up": no dictionary holds "how's" to restore it)
JUDGED = re.compile(r"\bhow(?:['’]?s| (?:are|am|is|did|do|does|was|were)) (?:we|i|it|that|this|things|they) (?:doing|do|look(?:ing)?|"
                    r"stack(?:ing)? up|compare|going|tracking|land(?:ing)?|far(?:e|ing)|perform(?:ing)?|"
                    r"(?:come|coming|shake|shaking|turn|turning|work|working) out|measure up)\b|"
                    r"\bwhere (?:does|do|did) (?:that|this|it|we|i) (?:put|leave|stand|sit|land)\b", re.I)


def total_asked(p, low: str, unit_of) -> bool:
    """A count and one unit price (money, or a named metric's value), and a question asking what they come to —
    not how many, not a judgement, not a comparison with a norm (``p``: the parsed message; ``unit_of``: the
    priced metrics)."""
    roles = {(n.role or "").split(":")[0] for n in p.numbers}
    return roles == {"count", "price"} and len(p.numbers) == 2 and not p.asks_count and set(p.metrics) <= set(unit_of) \
        and len(p.metrics) <= 1 and all(n.money or n.role != "price" for n in p.numbers) and "x" not in low.split() \
        and asks_total(low) and not JUDGED.search(low)


def bought(p, low: str, priced) -> None:
    """A budget's purchase count asked by the sentence's shape, set on ``p`` (its ``asks_count`` and ``unit``): a
    unit at the range's ends ("$25k: installs at the low and high end?"), or the budget at a price pointed back to
    ("the 40k at that rate"). ``priced``: whether a singular noun is a unit some metric prices."""
    roles, unit = {n.role for n in p.numbers}, counted_at_ends(low)
    named = _UNIT_COUNT.search(low)  # "what's the lead count at the pricey end?"
    if not p.asks_count and unit and (priced(one(unit)) or unit not in _NOT_BOUGHT) and "budget" in roles:
        p.unit, p.asks_count = unit, True
    elif not p.asks_count and named and priced(one(named.group(1))) and "budget" in roles:
        p.unit, p.asks_count = one(named.group(1)) + "s", True
    elif not p.asks_count and at_that_price(low) and roles == {"budget"}:
        p.asks_count = True
        p.unit = p.unit or next((one(w) + "s" for w in re.findall(r"[a-z]+", low) if len(w) > 2 and priced(one(w))), "")


# the price of one asked after a spend and a count: "what's that per click?", "how much is it for each lead?"
_PER_ONE = re.compile(r"(?:\b(?:what(?:'s| is| was| does| did| do)|how much)\b[^?.!]{0,30}?|\b(?:cost|price|spend) )\b(?:per|for each|"
                      r"for every|each|a)\s+(?:single\s+|new\s+)?([a-z][a-z-]+)\b", re.I)


def per_unit(text: str, unit_metric) -> list[str]:
    """[the metric] of a price of one asked in plain words ("what's that per click?" → CPC), else []
    (``unit_metric``: the metric whose unit a noun is)."""
    m = None if re.search(r"\b(?:true|real|actual|really|truly)\b", text, re.I) else _PER_ONE.search(text)  # a KB's
    # adjusted figure asked ("our true cost per sale") is its rule's to work out (userrule, replay)
    metric = unit_metric(one(m.group(1).lower())) if m and m.group(1).lower() not in ("month", "week", "day", "year",
                                                                                      "quarter") else None
    if m and not metric and one(m.group(1).lower()) in _counted_nouns(text):  # "80 donors … what did a donor cost?"
        return [f"cost per {one(m.group(1).lower())}"]  # no metric names it: the price of the thing the user counted
    return [metric] if metric else []


def _counted_nouns(text: str) -> set[str]:
    """The singular nouns the message counts with a plain number ("got 80 donors", "64 new bookings")."""
    return {one(w.lower()) for w in re.findall(r"(?<![\d.$,])\d[\d,]*\s+(?:new\s+|more\s+|first-time\s+)?([a-z][a-z-]+)",
                                               text, re.I)}

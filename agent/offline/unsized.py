"""A forecast whose one deciding input is said without a size: ask for that size, never work at the old figure.

Why: "if we bump the budget up a bit, how many more bookings would we get?" moves the budget by no amount ("a bit",
"a little", "some more", or no amount at all), and "how much should I spend to keep all 3 vans fully booked?" asks
the budget for a goal stated as a state ("fully booked", "at capacity", "sold out") rather than as a number of
results. The calculation ran anyway: the first at the budget said before (the change lost), the second with the
count of vans as the count of results. Neither input is the knowledge base's to give — how much more the user will
spend, how many bookings fill their vans — so the one right reply asks for it, by name. English marks both:

* :func:`budget_moved` — a verb that changes an amount (raise, bump, increase, up, add to, boost, grow, cut, trim,
  lower, reduce) with the budget, spend or "it" as its object, or "spend / put / invest more (or less)", and no
  amount said (no money, percentage or multiple), in a message that asks a result of it (a count worked out);
* :func:`capacity_goal` — a budget asked ("how much should I spend", a budget worked out) *to* reach a state of
  fullness: "fully booked", "booked solid / up / out", "at (full) capacity", "sold out", "filled up", "fill every
  chair", "keep … full / busy". A count said in the message then counts what is to be filled (vans, chairs,
  rooms), not the results a budget buys.
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.parse import Parsed
from rag.anyword import any_word

_CHANGE = (r"(?:rais\w*|bump\w*|nudg\w*|push\w*|increas\w*|up|upp\w*|boost\w*|grow\w*|add(?:ing)?\s+(?:\w+\s+){0,2}?to|top\w*\s+up|"
           r"cut\w*|trim\w*|lower\w*|reduc\w*|drop\w*|scal\w*\s+(?:back|down|up)|pull\w*\s+back|shrink\w*)")
_OBJECT = r"(?:(?:the|our|my|this|that|monthly|weekly|ad|ads|media|total)\s+){0,3}(?:budget|spend|spending|ad\s+money|it|that)"
# the budget moved: "bump the budget up", "raise our spend", "increase it", "up the ad budget", "the budget goes up"
_MOVED = re.compile(rf"\b{_CHANGE}\s+{_OBJECT}\b|\b(?:budget|spend|spending)\s+(?:\w+\s+)?(?:goes|went|go|is|was|got|gets|were)?\s*"
                    r"(?:up|down|higher|lower|raised|increased|bumped|boosted|cut|trimmed|lowered|reduced)\b|"
                    r"\b(?:spend|spent|put|putting|invest\w*|pour\w*|throw\w*)\s+(?:in\s+|into\s+ads\s+)?(?:a\s+(?:bit|little|"
                    r"tad|touch|fair\s+bit|lot)\s+|some(?:what)?\s+|slightly\s+)?(?:more|less|extra)\b", re.I)
# "at that lower spend", "with the reduced budget": an amount already moved, named by its adjective — no move asked
_DETERMINER = re.compile(r"\b(?:that|the|this|a|an|our|my|its|new)\s+$", re.I)
_MULTIPLE = re.compile(r"\b(?:doubl|tripl|quadrupl|halv)\w*|\bin half\b|\bhalf\b|\bby (?:a|one) (?:third|quarter|half)\b|"
                       r"\btwice\b|\b(?:two|three|four|2|3|4)x\b", re.I)
_LESS = any_word(r"cut\w*", r"trim\w*", r"lower\w*", r"reduc\w*", r"drop\w*", "down", "less", "back", r"shrink\w*")

# a state of fullness as the goal: "fully booked", "booked solid", "at capacity", "sold out", "fill every chair"
_FULL = re.compile(r"\b(?:fully|completely|totally|solidly)\s+(?:booked|subscribed|scheduled|sold)\b|"
                   r"\bbooked\s+(?:solid|up|out)\b|\bat\s+(?:full\s+|max(?:imum)?\s+)?capacity\b|\bsold[\s-]+out\b|"
                   r"\bsell(?:s|ing)?\s+out\b|\bfill(?:s|ed|ing)?\s+(?:up\s+)?(?:all|every|each|our|my|the)\b|"
                   r"\b(?:keep|get|stay|be)\s+(?:\w+\s+){0,4}?(?:full|busy|maxed(?:\s+out)?)\b|\bno\s+(?:empty|open)\s+"
                   r"(?:slots?|seats?|chairs?|tables?|rooms?|spots?)\b", re.I)
_BUDGET_ASKED = re.compile(r"\bhow much\b[^?.]{0,40}\b(?:spend|budget|invest|put|pay|need)\b|\bwhat\s+(?:\w+\s+){0,2}budget\b",
                           re.I)
_BOOKED = re.compile(r"\bbook", re.I)
# the period the goal is kept over ("a month", "per week", "every weekend"): the count asked is per that period
_PER_COUNT = re.compile(r"\s*(?:[a-z][a-z\-]*\s+){0,3}?(?:a|per|each|every|/)\s*(?:day|week|weekend|month|quarter|season|year)\b", re.I)
_PER = re.compile(r"\b(?:a|per|each|every)\s+(day|week|weekend|month|quarter|season|year)\b", re.I)


def need(p: Parsed, mem: Memory) -> str | None:
    """The size to ask for (as :func:`agent.offline.compose.ask_for` words it), else None (module doc)."""
    return budget_moved(p, mem) or capacity_goal(p, mem) or budget_unset(p)


# the budget said not to exist yet: "the budget isn't decided yet", "budget for that test is... honestly not set",
# "spend is TBD", "we don't know the budget yet", "no budget set for it"
_UNSET = re.compile(r"\b(?:budget|spend|spending)\b(?:[^.?!]|\.{2,}){0,40}?\b(?:not|isn'?t|hasn'?t\s+been|haven'?t|never|no)\s+(?:\w+\s+){0,2}?"
                    r"(?:decided|set|fixed|final\w*|agreed|approved|confirmed|known|settled|locked)\b|"
                    r"\b(?:budget|spend|spending)\b[^.?!]{0,20}?\b(?:tbd|tbc|to be (?:decided|determined|confirmed|set))\b|"
                    r"\b(?:don'?t|do not|doesn'?t|does not)\s+(?:\w+\s+)?know\s+(?:\w+\s+){0,2}?(?:budget|spend)\b|"
                    r"\bno\s+budget\s+(?:\w+\s+)?(?:yet|set|decided|agreed)\b", re.I)


def budget_unset(p: Parsed) -> str | None:
    """The budget, when the message says it is not decided yet and asks a result it would buy, naming no amount:
    "budget for that test is... honestly not decided yet. how many leads should we expect from it?" was worked at
    the last amount the conversation held (a $350 monthly contribution), an input nobody gave as the budget."""
    if _amount_said(p) or not (p.calc or p.asks_count) or not _UNSET.search(p.text):
        return None
    return "budget for it (in dollars)"


def _amount_said(p: Parsed) -> bool:
    return any(n.money or n.pct or n.role in ("budget", "pct") for n in p.numbers) or bool(_MULTIPLE.search(p.text))


def budget_moved(p: Parsed, mem: Memory) -> str | None:
    """How much the budget moves, when the message moves it by no amount and asks what that brings."""
    m = next((m for m in _MOVED.finditer(p.text) if not _DETERMINER.search(p.text[:m.start()])), None)
    if _amount_said(p) or not (p.calc or p.asks_count) or m is None:
        return None
    if not (mem.facts.get("budget") or p.value("budget")):
        return None  # no budget to move: the budget itself is asked first (agent.offline.arith.missing)
    way = "take off the budget" if _LESS.search(m.group(0)) else "add to the budget"
    return f"change in budget (how much you would {way}, in dollars or as a percentage)"


def capacity_goal(p: Parsed, mem: Memory) -> str | None:
    """The count of results that reaches a goal of fullness, when a budget is asked for it (and what one costs,
    when no price was said)."""
    if not _FULL.search(p.text) or any(n.money or n.pct or n.role == "count" and _PER_COUNT.match(p.norm[n.end:]) for n in p.numbers):
        return None  # (a count said per period is the capacity: "we can take 8 a week max"; "our 4 chairs" is not)
    if not (_BUDGET_ASKED.search(p.text) or (p.calc and p.calc.target == "budget needed")):
        return None
    unit = "bookings" if _BOOKED.search(p.text) else "customers"
    per = _PER.search(p.text)
    capacity = f"capacity (how many {unit}{' a ' + per.group(1).lower() if per else ''} it takes to be full)"
    if mem.facts.get("price") is not None:
        return capacity
    return f"{capacity} and what one {unit[:-1]} costs you"

"""A figure the conversation already holds, changed by a percentage mid-conversation, with the count worked from it
asked again: "the board approved 20% more for the quarter — new budget and accounts at both ends?", "my partner cut
the spring budget by 25%, redo the customers", "our cost per customer will run 15% higher than the 45.81 we had —
how many buyers does the 18k get at that?".

Why: the message states only the percentage (and, for a price, the figure it moves); the figure moved — the budget —
and what is counted from it were said turns before. The memory keeps one "budget": the last amount of money said,
which may be the spend of a past campaign the user measured ("last spring we spent $19,000 and opened 88 accounts")
or a sales total ("$38,700 in sales") — not the budget being planned, so the percentage moved the wrong base, or moved
the user's own cost per account instead of the budget. English says which figure is meant: the percentage is said of
the budget ("the spring budget", "20% more for the quarter … new budget"), the base is the latest budget the user
*planned* (a past spend that won a count, or money said "in sales", is a result, not a plan), narrowed by the word the
message names it with ("the spring budget": the budget said with "spring"). The question is asked again, plainly, with
the base and the change in it, so the ordinary arithmetic works it: the budget moved first, then the count at the
range's ends (or at the moved price) — every figure the user's or the KB's.
"""
from __future__ import annotations

import re

from agent.offline import periods
from agent.offline.arith import LESS, MORE
from agent.offline.numbers import money, plain
from agent.offline.onebrings import ONE_BRINGS
from agent.offline.parse import parse
from agent.offline.roles import said_of

# the count asked again: "redo the customers", "rerun the installs", "accounts at both ends", "how many students"
_REDO_UNIT = re.compile(r"\b(?:re-?do|re-?run|re-?calculate|re-?compute|re-?work|update)\s+(?:the |our |my )?([a-z]+)", re.I)
_ENDS_UNIT = re.compile(r"\b([a-z]+) (?:at|on|for|across) (?:both|each|the two|either) (?:ends?|sides?)\b", re.I)
_HOW_MANY = re.compile(r"\bhow many ([a-z]+)", re.I)
_NOT_A_UNIT = {"it", "that", "this", "those", "these", "math", "maths", "numbers", "figures", "plan", "split", "budget",
               "answer", "same", "calculation", "calc", "whole", "thing", "ends", "both", "more", "new", "the", "and",
               "dollars", "months", "weeks", "days", "times", "spend", "total", "cost", "costs", "price"}
# a percentage more or less of money given ("approved 20% more", "25% less for the quarter"): said of the budget
_MORE_LESS = re.compile(r"\d\s*(?:%|percent)\s+(?P<w>more|extra|additional|less|fewer)\b(?!\s+[a-z]+s\b)", re.I)
# the budget named with a word of its own ("the spring budget", "our holiday budget")
_NAMED_BUDGET = re.compile(r"\b(?:the|our|my|that|this)\s+([a-z]+)\s+(?:budget|campaign budget|spend)\b", re.I)
_NOT_A_NAME = {"new", "total", "whole", "ad", "ads", "media", "marketing", "overall", "current", "same", "old"}
# money the user measured, not planned: a sales total, or a spend said in the past
_SALES_AFTER = re.compile(r"^\s*(?:dollars?\s+)?(?:in|of) (?:[a-z]+ )?(?:sales|revenue|bookings|orders|income)\b", re.I)
_SPENT_BEFORE = re.compile(r"\b(?:spent|paid|spend last|used)\b[^.?!,]{0,20}$", re.I)
_ONE_BRINGS = ONE_BRINGS  # what one customer brings or spends: no budget at all (onebrings)
# a price said as moved from a figure the message repeats: "15% higher than the 45.81 we had", "25% from that 120"
_FROM_FIG = re.compile(r"\d\s*(?:%|percent)\s+(?:(?P<up>higher|more|above|up)|(?P<down>lower|less|below|down|cheaper))?"
                       r"\s*(?:than|from|over|on)\s+(?:the|that|our|what|this)?\s*\$?(?P<fig>\d[\d,]*(?:\.\d+)?)\b", re.I)


# a stretch of time changed ("6 weeks now instead of 10", "from 10 weeks to 6") at the same spend per period
_PER = r"(?P<per>day|week|month)s?"
_NEW_FOR_OLD = re.compile(r"\b(?P<new>\d+)\s*" + _PER + r"\b(?:\s+now)?,?\s+(?:instead of|rather than|not|down from|up from)\s+"
                          r"(?:the\s+)?(?P<old>\d+)\b", re.I)
_OLD_TO_NEW = re.compile(r"\bfrom\s+(?P<old>\d+)\s*(?:(?:day|week|month)s?\s+)?(?:down |up )?to\s+(?P<new>\d+)\s*" + _PER + r"\b", re.I)
_SAME_RATE = re.compile(r"\b(?:same|steady|unchanged|constant)\s+(?:weekly|monthly|daily|per[- ](?:week|month|day)|run[- ]?rate|"
                        r"rate|pace|spend|level)\b", re.I)


def _stretch(p, text: str, history: list) -> tuple[float, int, int, str, float | None] | None:
    """(the budget, the old and new number of periods, the period, the price said) of a flight's length changed at the
    same spend per period ("the flight is 6 weeks now instead of 10, same weekly spend off the 75k … at our 410")."""
    m = _NEW_FOR_OLD.search(p.norm) or _OLD_TO_NEW.search(p.norm)
    if not m or not _SAME_RATE.search(p.norm) or not int(m.group("old")):
        return None
    budget = next((n.value for n in p.numbers if n.role == "budget" and n.money or n.value >= 1000), None) or \
        planned_budget(text, history)
    if budget is None:
        return None
    price = next((n.value for n in p.numbers if (n.role or "").startswith("price") or n.value < budget and re.search(
        r"\bat (?:our|the|that|this|my|a)?\s*(?:own\s+)?\$?\s*$", p.norm[:n.start], re.I)), None)
    return budget, int(m.group("old")), int(m.group("new")), m.group("per").lower(), price


def _stretched(p, text: str, unit: str, history: list) -> str | None:
    """The count asked again over the new stretch, at the old spend per period (see :func:`_stretch`)."""
    got = _stretch(p, text, history)
    if got is None:
        return None
    budget, old, new, per, price = got
    at = f"at {money(price)} each" if price else "at both ends of the range"
    return f"We spend {money(round(budget / old, 2))} a {per}. Over {new} {per}s, how many {unit} {at}?"


def shown(asked: str, history: list, answer: str) -> str:
    """``answer`` with its stretch line worked from the user's own figures: "$75,000 ÷ 10 × 6 = $45,000" — the
    spend per period the restated question started from is the user's budget over the old stretch."""
    got = _stretch(parse(asked), asked, history) if _unit(asked) else None
    if got is None:
        return answer
    budget, old, new, per, _ = got
    total = budget / old * new
    line = re.compile(rf"^- \$[\d,.]+ × {new} [=≈] \$[\d,.]+ over {new} {per}s \(.*\)$", re.M)
    return line.sub(f"- {money(budget)} ÷ {old} × {new} {'=' if abs(total - round(total, 2)) < 1e-9 else '≈'} "
                    f"{money(round(total, 2))} over {new} {per}s (the same spend a {per} as before)", answer, count=1)


def _unit(text: str) -> str | None:
    for rx in (_REDO_UNIT, _ENDS_UNIT, _HOW_MANY):
        for m in rx.finditer(text):
            if m.group(1).lower() not in _NOT_A_UNIT:
                return m.group(1).lower()
    return None


def planned_budget(text: str, history: list) -> float | None:
    """:func:`planned` without the period."""
    got = planned(text, history)
    return got[0] if got else None


def planned(text: str, history: list) -> tuple[float, str | None] | None:
    """The latest budget the user planned with, newest first — the one said with the word the message names the
    budget by, when it names it so ("the spring budget") and an earlier message says that word — skipping money
    measured (a past spend that won a count, a sales total)."""
    asked = [h[0] if isinstance(h, tuple) else h for h in history]
    named = next((m.group(1).lower() for m in _NAMED_BUDGET.finditer(text) if m.group(1).lower() not in _NOT_A_NAME), None)
    found: list[tuple[bool, float, str | None]] = []
    for said in reversed(asked):
        p = parse(said)
        if any(n.role == "count" for n in p.numbers):
            continue  # "we spent $19,000 and opened 88 accounts": a result measured
        for n in reversed(p.numbers):
            if n.role != "budget" or _SALES_AFTER.match(p.norm[n.end:]) or _SPENT_BEFORE.search(p.norm[:n.start]) \
                    or _ONE_BRINGS.search(p.norm[:n.start]):
                continue
            found.append((bool(named and re.search(rf"\b{named}\b", said, re.I)), n.value, periods.of_budget(p.norm, n)))
            break
    if not found:
        return None
    hit = next((f for f in found if f[0]), found[0]) if named else found[0]
    return hit[1], hit[2]


def _verb_sign(text: str) -> int:
    """+1 / −1 by the verb of change said ("cut the budget by 20%", "they raised it 10%"), 0 when none or both."""
    less, more = re.search(rf"\b(?:{LESS})\b", text, re.I), re.search(rf"\b(?:{MORE})\b", text, re.I)
    return -1 if less and not more else 1 if more and not less else 0


def restated(text: str, history: list) -> str | None:
    """The count asked again with the changed figure in it (see the module doc), or None."""
    p = parse(text)
    pcts = [n for n in p.numbers if n.role == "pct"]
    unit = _unit(text)
    if unit and not pcts and (stretched := _stretched(p, text, unit, history)):
        return stretched
    if len(pcts) != 1 or not unit or not pcts[0].value:
        return None
    pct = plain(pcts[0].value)
    if (fig := _FROM_FIG.search(p.norm)) and p.metrics and len(p.numbers) <= 3:
        sign = 1 if fig.group("up") else -1 if fig.group("down") else p.pct_sign
        budget = next((n.value for n in p.numbers if n.role == "budget"), None) or planned_budget(text, history)
        if not sign or budget is None:
            return None
        return (f"Our {p.metrics[0]} is {money(float(fig.group('fig').replace(',', '')))} and goes "
                f"{'up' if sign > 0 else 'down'} {pct}%. How many {unit} does {money(budget)} get at the new price?")
    if len(p.numbers) != 1:
        return None
    more = _MORE_LESS.search(p.norm)
    of_budget = said_of(p.norm, p.numbers) == "budget" or (more and said_of(p.norm, p.numbers) != "price" and re.search(
        r"\b(?:budget|spend|funding|money)\b", p.norm, re.I))
    sign = (1 if more.group("w").lower() in ("more", "extra", "additional") else -1) if more else p.pct_sign or _verb_sign(p.norm)
    if not of_budget or not sign:
        return None
    base = planned(text, history)
    if base is None:
        return None
    said = f" a {base[1]}" if base[1] else ""  # "$120,000 a year": the period it was said for, and the one asked
    per = f" a {want}" if (want := periods.asked(p.norm, unit)) else ""
    at = {"high": "at the top of the range", "low": "at the bottom of the range"}.get(p.end or "", "at both ends of the range")
    return f"Our budget is {money(base[0])}{said}. After a {pct}% {'increase' if sign > 0 else 'cut'}, how many {unit}{per} {at}?"

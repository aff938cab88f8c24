"""What each unit of a goal may cost: the user's budget over the count they want, when they ask whether the goal is
within reach ("we have $12,000 this term and want 40 enrollments — realistic?": $12,000 ÷ 40 = $300 an enrollment).

Why: a planner answers "is that realistic?" by dividing first — the budget over the goal is the cost per unit the
plan needs, the figure a benchmark is then held against. The turn was answered with a passage alone and no working.
What is read is English: a count said after a goal word ("the goal is", "we want", "need", "aiming for", "target
of"), one budget (money, or a figure said with spend/budget words), and a question of feasibility ("realistic",
"doable", "enough", "can we"). Both inputs are the user's; with either missing or doubled nothing is worked.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain, priced
from rag.anyword import any_word

_GOAL = re.compile(r"\b(?:goal|target|aim|aiming|hoping|hope|want|wants|wanting|need|needs|looking|trying|expect|"
                   r"expecting|objective|quota)\b(?:\s+(?:is|was|of|for|to|at|get|reach|hit|land|book|sign|win|bring in|"
                   r"about|around|roughly|at least|\d+))*\s*$", re.I)
_FEASIBLE = re.compile(r"\b(?:realistic|unrealistic|doable|achievable|feasible|possible|reasonable|attainable|enough|"
                       r"sensible|ambitious|pull (?:it|that|this) off|make it work)\b|\bcan we\b|\bcould we\b", re.I)
_SPEND = any_word("budget", "spend", "spending", "to spend", "put in", "invest", "have")
_NOUN = re.compile(r"\s*(?:new |more |paying |qualified |booked )?([a-z][a-z-]{2,})", re.I)


def work(text: str) -> tuple[list[str], str] | None:
    """(the working line, the words to search with) when the message states a budget and a goal count and asks
    whether the goal is within reach, else None."""
    if not _FEASIBLE.search(text):
        return None
    t = digits(text)
    nums = [n for n in parse_numbers(t) if not n.pct]
    goals = [n for n in nums if not n.money and n.value >= 1 and float(n.value).is_integer() and _GOAL.search(t[max(0, n.start - 40):n.start])
             and _NOUN.match(t[n.end:])]
    cash = [n for n in nums if n not in goals and (n.money or n.value >= 100 and _SPEND.search(t[max(0, n.start - 40):n.end + 20]))]
    if len(goals) != 1 or len(cash) != 1 or not cash[0].value or cash[0].value <= goals[0].value:
        return None
    goal, budget = goals[0], cash[0]
    noun = _NOUN.match(t[goal.end:]).group(1).lower()
    one = noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun
    sign, each = priced(budget.value / goal.value)
    return ([f"{money(budget.value)} ÷ {plain(goal.value)} {sign} {each} — what each {one} may cost for "
             f"{plain(goal.value)} {noun} on {money(budget.value)}"], "")

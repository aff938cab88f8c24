"""A ceiling the last answer quoted as a multiple of a per-period run-rate, on the user's own budget and its span: after
"spend no more than 1.2 times the planned daily run-rate over those final days", "the quarter is 90 days on $180,000 —
what's the most per day then?" is $180,000 ÷ 90 × 1.2 = $2,400 a day.

Why: the message states a budget and how many days (or weeks) it runs; read alone it is a spend over a count — "your
cost per day", and a look-up of a "cost per day" benchmark no KB has. The question asks the most (the cap, the
ceiling, the limit) per period, and the rule that sets it is the one the conversation just quoted. What is read is
English: the quoted "no more than / at most / up to / cap(ped) at N times the (planned|average|normal) daily|weekly
run-rate|budget|spend|pace", a budget and a count of days or weeks in the message, and a question of the most per
that period. Nothing is applied without all three; the rule is cited where the last answer read it.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain

_RULE = re.compile(r"(?:no more than|not more than|never more than|at most|up to|cap(?:ped)? (?:it )?at|limit(?:ed)? to|ceiling of)\s+"
                   r"(?P<k>\d+(?:\.\d+)?)\s*(?:times|×|x)\s+(?:the\s+|your\s+|its\s+)?(?:planned\s+|average\s+|normal\s+|usual\s+|"
                   r"expected\s+|even\s+)?(?P<per>daily|weekly|day's|week's)\s+(?:run[- ]?rate|budget|spend|pace|average)", re.I)
_MOST = re.compile(r"\b(?:most|max(?:imum)?|highest|cap|ceiling|limit|top)\b", re.I)
_SPAN = {"day": re.compile(r"\b(\d{1,3})[- ]days?\b", re.I), "week": re.compile(r"\b(\d{1,2})[- ]weeks?\b", re.I)}
_PER = {"day": re.compile(r"\b(?:per|a|each|every|one|single)\s+day\b|\bdaily\b|/\s*day\b", re.I),
        "week": re.compile(r"\b(?:per|a|each|every|one|single)\s+week\b|\bweekly\b|/\s*w(?:ee)?k\b", re.I)}


def _quoted(said: str) -> tuple[re.Match, str, str] | None:
    """(the rule, its sentence, the id the last answer cited it by) of ``said``, else None."""
    m = _RULE.search(said or "")
    if not m:
        return None
    start = max(said.rfind(". ", 0, m.start()) + 2, said.rfind("]: ", 0, m.start()) + 3, said.rfind("\n", 0, m.start()) + 1)
    end = said.find(". ", m.end())
    cites = re.findall(r"\[([^\[\]\s]+#\d+)\]", said[:m.start()])
    return m, said[start:end + 1 if end >= 0 else len(said)].strip(), cites[-1] if cites else ""


def lines(text: str, said: str, budget: float | None = None) -> tuple[list[str], str, str] | None:
    """(working lines, the rule's sentence, its cited id), or None (module doc)."""
    got = _quoted(said)
    if not got:
        return None
    m, sentence, cid = got
    per = "day" if m.group("per").lower().startswith("da") else "week"
    t = digits(text)
    span = _SPAN[per].search(t)
    if not span or not _MOST.search(t) or not _PER[per].search(t):
        return None
    amounts = [n for n in parse_numbers(t) if not n.pct and (n.money or n.value >= 1000) and not n.start <= span.start(1) < n.end]
    total = amounts[0].value if len(amounts) == 1 else budget if not amounts else None
    n, k = int(span.group(1)), float(m.group("k"))
    if not total or not n:
        return None
    rate, cap = total / n, total / n * k
    eq = "=" if abs(rate - round(rate, 2)) < 1e-9 else "≈"
    eq2 = "=" if abs(cap - round(cap, 2)) < 1e-9 else "≈"
    return ([f"{money(total)} ÷ {n} {eq} {money(round(rate, 2))} a {per} — the planned {'daily' if per == 'day' else 'weekly'} run-rate",
             f"{money(total)} ÷ {n} × {k:g} {eq2} {money(round(cap, 2))} a {per} — the most to spend ({k:g} times the run-rate)"],
            sentence, cid)


def amend(text: str, said: list[str], answer: str, budget: float | None = None) -> str:
    """``answer`` replaced by the quoted rule and its working on the user's budget, when the message asks it."""
    got = lines(text, said[-1] if said else "", budget)
    if not got:
        return answer
    work, sentence, cid = got
    quote = f"Based on Knowledge Base [{cid}]: {sentence}" if cid else sentence
    return f"{quote}\n\nWorking:\n" + "\n".join(f"- {ln}" for ln in work)

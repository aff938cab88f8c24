"""What one won customer costs from the price of a lead and the share of leads closed: "we close about 1 in 5 leads, so
at $140 a lead what does each new policyholder cost?", "3 out of every 10 callers book; at $60 a call what's a booking
costing us?", "we convert 25% of leads, $80 per lead — cost per client?".

Why: a close rate said as "N in M" / "N out of (every) M" was read as a count ("5 leads") and the budget for that
many leads was worked instead; the cost of one customer is the cost of one lead ÷ the share closed (the funnel the
KB's own CAC arithmetic walks: CPL ÷ lead-to-customer rate). Only English is read here — a close verb, the "N in M"
shape, a cost of one asked — and both inputs are the user's: nothing is looked up or invented.
"""
from __future__ import annotations

import re

from agent.offline.closerate import close_rate
from agent.offline.numbers import digits, money, plain, result

_VERB = r"(?:close|closes|closed|closing|convert|converts|converted|converting|sign|signs|signed|win|wins|won|book|books|" \
        r"booked|turn|turns|turned|become|becomes|buy|buys|bought|enrol\w*|enroll\w*|join|joins)"
# "1 in 5", "3 out of every 10", "one in four" (digits() has turned number words into digits)
_IN_EVERY = re.compile(r"\b(?P<n>\d+)\s+(?:in|out of|of)\s+(?:every\s+)?(?P<m>\d+)\b", re.I)
# the cost of one won customer asked: "what does each new policyholder cost", "cost per client", "what's a booking costing"
_ONE_ASKED = re.compile(r"\b(?:what|how much)\b[^.?!]{0,40}\b(?:each|every|one|a|an|per)\s+(?:new\s+|won\s+|paying\s+)?"
                        r"(?P<noun>[a-z]+)\b[^.?!]{0,25}\b(?:cost|costs|costing|run|runs|come to|work out)\b|"
                        r"\bcost (?:per|of (?:a|an|each|one)|for (?:a|an|each|one)) (?:new\s+)?(?P<noun2>[a-z]+)\b|\b(?:cac|cpa)\b", re.I)


def spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` (already through :func:`digits`) says a close rate as "N in M" near a close verb or "close rate"."""
    out = []
    for m in _IN_EVERY.finditer(text):
        near = text[max(0, m.start() - 40):m.end() + 40]
        if int(m["m"]) and int(m["n"]) < int(m["m"]) and re.search(rf"\b{_VERB}\b|\bclose rate\b|\bconversion\b", near, re.I):
            out.append((m.start(), m.end()))
    return out


def rate(text: str) -> tuple[float, str, str] | None:
    """(the share closed as a fraction, how it was said, its working line or "") — "1 in 5" is 0.2 with "1 ÷ 5 = 0.2"."""
    t = digits(text)
    if got := spans(t):
        m = _IN_EVERY.match(t, got[0][0])
        v = int(m["n"]) / int(m["m"])
        eq, shown = result(v, False)
        return v, m.group(0), f"{m['n']} ÷ {m['m']} {eq} {shown} — your close rate ({m.group(0)})"
    pct = close_rate(t)
    return (pct / 100, f"{plain(pct)}%", "") if pct else None


def lines(text: str, unit_cost: float | None) -> list[str]:
    """The working of one won customer's cost from the cost of a lead and the close rate, or [] when either is missing
    or the message asks no cost of one."""
    asked, got = _ONE_ASKED.search(digits(text)), rate(text)
    if not unit_cost or not got or not asked or not got[0]:
        return []
    noun = (asked["noun"] or asked["noun2"] or "customer").lower()
    if noun in ("one", "of", "the", "it", "that", "cac", "cpa") or noun.startswith("lead"):
        noun = "customer"
    v, _, first = got
    cost = unit_cost / v
    eq = "=" if abs(cost - round(cost, 2)) < 1e-9 else "≈"
    return ([f"- {first}"] if first else []) + [
        f"- {money(unit_cost)} ÷ {plain(round(v, 4))} {eq} {money(round(cost, 2))} — your CAC (each new {noun}: "
        "cost per lead ÷ the share of leads closed)"]

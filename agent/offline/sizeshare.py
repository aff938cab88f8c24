"""A share of an audience size shown before, asked through a pointer: "what would 3% of that be?",
"if we can reach 40 percent of those, how many?", "5% of the california number?", "if 2 in 5 of them
have a dog, how many's that", "at a 50% match rate, how many of the milwaukee ones are reachable".

Why: the size is the knowledge base's (the sizing tool gave it one turn earlier, cited) and the share is
the user's, so the answer is one multiplication — but the message names no audience, no metric and no
count of its own, so no look-up finds anything to quote and the turn was declined, or answered with a
passage about reach in general. What is read is English: exactly one share (a percentage, "N in M", "N
out of M", or a fraction word, "a third of": each written as the percentage it is here, :func:`_shares`), a word pointing back at
what was counted ("that", "those", "them", "the <place> ones", "the … number") or "how many" itself right
after the size ("how many would a 25% reach get us?"), a count asked (a question word, or a question mark) — and no other figure (an amount or a frequency belongs to another formula), no
verb or comparative that moves the number ("cut it by 10%", "10% more") instead of taking a part of it.
"""
from __future__ import annotations

import re
from fractions import Fraction

from agent.offline import fractionwords
from agent.offline.budgetmove import CHANGE_VERB
from agent.offline.numbers import digits, parse_numbers, plain, result
from rag.regexes import compiled

_WORDS = {w: i + 1 for i, w in enumerate("one two three four five six seven eight nine ten".split())}  # "one in four"
_N = r"(\d+|" + "|".join(_WORDS) + r")"
_N_IN_M = re.compile(r"\b" + _N + r"\s+(?:in|out of)\s+(?:every\s+)?" + _N + r"\b(?!\s*(?:%|percent|k\b|m\b|thousand|million|\$))",
                     re.I)
_POINTER = re.compile(r"\b(?:that|those|these|them|it|they)\b|\bthe\s+(?:[a-z.'-]+\s+){0,3}(?:ones|number|figure|count|"
                      r"total|audience|size|group|pool|market)\b|\bhow many\s+(?:of\s+)?(?:the\s+)?(?:[a-z.'-]+\s+){1,3}ones\b",
                      re.I)
_ASKS = re.compile(r"\bhow many\b|\bhow (?:big|large)\b|\bwhat(?:'s|s| is| are| would| will| does| do)?\b|\?\s*$", re.I)
# a share that moves the number, not a part of it: "10% more", "20% bigger", "up 5%", "grow it by 15%"
_MOVED = re.compile(r"%\s*(?:more|less|fewer|bigger|smaller|higher|lower|larger|up|down|increase|decrease|growth|"
                    r"extra|on top)\b|\b(?:up|down|by|grow\w*|shrink\w*)\s+\d[\d.]*\s*%", re.I)
_UNIT = re.compile(r"^\s*[\d.,]+\s*(?:million|thousand|m|k)?\s*(?P<u>people|households|adults|persons|users|homes)?", re.I)
_LINE = re.compile(r"^- [\d,.]+ × [\d,.]+% [=≈] [\d,]+ \w+$")
SEARCH = ""  # no rule to look for: the size is the KB's, cited in the working, and the share the user's


def counted(size: str, answered: str, asked: str = "") -> str:
    """``size`` with the unit the last answer counted it in ("158,000 households"), else the one the question asks
    for ("how many households is that?": the size was given turns ago), else as given."""
    m = compiled(re.escape(size.strip()) + r"\*{0,2}\s+(people|households|adults|persons|users|homes)\b", re.I).search(answered or "") \
        or re.search(r"\bhow many (people|households|adults|persons|users|homes)\b", asked, re.I)
    return f"{size.strip()} {m.group(1).lower()}" if m and not ((u := _UNIT.match(size)) and u.group("u")) else size


def is_share(lines: list[str]) -> bool:
    """The working is a share of a size: the size's cited line, then this module's one line (not an impressions
    plan on the size, nor a rate on a count worked out)."""
    return len(lines) == 2 and lines[0].startswith("Estimated size:") and bool(_LINE.match(f"- {lines[1]}"))


def _shares(text: str) -> str:
    """``text`` with "N in M" / "N out of M" and fraction words written as the percentage they are ("2 in 5" →
    "40%", "a third of" → "33.3333333% of": :mod:`fractionwords`, the one reading of a share said in words)."""
    def pct(m: re.Match) -> str:
        n, d = (int(g) if g.isdigit() else _WORDS[g.lower()] for g in m.groups())
        return fractionwords.percent(Fraction(n, d)) if 0 < n < d else m.group(0)
    return fractionwords.as_percent(_N_IN_M.sub(pct, text))


def share(size: str, text: str) -> list[str]:
    """The working line "694,000 × 3% = 20,820 people" of the one share ``text`` takes of ``size`` (the size as
    the sizing tool wrote it, "694,000 people"), or [] (module doc)."""
    t = _shares(digits(_shares(text)))  # "one in four" as typed, "1 in 4" as digits() writes "one in 4"
    nums = parse_numbers(t)
    if len(nums) != 1 or not nums[0].pct or not 0 < nums[0].value < 100 or not (_POINTER.search(t) or re.search(
            r"\bhow many\b", t, re.I)) or not _ASKS.search(t) \
            or _MOVED.search(t) or CHANGE_VERB.search(t):
        return []
    pool = parse_numbers(digits(size))
    if not pool or pool[0].pct or pool[0].money or pool[0].value < 100:
        return []
    said = _UNIT.match(size)  # the unit the size was counted in, else people
    unit = (said.group("u") or "people").lower() if said else "people"
    s, n = result(pool[0].value * nums[0].value / 100, True)
    return [f"{plain(pool[0].value)} × {plain(nums[0].value)}% {s} {n} {unit}"]

"""A cap on how much one move may change a budget — "move money between channels in steps of no more than 20% at a
time", "no channel gains more than 30% of its own budget in one move", "no single channel's budget may be increased by
more than 20% within any rolling 14-day window" — applied to the amount the user has now: "paid search runs $25k a
month, what's the most I can add in one go?" is $25,000 × 20% = $5,000 (to $30,000).

Why: :mod:`agent.offline.capstep` reads a cap per day, week or month; these rules cap one *move* instead (a step, a
move, a window), and the question asks the most one move may add (or take away), not the level next period. The rule
may be in this turn's quote or in the last answer (the user asked how fast money may move, then brings their amount).
What is read is English: the rule's "no more than / at most / more than N% … at a time / in one move / in one step /
within any … window", one amount of the user's, a question of the most, and a verb of adding or cutting. Nothing is
applied without all of them.
"""
from __future__ import annotations

import re

from agent.offline.numbers import digits, money, parse_numbers, plain

# the rule: a share capped per move ("no more than 20% at a time", "more than 30% of its own budget in one move")
_RULE = re.compile(r"(?:no more than|not more than|more than|at most|up to|maximum of)\s+(?:about\s+|around\s+|roughly\s+)?(?P<n>\d+(?:\.\d+)?)\s*(?:%|percent)"
                   r"(?:\s+of\s+(?:a|its|the|their|that)\s+(?:own\s+)?(?:channel's\s+)?budget)?[^.]{0,12}?\s*"
                   r"(?:at a time|in (?:one|a single) (?:move|step|go|change|shift)|per (?:move|step|change|shift|review)|"
                   r"within any (?:rolling )?\d+[- ]day window)", re.I)
# the question, by its parts: the most, in one go, and which way the amount moves
_ASK = {
    "most": r"\b(?:most|max(?:imum)?|how much|biggest|largest|highest|limit)\b",
    "once": r"\b(?:in one go|at once|at a time|in one (?:step|move|shot|jump)|in a single (?:step|move)|right away|in one hit|in one round)\b",
    "up": r"\b(?:add|adding|raise|raising|increase|increasing|boost|bump|scale|scaling|grow|move|shift|put|push)\b|"
          r"\b(?:could|can|may|might|would) (?:it |that |this )?(?:be|go|get|reach|climb)\b",  # "the most it could be"
    "down": r"\b(?:cut|cutting|lower|lowering|reduce|reducing|trim|trimming|pull|take (?:out|away|off)|drop)\b",
}


def _asks(t: str, part: str) -> bool:
    return bool(re.search(_ASK[part], t, re.I))


def _rule(quoted: str) -> tuple[re.Match, str] | None:
    """The step cap of ``quoted`` and the sentence that states it, else None."""
    m = _RULE.search(quoted or "")
    if not m:
        return None
    start = max([0] + [i + len(sep) for sep in (". ", "]: ", "\n") if (i := quoted.rfind(sep, 0, m.start())) >= 0])
    end = quoted.find(".", m.end())
    return m, quoted[start:end + 1 if end >= 0 else len(quoted)].strip()


_SPAN = re.compile(r"\b(?P<n>\d+|a|one|two|three|four)\s+(?P<u>days?|weeks?)(?:'s?)?\s+(?:from now|out|time|away|later)\b|"
                   r"\b(?:in|within|after)\s+(?P<n2>\d+|a|one|two|three|four)\s+(?P<u2>days?|weeks?)\b", re.I)
# the one window a move is capped in: "within any rolling 14-day window", "wait 3 days before the next change",
# "at most once every 4 days"
_WINDOW = re.compile(r"\b(\d+)[- ]day (?:rolling )?window\b|\bwait (?:at least )?(\d+) days? before the next\b|"
                     r"\bonce (?:every|per|in) (\d+) days\b", re.I)
_WORD_N = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4}


def _within_window(t: str, quoted: str) -> bool:
    """The span the user looks ahead ("two weeks from now", "in 3 days") fits inside the one window the rule caps a move
    in ("… within any rolling 14-day window", "wait 3 days before the next change"): one move is all that span allows."""
    w, m = _WINDOW.search(digits(quoted or "")), _SPAN.search(t)
    if not w or not m:
        return False
    n, unit = m.group("n") or m.group("n2"), (m.group("u") or m.group("u2")).lower()
    days = (int(n) if n.isdigit() else _WORD_N[n.lower()]) * (7 if unit.startswith("week") else 1)
    return 0 < days <= int(next(g for g in w.groups() if g))


def lines(text: str, quoted: str) -> list[str]:
    """The working of the quoted step cap on the user's one amount, or []."""
    got = _rule(quoted)
    t = digits(text)
    nums = parse_numbers(t)
    amounts = [n for n in nums if not n.pct and (n.money or n.value >= 1000)]
    if not got or len(amounts) != 1 or any(n.pct for n in nums) or not _asks(t, "most") or not (
            _asks(t, "once") or _within_window(t, quoted)):
        return []
    down = _asks(t, "down") and not _asks(t, "up")
    if not down and not _asks(t, "up"):
        return []
    v, r = amounts[0].value, float(got[0].group("n"))
    step = round(v * r / 100, 2)
    after = round(v - step if down else v + step, 2)
    m, sentence = got
    clause = sentence[:sentence.find(m.group(0)) + len(m.group(0))].split(": ")[-1].rstrip(" ,;")  # the rule in its own words
    return [f"{money(v)} × {plain(r)}% = {money(step)} — the most to {'take out' if down else 'add'} at once ({clause})",
            f"{money(v)} {'−' if down else '+'} {money(step)} = {money(after)} — the budget after that move "
            f"({money(v)} × {plain(1 - r / 100 if down else 1 + r / 100)})"]  # the factor too: "× 1.20" is the move


def amend(text: str, said: list[str], answer: str) -> str:
    """``answer`` replaced by the step cap the last answer quoted, worked on the user's amount — when this turn's
    answer works no figure of the user's and the message asks the most one move may change it."""
    last = said[-1] if said else ""
    work = lines(text, last)
    if not work or "Applied to your figure" in answer or "Working:" in answer or lines(text, answer):
        return answer
    m, sentence = _rule(last)
    cites = re.findall(r"\[([^\[\]\s]+#\d+)\]", last[:m.start()])
    quote = f"Based on Knowledge Base [{cites[-1]}]: {sentence}" if cites else sentence
    cite = f" [{cites[-1]}]" if cites else ""  # the share is the rule's: its line cites where it was read
    return f"{quote}\n\nWorking:\n" + "\n".join(f"- {ln}{cite if i == 0 else ''}" for i, ln in enumerate(work))

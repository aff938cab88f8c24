"""Which of two steps named by their topics comes first ("which comes first, audience or geography?", "does budgeting
come before messaging?"): the order, then each step's own section.

Why a module: the question names no step by number; each side is matched to a declared step by its name's words
(:func:`agent.offline.stepask._by_name`), and the answer is the framework's order, read at run time.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms
from agent.offline.stepask import _GENERIC, _NUMBERED, _by_name, _name, _section


# "which comes first, audience or geography?", "does budgeting come before messaging?"
_ORDER_Q = re.compile(r"\b(?:which|what)\b[^?.!]{0,20}\b(?:comes?|goes|happens?|is done|should be done|do (?:we|i|you) do)\s+"
                      r"(?:first|earlier|before|sooner|later|last|second)\b|\b(?:does|do|should|is)\b[^?.!]{1,50}\b"
                      r"(?:come|go|happen|be done|done)\s+(?:before|after)\b", re.I)
_ORDER_WORDS = set(terms("first earlier sooner later last second come comes go goes happen happens done do does "
                         "should we i you"))
_SPLIT = re.compile(r"\s*(?:,|\bor\b|\bvs\.?|\bversus\b|\bbefore\b|\bafter\b|\bthen\b)\s*", re.I)


def compared_steps(text: str, steps: dict[int, str]) -> tuple[int, int] | None:
    """(earlier, later) for a question of which of two steps named by topic comes first, else None."""
    if not steps or not _ORDER_Q.search(text) or _NUMBERED.search(text):
        return None
    found = []
    for part in _SPLIT.split(text):
        n = _by_name(part, steps)
        if n is None:
            continue
        if set(terms(part)) - _GENERIC - _ORDER_WORDS - set(terms(steps[n])):
            return None  # "does the budget cut happen before …": something inside a step, not the step
        if n not in found:
            found.append(n)
    return (min(found), max(found)) if len(found) == 2 else None


def order_answer(pair: tuple[int, int], steps: dict[int, str], passages: list[dict], k: int = 2) -> str | None:
    """"Step A comes before Step B", then each step's own section, cited — None when neither is found."""
    whole = {ps["id"]: ps for ps in passages}
    secs = [(n, _section(n, passages, whole, k, steps.get(n, ""))) for n in pair]
    if not any(sec for _, sec in secs):
        return None
    lead = f"{_name(pair[0], steps)} comes before {_name(pair[1], steps)}."
    return "\n\n".join([lead] + [f"{_name(n, steps)}: Based on Knowledge Base [{sec[0]}]: {' '.join(sec[1])}"
                                 for n, sec in secs if sec])

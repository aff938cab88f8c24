"""A changed budget with a request to redo ("actually the budget is 80000 now — redo it", "we've got
$80k instead, run it again") asks the last question again, with the new budget in it.

Why: the conversation's memory re-runs the last *calculation* with a new number (``memory.carry``).
When the last turn looked ranges up or advised (a split, a step, a channel) there is no calculation
to re-run, and the message alone ("Redo it.") names nothing the tools can answer: searched as it
stands it finds a passage about budgets in general. English gives its meaning: the request points
back ("redo", "again", "update"), the number is the new budget, so the question is the last one with
the new budget in the old one's place (or added to it, when the last question stated none).
"""
from __future__ import annotations

import re

from agent.offline import periods
from agent.offline.numbers import money
from agent.offline.parse import parse

# the request points back at the last answer: "redo it", "run it again", "update the plan", "recalculate"
_OBJ = r"(?:it|that|this|those|the (?:answer|plan|numbers|figures|maths?|split))"
_REDO = re.compile(rf"\b(?:re-?do|re-?run|re-?calculate|re-?compute|re-?work|update|revise)\s+{_OBJ}\b"
                   rf"|\b(?:run|do|work)\s+{_OBJ}\s+(?:again|over)\b"
                   r"|\b(?:re-?do|re-?run|re-?calculate|re-?compute)\s*(?:please\s*)?[.!?]*\s*$", re.I)

# a question word of the message's own ("… how many leads?"): then it is a new question, not the last one again
_OWN_QUESTION = re.compile(r"\b(?:what|how|which|why|when|where|who|whom|whose)\b", re.I)


def restated(text: str, previous: tuple | None, calculated: bool = False) -> str | None:
    """The last question (``previous``: its text, answer, outcomes) with this message's budget in it, or
    None when the message is not a redo with a new budget, or the last turn was a calculation
    (``calculated``: the memory re-runs that itself)."""
    if not previous or (previous[1] or "").rstrip().endswith("?") or not _REDO.search(text):
        return None  # a question asked back ("what is your budget?") is answered, not redone
    if _OWN_QUESTION.search(text):
        return None  # "budget's 80k now, update it: how many leads?" asks its own question
    p = parse(text)
    new = [n for n in p.numbers if n.role == "budget"]
    if len(new) != 1 or len(p.numbers) != 1 or p.metrics or p.audiences or p.step or p.vertical:
        return None
    last = parse(previous[0])
    # after a working the memory re-runs it with the new budget — but not the period its count was asked for ("40k a
    # quarter — how many a month?"): then the question is asked again, when the new budget keeps the old one's period
    if calculated and not (periods.asked(last.norm, last.unit) and _same_period(last, p, new[0])):
        return None
    figure = money(new[0].value)
    old = [n for n in last.numbers if n.role == "budget"]
    if len(old) == 1:
        # written as the old figure was ("50000" → "80000", not "$80,000"): the question is the same, so it should
        # search the same; a reformatted number is other tokens to the index and found other passages
        if re.fullmatch(r"\d+", last.norm[old[0].start:old[0].end]) and float(new[0].value).is_integer():
            figure = str(int(new[0].value))
        return f"{last.norm[:old[0].start]}{figure}{last.norm[old[0].end:]}"
    if not old and last.text.strip():
        return f"{last.text.strip()} Our budget is {figure}."
    return None


def _same_period(last, p, new) -> bool:
    """The new budget is said for the period the last question's budget was said for, or for none."""
    old = next((n for n in last.numbers if n.role == "budget"), None)
    said = periods.of_budget(p.norm, new)
    return old is not None and (said is None or said == periods.of_budget(last.norm, old))

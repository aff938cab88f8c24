"""A redo that names an earlier piece of the plan ("redo the split", "redo the search and social dollars") with a new
budget: the latest earlier question that asked for that piece, asked again with the new budget.

Why: :mod:`~agent.offline.redo` re-asks the *last* question and :mod:`~agent.offline.redounit` the latest one that
counted a unit; a planning conversation comes back to a split or a share in money after other turns ("we have 60k for
the quarter, how should we split it?", a question about video, then "the quarter is 45k now. redo the split"), and the
new budget was read against whatever the last turn was (a worked example of another budget quoted, or "$15,000 ÷
$25,000 ≈ 1 actual"). The message names the piece by the words its question used ("split", "search and social");
the question to re-ask is the latest earlier one that says every one of them, with one budget in it (or none, then
the budget is added), the rest of it kept as the user said it. The last question itself is left to the rules that
redo it.
"""
from __future__ import annotations

import re

from agent.offline.numbers import money
from agent.offline.parse import parse
from agent.offline.passages import terms

# "redo the split", "rework the search and social dollars", "update our channel split", "run the split again"
_REDO_OBJ = re.compile(r"\b(?:re-?do|re-?run|re-?calculate|re-?compute|re-?work|update|revise|recompute)\s+(?:the |our |my |that |those )?"
                       r"(?P<obj>[a-z][\w-]*(?:\s+(?:and\s+|&\s+)?[a-z][\w-]*){0,4})", re.I)
# words of the object that name no piece: the redo's own object words, amounts, money
_GENERIC = set(terms("it that this those numbers number figures figure maths math calculation calc count counts total totals "
                     "estimate estimates amount amounts dollars dollar money cash bucks budget same whole thing answer please "
                     "again now then both ends end"))


def restated(text: str, history: list) -> str | None:
    """The latest earlier question (not the last) that says every word of the piece this redo names, with this
    message's one budget in it; or None."""
    m = _REDO_OBJ.search(text)
    named = set(terms(re.split(r"[.,;!?]", m.group("obj"))[0])) - _GENERIC if m else set()
    if not named:
        return None
    p = parse(text)
    # the budget, or an amount a period follows read as a price ("going to $25k/month"): a split or a share of one
    new = [n for n in p.numbers if n.role == "budget" or n.money and n.role == "price" and n.value >= 1000]
    if len(new) != 1 or len(p.numbers) != 1:
        return None
    asked = [h[0] if isinstance(h, tuple) else h for h in history]
    for k in range(len(asked) - 1, -1, -1):
        if not named <= set(terms(asked[k])):
            continue
        if k == len(asked) - 1:
            return None  # the last question: redone by the rules that redo it
        last = parse(asked[k])
        old = [n for n in last.numbers if n.role == "budget"]
        if len(old) == 1 and len(last.numbers) == 1:
            return f"{last.norm[:old[0].start]}{money(new[0].value)}{last.norm[old[0].end:]}"
        return f"{asked[k].strip()} Our budget is {money(new[0].value)}." if not last.numbers else None
    return None

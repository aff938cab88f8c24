"""A redo that names two counts, the second one an earlier turn derived from the first by the user's own rate: "ads
down to $4,500 a month — redo the leads and the patients", after "1 in 5 of our leads starts treatment: how many
patients is that at each end?".

Why: the redo is answered by asking the count question again with the new budget (:mod:`~agent.offline.redounit`),
which works the first count only; the second came from a rate the user gave in another turn, which nothing re-applies,
so half the redo went unanswered. The rate is the user's, said in that earlier message; it is applied again
(:mod:`~agent.offline.carryrate`, the one reading of "N in M of those …") to the counts this answer has just worked
out, and its lines are added to the working — every figure the user's or derived from this answer's own lines.
"""
from __future__ import annotations

import re

from agent.offline import carryrate
from agent.offline.passages import terms

# the counts the redo names: "redo the leads and the patients", "rerun leads plus sales"
_REDO = re.compile(r"\b(?:re-?do|re-?run|re-?calculate|re-?compute|re-?work|update)\s+(?:the |our |my )?[a-z]+"
                   r"(?P<more>(?:,?\s+(?:and|plus|&)\s+(?:the |our |my )?(?:new )?[a-z]+)+)", re.I)
_OTHER = re.compile(r"(?:and|plus|&)\s+(?:the |our |my )?(?:new )?([a-z]+)", re.I)
_HOW_MANY = re.compile(r"\bhow many (?:new |more |paying )?([a-z]+)", re.I)


def more(text: str, history: list, answer: str) -> str:
    """``answer`` with the earlier rate's lines added for each further count the redo names, else as it is."""
    m = _REDO.search(text or "")
    if not m or "Here is the calculation" not in answer and "Typical" not in answer:
        return answer
    asked = [h[0] if isinstance(h, tuple) else h for h in history]
    lines: list[str] = []
    for unit in _OTHER.findall(m.group("more")):
        want = set(terms(unit))
        for said in reversed(asked):
            q = _HOW_MANY.search(said)
            if not q or not want & set(terms(q.group(1))):
                continue
            got = carryrate.work(said, answer)
            if got:
                lines += got[0]
            break
    if not lines:
        return answer
    head, sep, tail = answer.partition("\n\n")  # after the working's own lines, before any prose that follows
    return f"{head}\n" + "\n".join(f"- {ln}" for ln in lines) + (sep + tail if sep else "")

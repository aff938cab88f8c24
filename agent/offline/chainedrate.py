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


# the rate's clause, said after the count's question in the same message: "…how many leads that is, and if we close 8%
# of them how many trucks we move", "… and say 1 in 5 of those sign up — customers?"
_RATE_CLAUSE = re.compile(r"(?:^|[,;.?!]\s*|\b(?:and|then|plus)\s+)(?P<c>(?:(?:and|then|so)\s+)?(?:if|say|suppose|assuming|when)\b"
                          r"[^.?!;]*?(?:%|\bpercent\b|\b\w+ (?:in|out of) (?:every )?\w+\b|\b(?:half|third|quarter|fifth|tenth)s?\b)"
                          r"[^.?!;]*)", re.I)


_SAME_AGAIN = re.compile(r"\b(?:same (?:question|thing|again|math|numbers?)|redo|re-?run|again)\b", re.I)


def same_turn(text: str, answer: str, before: str = "") -> str:
    """``answer`` with the user's rate applied to the counts it has just worked out, when the same message asks for the
    count and then for a share of it ("how many leads is that, and if we close 8% of them how many sales?"), else as
    it is. The clause with the rate is read alone (:mod:`~agent.offline.carryrate`, the one reading of "N% of those …"),
    so the budget said before it is not taken for a second rate; nothing is worked without a count in ``answer``.
    A message that asks the same again with a new figure ("cut to 3,500 — same question") asks ``before``'s clause."""
    if not re.search(r"\bhow many\b", text or "", re.I) and _SAME_AGAIN.search(text or "") and not re.search(
            r"%|\bpercent\b", text):
        text = before or ""
    if "Typical" not in (answer or "") or not re.search(r"\bhow many\b", text or "", re.I):
        return answer
    clause = next((m.group("c") for m in _RATE_CLAUSE.finditer(text) if m.start("c") > 0), None)
    if not clause or not re.search(r"\bhow many\b", text[:text.find(clause)], re.I) and "how many" not in clause.lower():
        return answer
    head, sep, tail = answer.partition("\n\n")  # the working's own lines come first
    if re.search(r"^- .*(?:×|÷)[^\n]*%", head, re.M):  # a rate already applied there
        return answer
    got = carryrate.work(clause, head)
    if not got:
        return answer
    lines = [ln for ln in got[0] if "%" in ln]  # the rate's lines; the counts they rest on are the lines above
    if not lines:
        return answer
    return f"{head}\n" + "\n".join(f"- {ln}" for ln in lines) + (sep + tail if sep else "")

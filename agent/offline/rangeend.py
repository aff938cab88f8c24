"""The end of a range shown earlier that a message points at by its words, as a figure to work with.

Why: "Our monthly donors give $22 on average. At the cheap end of that donor cost, how many months until one pays
us back?" states one amount and points at the other: the low end of the cost per donor range the conversation
was shown ("$48-56"). A formula on the user's figures (a payback: cost ÷ monthly gift) needs it as a number; the
range is the KB's, the end the user's choice ("cheap end", "top of the range"), nothing is invented. Only a range
of the metric the message names, or the one range remembered when it names none, is pointed at.
"""
from __future__ import annotations

from agent.offline.memory import Memory
from agent.offline.parse import parse


def pointed(text: str, mem: Memory) -> tuple[float, str] | None:
    """(the low or high end of the remembered range the message points at ("at the cheap end of that donor cost"),
    the id of the passage it was read from), or None when it names no end or no remembered range is the one meant."""
    p = parse(text)
    if p.end not in ("low", "high") or not mem.ranges:
        return None
    named = [m for m in [*p.metrics, *p.metric_phrases] if m in mem.ranges]
    key = named[0] if named else (next(iter(mem.ranges)) if len(mem.ranges) == 1 and not (p.metrics or p.metric_phrases)
                                  else None)
    if key is None:
        return None
    lo, hi, cid = mem.ranges[key]
    return (lo if p.end == "low" else hi), cid

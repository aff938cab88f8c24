"""A message read without the filler and hedges people type around a question: "quick q: what's like a
normal cpm tbh?" asks what "what's a normal cpm?" asks.

Why: the rules read a message's shape — its first words ("and for retail?", "what about …"), what
follows a preposition ("in the whole country", "for a new customer"), whether it is only a pleasantry.
Lead-ins ("quick q:", "um,", "ok so", a greeting set off by a comma: "hey,"), trailing hedges ("tbh", "lol", "i think", "if that makes sense")
and the discourse "like" ("for like the whole country", "84k like a month") carry no content, yet they
move those shapes: a follow-up no longer starts with "and", a place no longer follows "in". Only
English's own discourse markers are removed, and only where they cannot be content: at the message's
start or end, and "like" only where the comparative "like" cannot stand (after a preposition, a verb of
amount, an auxiliary "do"/"does"/"did" or a number, before an article or a number: "brands like ours", "what will it be like" keep it).
A message that is nothing but filler is left as typed.
"""
from __future__ import annotations

import re

from agent.offline.asking import worded_as_question

_LEAD = re.compile(r"^\s*(?:(?:quick (?:q|question|one)|real quick|question)\s*[:,-]\s*|(?:u+m+|u+h+|e+r+m+|h+m+)\b[,.]?\s*|"
                   r"(?:ok(?:ay)?,?\s+so|so\s+like)\b\s*,?\s*|tbh\s*,?\s*|ngl\s*,?\s*|"
                   r"honestly\s*,\s*|(?:hey|hi|hello|hiya|yo)(?:\s+there)?\s*,\s*)", re.I)
_TAIL = re.compile(r"(?:[\s,]+(?:tbh|ngl|lol|lmao|haha+|i think|if that makes sense|(?P<thanks>thanks|thx|ty)))+(?=\s*[?.!]*\s*$)", re.I)
_NUMBER = r"(?:\$?\d[\d,.]*[kKmM]?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|thousand|million|grand|bucks)"
_BEFORE_LIKE = (r"(?:in|for|to|of|at|on|across|about|into|from|by|with|around|over|per|have|has|had|get|gets|got|spend|spending|spent|cost|"
                r"costs|pay|paying|buy|buys|need|put|what's|whats|what is|do|does|did|" + _NUMBER + r")")


def _like(text: str) -> str:
    """``text`` without a discourse "like" between a preposition, a verb of amount or a number and an
    article or a number."""
    return re.sub(rf"\b({_BEFORE_LIKE})\s+like\s+(?=(?:a|an|the|{_NUMBER})\b)", r"\1 ", text, flags=re.I)


def strip(text: str) -> str:
    """``text`` without its lead-in, its trailing hedges and its discourse "like" (see the module doc);
    as typed when nothing else would be left."""
    out = text
    for _ in range(3):  # "ok so um, …"
        m = _LEAD.match(out)
        if not m or not out[m.end():].strip():
            break
        out = out[m.end():]
    tail = _TAIL.search(out)
    if tail and (not tail.group("thanks") or "?" in out[tail.end():] or (  # thanks closing a statement may be all
            "?" not in out and worded_as_question(out[:tail.start()]))):  # it says; closing a question, filler
        out = out[:tail.start()] + out[tail.end():]
    out = _like(out)
    return out if re.search(r"\w", out) else text

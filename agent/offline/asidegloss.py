"""A terse follow-up glossed by an aside: "and a lead, like someone who signs up for our newsletter" asks "and a
lead?" — the clause after the comma says what the user counts as one, in their own words.

Why: the follow-up's slot change ("a lead" for the cost asked before) is read from its few words; the aside's
story words ("newsletter", "signs up") outweighed them, so the turn fell to a plain search instead of the
previous look-up with the one slot changed. An aside is a clause opened by a gloss word ("like", "i.e.",
"meaning", "as in", "someone who", "somebody who") after a comma, following at most six words of a follow-up
that opens with "and", "what about" or "how about", whose last word is a unit the agent prices ("a lead": CPL) —
a noun it does not price ("an actual buyer") keeps its aside, which may be what names the metric.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import readingstate
from mpa.vocabulary import VOCABULARY, match_terms

_ASIDE = re.compile(r"^(\W*(?:ok(?:ay)?,?\s+)?(?:and|what about|how about)\s+[^,?.!]{1,60}?)\s*,\s*"
                    r"(?:like|i\.?e\.?|meaning|as in|(?:some(?:one|body)|people|folks|the ones?) (?:who|that))\b[^?]*\??\s*$", re.I)


# a sentence of the message: up to its end mark
_SENTENCE = re.compile(r"[^.?!]+[.?!]*")
_FOLLOW_UP = re.compile(r"^\s*(?:ok(?:ay)?,?\s+)?(?:and|what about|how about)\b[^?]{1,60}\?$", re.I)
# a remark that adds to the ask ("plus ctr while you're at it", "also the cpm"): part of the question
_MORE = re.compile(r"\W*(?:plus|also|and|or|too|as well)\b", re.I)
# a figure the user gives for the plan (a budget, a spend, a share): never an aside
_OWN_FIGURE = re.compile(r"\$|\d\s*(?:k|m|%)\b|\b(?:budget|spend|spent|paid|pay)\b", re.I)


def question_alone(text: str) -> str:
    """The one terse follow-up question of a message that wraps it in a reaction and a remark ("yikes. and on
    tiktok? most of our buyers are young" → "and on tiktok?"): the remark tells why the user asks, not what.
    Only when no other sentence asks ("?"), adds to the ask ("plus ctr while you're at it": a metric, or "plus",
    "also") or gives a figure for the plan (a budget, a spend, a share)."""
    parts = [x.strip() for x in _SENTENCE.findall(text or "") if x.strip()]
    asks = [x for x in parts if x.endswith("?")]
    if len(parts) < 2 or len(asks) != 1 or not _FOLLOW_UP.match(asks[0]) or len(asks[0].split()) > 6:
        return text
    rest = [x for x in parts if x is not asks[0]]
    return text if any(_OWN_FIGURE.search(x) or _MORE.match(x) or match_terms(x, VOCABULARY["metrics"]) for x in rest) else asks[0]


def without(text: str) -> str:
    """``text`` without a gloss aside after a terse follow-up (see the module's docstring), with its "?"; a terse
    follow-up question wrapped in a reaction and a remark, alone (:func:`question_alone`)."""
    return _without(text, readingstate.key())


@lru_cache(maxsize=4096)
def _without(text: str, state: tuple) -> str:
    """:func:`without`, once per message and ``state`` (:func:`~agent.offline.readingstate.key`: the KB's declared
    metrics decide which units are priced): every model call reads all the conversation's earlier messages again."""
    text = question_alone(text)
    m = _ASIDE.match(text or "")
    if not m or len(m.group(1).split()) > 6 or not _priced(m.group(1)):
        return text
    return m.group(1).rstrip() + "?"


def _priced(head: str) -> bool:
    from agent.offline.unitmetric import unit_metric  # late: the parser's modules read the policy's
    words = re.findall(r"[a-z]+", head.lower())
    return bool(words) and bool(unit_metric(words[-1][:-1] if words[-1].endswith("s") and not words[-1].endswith("ss") else words[-1]))

""""How much should we budget to hit our goal?" when no goal was ever said: ask for the goal, by its name.

Why: a budget (or a monthly count) sized to reach a goal is the goal times what one result costs. The cost is the
knowledge base's; the goal is only the user's. When the message points at a goal of the user's own — "our donor
goal", "my sales target for the quarter", "the sign-ups we want", "hit our number" — and no earlier message (nor this
one) says a number as a goal, any figure the agent gives is built on an invented goal or on an unrelated count
remembered from another turn (a complaint count, an audience size), and a passage on budgeting methods answers
nothing. One clarifying question naming the goal is the answer (failure profile, session 28: "answers where a
clarifying question was owed" was mostly this).

What is read is English only: a question of amount ("how much", "how many", "what budget"), a possessive before
goal / target / quota / objective ("target" of an audience or a cost is not a goal), "the X we want/need", and a
goal said with a number in any user message ("our goal is 40 a month", "we need 600 new members", "to hit 1,200").
"""
from __future__ import annotations

import re

from agent.offline.passages import message_sentences

# an amount asked: a budget, a spend, a count
_AMOUNT = re.compile(r"\bhow (?:much|many|big|large)\b|\bwhat (?:budget|spend|amount|level of spend|kind of (?:budget|money))\b|"
                     r"\bwhat (?:should|would|do|must) (?:we|i) (?:need to |have to )?(?:spend|budget|invest|put in)\b", re.I)
# not a goal: a target audience, a target cost, a target market …
_NOT_GOAL = (r"(?!\s+(?:audiences?|markets?|customers?|buyers?|groups?|segments?|demos?|demographics?|areas?|regions?|"
             r"cit(?:y|ies)|geos?|lists?|ages?|personas?|accounts? list|cpa|cpl|cac|cpi|cpc|cpm|roas|ctr|cvr|ltv|cost|costs|"
             r"price|rate|ratio|margin|bid|keywords?|platforms?|channels?)\b)")
_THEIRS = re.compile(r"\b(?:our|my)\s+(?P<what>(?:[a-z][a-z'-]*\s+){0,3}?)(?:goals?|targets?|quotas?|objectives?|numbers)\b" + _NOT_GOAL
                     + r"|\bthe\s+(?P<want>[a-z]+(?:\s+[a-z]+)?)\s+(?:we|i)\s+(?:want|need|are after|are aiming for|have in mind)"
                       r"(?!\s+to\b)", re.I)
# a goal said with a number: "our goal is 40 new patients", "we need 600 members", "to hit 1,200 installs"
_GOAL_SAID = re.compile(r"\b(?:goals?|targets?|quotas?|objectives?|aim(?:ing)?)\b|\b(?:we|i)(?:'re| are)? (?:need|want|have to|must|"
                        r"hope|plan|aim|aiming|trying|looking) (?:to (?:get|hit|reach|sell|sign|book|land|win|bring in|add|grow)\b)?|"
                        r"\b(?:to|can|could|would) (?:hit|reach|get to|land)\b", re.I)
_NUMBER = re.compile(r"\d")
# words that say when or how often, not what the goal counts
_TIME = re.compile(r"\b(?:this|next|the|for|monthly|weekly|yearly|annual|quarterly|each|per|a|an|big|main|overall|whole|"
                   r"total|real|actual|current|new)\b", re.I)


def _named(m: re.Match) -> str:
    """The goal as the user names it ("donor goal", "sales goal"), or plain "goal"."""
    words = " ".join(w for w in (m.group("what") or m.group("want") or "").split() if not _TIME.fullmatch(w))
    return f"{words} goal".strip() if words and len(words) <= 25 else "goal"


def _goal_said(messages: list[str]) -> bool:
    """Has any user message said a number as a goal (in one sentence with a word of aiming)?"""
    return any(_NUMBER.search(s) and _GOAL_SAID.search(s) for m in messages for s in message_sentences(m))


def need(text: str, said: list[str] | tuple[str, ...] = ()) -> str | None:
    """The goal to ask for when the message asks an amount sized from the user's goal and no goal was said, else None
    (``said``: the earlier user messages)."""
    asks = [s for s in message_sentences(text) if _AMOUNT.search(s)]
    m = next((m for s in asks if (m := _THEIRS.search(s))), None)
    if m is None or _goal_said([text, *said]):
        return None
    return f"{_named(m)} (how many customers, sales or sign-ups you want, in what period)"

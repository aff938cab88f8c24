"""Shorthand a planner uses for metrics: a bare list ("CPL + CPC, same vertical") and a pointer
back to the metrics just discussed ("those two", "both of them", "the same ones").

Why: people who ask for several numbers at once drop the verb — a message that names metrics
and asks nothing else (no question word, no number, nothing else to do) is a request for their
ranges; and a follow-up that moves to another business refers to the previous turn's metrics
with a demonstrative instead of repeating them. English grammar only: determiners/pronouns and
question words, no domain wording.
"""
from __future__ import annotations

import re

_QUESTION = re.compile(r"\b(?:what|whats|how|why|which|when|where|who|is|are|was|were|can|could|should|would|do|does|"
                       r"did|will|mean|means|define|explain)\b|'s\b", re.I)
# a pronoun alone ("what do those cost") may point at a noun of the same sentence; a counted or
# distributive one ("those two", "both", "each of them", "the same ones") points at the last turn's list
_BACK = re.compile(r"\b(?:(?:th(?:ose|ese|e same|em)|same)\s+(?:two|three|four|2|3|4|ones|metrics|numbers|figures|kpis)|"
                   r"(?:the\s+)?same\s+(?:one|number|figure|metric|stat|kpi|benchmark)|both|each of (?:them|those|these))\b",
                   re.I)  # "the same number for them?": the one metric just shown
_MAX_WORDS = 12
_THANKS = re.compile(r"^\W*(?:thanks?|thank you|cheers|ty)\b", re.I)  # "thanks for the CPL numbers" asks nothing


def metric_list(text: str, metrics: list[str], has_numbers: bool) -> bool:
    """A terse request naming metrics and nothing else to do ("ctr & cvr then")."""
    return bool(metrics) and not has_numbers and len(text.split()) <= _MAX_WORDS and not _QUESTION.search(text) \
        and not _THANKS.match(text)


def points_back(text: str) -> bool:
    """The message refers to things already named ("those two", "both", "them")."""
    return bool(_BACK.search(text))


def pointer_span(text: str) -> tuple[int, int] | None:
    """Where the message points back ("those two"): a number there counts things named before, no figure."""
    m = _BACK.search(text)
    return m.span() if m else None


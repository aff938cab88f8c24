"""The bound a question asks for — the most, the longest (an upper bound) or the least, the shortest (a lower
bound) — and a heading that names the other one.

Why: "what's the longest a test like that should run?" and a section headed "Minimum duration rules" share the
question's words ("test", "run") and its attribute ("duration"), and a minimum's sentences use them more often than
the "Maximum duration" section beside it does; so the words alone quoted the floor for a question about the ceiling.
A heading that names only the opposite bound states the other end of the range: its section counts half
(:data:`OPPOSITE`). A heading naming both bounds, or neither, is untouched, and so is every question that asks no
bound. English superlatives and the words for a limit's two ends — no KB's headings.
"""
from __future__ import annotations

import re

OPPOSITE = 0.5  # the share of its score a section keeps when its heading names only the other bound

_UPPER = re.compile(r"\b(?:longest|maximum|max|ceiling|upper (?:limit|bound|end)|at (?:the )?most|"
                    r"the (?:most|highest|largest|biggest) (?:i|we|you|they|one|a|an|it)\b)", re.I)
_LOWER = re.compile(r"\b(?:shortest|minimum|min|floor|lower (?:limit|bound|end)|at (?:the )?least|"
                    r"the (?:least|lowest|smallest|fewest) (?:i|we|you|they|one|a|an|it)\b)", re.I)
_UPPER_HEAD = re.compile(r"\b(?:maximum|max|ceilings?|caps?|upper (?:limits?|bounds?)|at most|longest)\b", re.I)
_LOWER_HEAD = re.compile(r"\b(?:minimum|minimums|min|floors?|lower (?:limits?|bounds?)|at least|shortest)\b", re.I)


def asked(question: str) -> str:
    """"upper", "lower" or "" — the one bound the question asks for (none when it names both)."""
    up, low = bool(_UPPER.search(question)), bool(_LOWER.search(question))
    return "upper" if up and not low else "lower" if low and not up else ""


def fit(bound: str, heading: str) -> float:
    """:data:`OPPOSITE` when ``heading`` names only the bound opposite to ``bound``, else 1."""
    if not bound:
        return 1.0
    up, low = bool(_UPPER_HEAD.search(heading)), bool(_LOWER_HEAD.search(heading))
    return OPPOSITE if (low and not up if bound == "upper" else up and not low) else 1.0

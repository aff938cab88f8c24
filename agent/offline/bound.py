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
SAME = 1.25     # the weight of a section whose heading names the bound asked for ("Minimum viable budget" for "the least")

# bound → (the words a question asks for it by, the words a heading names it by)
_WORDS = {
    "upper": (r"longest|maximum|max|ceiling|upper (?:limit|bound|end)|at (?:the )?most|"
              r"the (?:most|highest|largest|biggest) (?:i|we|you|they|one|a|an|it)",
              r"maximum|max|ceilings?|caps?|upper (?:limits?|bounds?)|at most|longest"),
    "lower": (r"shortest|minimum|min|floor|lower (?:limit|bound|end)|at (?:the )?least|"
              r"the (?:least|lowest|smallest|fewest) (?:i|we|you|they|one|a|an|it)",
              r"minimum|minimums|min|floors?|lower (?:limits?|bounds?)|at least|shortest"),
}
_ASKED = {b: re.compile(rf"\b(?:{words})\b", re.I) for b, (words, _) in _WORDS.items()}
_NAMED = {b: re.compile(rf"\b(?:{words})\b", re.I) for b, (_, words) in _WORDS.items()}


def asked(question: str) -> str:
    """"upper", "lower" or "" — the one bound the question asks for (none when it names both)."""
    found = [b for b, words in _ASKED.items() if words.search(question)]
    return found[0] if len(found) == 1 else ""


# whether an amount suffices: "is $800 a month enough?", "can we even afford that?", "enough to do anything with" — the
# question is whether it clears a floor, so it asks for the lower bound (not for :func:`asked`'s band ends)
_SUFFICES = re.compile(r"\b(?:is|are|was|would|will)\s+(?:that|this|it|these|those|[\w$,.]+)\s+(?:even\s+|really\s+|still\s+)?"
                       r"enough\b|\benough\s+(?:to|for)\b|\b(?:can|could)\s+(?:we|i)\s+(?:even\s+|really\s+)?afford\b", re.I)


def sought(question: str) -> tuple[str, float]:
    """The bound the reader weighs headings by — :func:`asked`, else "lower" when the question asks whether an amount
    suffices (a floor it must clear) — and the weight of a heading naming it: :data:`SAME` when the question asks in
    other words than a heading's ("the least we should test with", "is that enough"), else 1 (one that says "minimum"
    itself meets a heading saying it by its words already; a boost would count it twice)."""
    end = asked(question) or ("lower" if _SUFFICES.search(question) else "")
    return end, (SAME if end and not _NAMED[end].search(question) else 1.0)


def fit(bound: str, same: float, heading: str) -> float:
    """:data:`OPPOSITE` when ``heading`` names only the bound opposite to ``bound``; ``same`` when it names only
    ``bound`` (the section stating that end: "Minimum viable budget and ramp" for "the least we should test with",
    beside a section sharing more of the story's words); else 1."""
    if not bound:  # no bound asked (most questions): the heading is not read
        return 1.0
    named = {b for b, words in _NAMED.items() if words.search(heading)}
    return 1.0 if len(named) != 1 else same if bound in named else OPPOSITE


# the amount itself bounded: "what's the most it could be two weeks from now", "the highest our spend can go by Friday"
_OF_AMOUNT = re.compile(r"\b(?:it|that|this|spend|spending|budget|the budget|our budget)\s+(?:could|can|should|may|might|is allowed to)\s+"
                        r"(?:be|go|get|reach|rise|grow)\b", re.I)


# … said with its bound: "the most it could be", "the highest our spend can go"
AMOUNT_CAP = re.compile(r"\b(?:most|highest|largest|biggest|least|lowest|smallest|max(?:imum)?|min(?:imum)?)\b[^.?!]{0,12}?"
                        + _OF_AMOUNT.pattern, re.I)


def caps_amount(question: str) -> bool:
    """The question asks the most or least an amount the user named may become ("search is at $6,000 a month. what's
    the most it could be two weeks from now?"): a limit on changing it, which the KB's rules state — not the last
    calculation re-run with that amount as a new budget (nor "two weeks" read as a price: an input nobody gave)."""
    return bool(AMOUNT_CAP.search(question))

"""A change someone does to the amount just divided, said with a pronoun or with the budget's own words between.

Why: right after a budget was divided, "it" and "that" point at the amount just worked, and a verb of *doing* a
change to an amount — cut, trim, slash, reduce, lower, raise, increase, boost, bump — with that pronoun as its
object ("what if we cut it by a third?", "we'd bump that 15%") or as its subject in the passive ("what if it's
trimmed by 20%?", "finance wants it cut by a quarter") moves the budget: people change budgets, while a price
"goes up" or "drops" of itself, so those intransitive verbs stay the price's ("if it goes up 20%" is read as before).
Halving said with the budget's own words between verb and "in half" ("cut the quarterly budget in half", "chop our
media spend in half") moves it the same way. Read from English alone (verbs, pronouns, the word "budget").
"""
from __future__ import annotations

import re

# a verb of doing a change to an amount (not "goes up", "drops", "rises": a price moves by itself)
_DO = r"(?:cut|cuts|cutting|trim|trims|trimm\w*|slash\w*|reduc\w*|lower\w*|rais\w*|increas\w*|boost\w*|bump\w*|" \
      r"shav\w*|chop\w*|scal\w* (?:back|down|up)|pull\w* back)"
# the same verbs as participles: "it's trimmed", "it gets cut", "have it raised"
_DONE = r"(?:cut|trimmed|slashed|reduced|lowered|raised|increased|boosted|bumped(?: up)?|shaved|chopped|" \
        r"scaled (?:back|down|up)|pulled back)"
_PRONOUN = r"(?:it|that|this)"
_DONE_TO_IT = re.compile(rf"\b{_DO}\s+{_PRONOUN}\b|\b{_PRONOUN}(?:'s|’s| is| was| were| gets?| got| will be| would be| "
                         rf"'d be| being)?\s+{_DONE}\b", re.I)
_HALVED = re.compile(r"\b(?:cut|cuts|cutting|chop\w*|slash\w*|split\w*)\s+(?:(?:the|our|my|this|that|its)\s+)?"
                     r"(?:[a-z]+\s+){0,2}?(?:budget|spend|spending|money)\s+in\s+half\b", re.I)


def done_to_it(near: str) -> bool:
    """Does ``near`` (the words around a percentage) say someone changes "it" / "that" — the amount just divided?"""
    return bool(_DONE_TO_IT.search(near))


def halved(text: str) -> bool:
    """Is the budget cut in half, with words of its kind between the verb and "in half"?"""
    return bool(_HALVED.search(text))

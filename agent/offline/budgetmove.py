"""A change someone does to the amount just divided, said with a pronoun or with the budget's own words between.

Why: right after a budget was divided, "it" and "that" point at the amount just worked, and a verb of *doing* a
change to an amount — cut, trim, slash, reduce, lower, raise, increase, boost, bump — with that pronoun as its
object ("what if we cut it by a third?", "we'd bump that 15%") or as its subject in the passive ("what if it's
trimmed by 20%?", "finance wants it cut by a quarter") moves the budget: people change budgets, while a price
"goes up" or "drops" of itself, so those intransitive verbs stay the price's ("if it goes up 20%" is read as before).
Halving said with the budget's own words between verb and "in half" ("cut the quarterly budget in half", "chop our
media spend in half") moves it the same way. Read from English alone (verbs, pronouns, the word "budget").
:func:`moves_budget` is the whole question — does a message move the budget by a percentage or a multiple — asked by
the conversation's slots (:mod:`agent.offline.memory`) and by the search query (:mod:`agent.offline.searchq`); it
lives here, beside the readings it is made of, rather than in the slots' module.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent.offline.parse import Parsed

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


def moves_budget(p: Parsed, pointing: bool = False) -> bool:
    """Does the message move the budget by a percentage or a multiple ("they cut us 20%", "what if we
    double the budget?")? With ``pointing`` (just after the budget was divided) a percentage taken off
    or out of "that" or "it" moves it too ("finance shaved 15% off that", "we lose 10% of it")."""
    if (_MULTIPLE.search(p.norm) or halved(p.norm)) and (_OF_BUDGET.search(p.norm) or re.search(r"\b(?:it|that|this)\b|\b(?:doubl|tripl|halv)\w*\s*[?.!]*$", p.norm, re.I)):
        return True  # "what if we double the budget?", "and if we halve it?", "what if we double?" (what was divided) just after
    for n in (n for n in p.numbers if n.role == "pct"):  # the percentage is said of the budget, with a verb of change
        near = " ".join(p.norm[:n.start].split()[-6:] + p.norm[n.end:].split()[:6])
        if (_OF_BUDGET.search(near) or _CUT_US.search(near) or pointing and (_POINTS_TO.search(near) or done_to_it(near))) and (
                _MOVES.search(near) or _TAKEN_OFF.search(near)):
            return True
    return False


_POINTS_TO = re.compile(r"\b(?:off|of|from)\s+(?:it|that|this|the total|the money|the pot)\b", re.I)  # not "it went up 40%"
# "took 20% off", "shaved a quarter off", "we lose 30% of that": an amount taken away
_TAKEN_OFF = re.compile(r"\b(?:took|take[sn]?|taking|shav\w*|knock\w*|chop\w*|lose|loses|losing|lost|pull\w*)\b", re.I)


_MULTIPLE = re.compile(r"\b(?:doubl\w*|tripl\w*|halv\w*|cut (?:it |the budget |our budget |spend )?in half|half (?:that|the|our|my|of))\b", re.I)
_OF_BUDGET = re.compile(r"\b(?:budget|spend|spending)\b", re.I)
# "they cut us 20%", "finance trimmed me by 10%": a change done to the speaker is done to their budget
_CUT_US = re.compile(r"\b(?:cut|cuts|trimm?\w*|slash\w*|reduc\w*|rais\w*|increas\w*|boost\w*|bump\w*)\s+(?:us|me)\b", re.I)
_MOVES = re.compile(r"\b(?:cut|cuts|trim\w*|slash\w*|reduc\w*|shrink\w*|drops?|dropped|down|falls?|fell|decreas\w*|"
                    r"lower\w*|add|adds|added|increas\w*|rais\w*|boost\w*|grows?|grew|bump\w*|up|rises?|rose|"
                    r"climb\w*|jump\w*)\b", re.I)
CHANGE_VERB = _MOVES  # a verb that moves an amount ("cut", "trimmed", "raised"): what a budget change is said with

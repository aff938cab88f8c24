"""The planner's formula a message asks for (:func:`agent.offline.planmath.work`), worked once per turn.

Why: the policy asks which formula a turn needs twice — when it decides the tools (to search for the
rule behind it) and again when it answers from their results — with the same message and the same
slots, and working every formula rule over the message was a tenth of a turn. The result depends only
on the arguments and on the names the KB declares (the parser reads messages with them), which key
the cache; each caller gets its own copy of the working lines.
"""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

from agent.offline import kblabels, mediashare, paceshare, planmath, ratioback, sectionkind, stagerate
from agent.offline.answerforms import answer_forms
from agent.offline.parse import parse


def work(text: str, asked_before: str, budget: float | None, answered: str = "",
         said: tuple[float, str | None] | None = None, ltv: float | None = None,
         sizes: list[tuple[str, str]] | None = None, cost: tuple[float, str] | None = None) -> planmath.Work | None:
    """:func:`agent.offline.planmath.work` of these arguments, a copy; None for a method asked (module doc)."""
    if ceiling := mediashare.lines(text, ltv):  # "a fifth of that going to ads: my limit?" after what one earns
        return planmath.Work(ceiling, search=mediashare.SEARCH, cited=False, quote=mediashare.QUOTE)
    if pace := paceshare.work(text, *(said or (budget, None))):  # "it's the 10th and we've spent $2,900: on pace?"
        return planmath.Work(pace[0], search=paceshare.SEARCH, cited=False, quote=pace[1])
    if sectionkind.asks_method(text, answer_forms(text)) and not re.search(r"\d", text):
        return None
    if stagerate.rate(parse(text)) == "ROAS":  # "a normal return on that same 1200: sales?": spend × the KB's ROAS,
        return None  # worked from the benchmark (agent.offline.roasrevenue), not the user's own ROAS of that spend
    w = _worked(text, asked_before, budget, answered, said, ltv, None if sizes is None else tuple(sizes),
                kblabels.declared(), cost)
    if (w is None or planmath.missing(w)) and (  # a ratio just given beats asking for the KB rule's inputs
            back := ratioback.work(text, answered, planmath.asks_most_per_unit)):  # the ratio the last answer gave
        return planmath.Work(*back, cited=False)  # each line cites the ratio's own passage
    return None if w is None else dataclasses.replace(w, lines=list(w.lines))


@lru_cache(maxsize=256, typed=True)
def _worked(text: str, asked_before: str, budget: float | None, answered: str, said: tuple | None, ltv: float | None,
            sizes: tuple | None, kb: tuple, cost: tuple[float, str] | None = None) -> planmath.Work | None:
    return planmath.work(text, asked_before, budget, answered, said, ltv, None if sizes is None else list(sizes), cost)

""""Which step is about working out what a customer is worth?" answered from the section headed with that step.

Why: a question that asks *which step* a topic belongs to (:func:`~agent.offline.stepask.by_topic`) is answered by
the section a framework's overview heads with the step's number and name ("Step 2 (Unit economics): what a customer
is worth", "STEP 4 - MARKETS"), which says what the step is for and what comes out of it. The topic's words are
also the words of the step's own guide, which says them more often ("Why unit economics come before media
decisions"), so the reader ranks the guide's section first and the answer never says which step it is. When the
question asks which step, the best section headed with a numbered step answers, if it scores at least :data:`FLOOR`
of the first — a heading the KB numbers as a step, a stage or a phase, read from the KB's own headings.
"""
from __future__ import annotations

import re

from agent.offline.stepask import by_topic

FLOOR = 0.5  # the step's section must score at least this share of the first section's score
_HEADED = re.compile(r"^\W*(?:step|stage|phase)\s*0?\d{1,2}\b", re.I)


def first(question: str, ranked: list, by: dict) -> list:
    """``ranked`` with the best section whose heading names a numbered step first, when the question asks which step
    a topic is and the first section is headed with none; unchanged otherwise."""
    if not ranked or not by_topic(question) or _HEADED.search(ranked[0][1]) or by[ranked[0]] <= 0:
        return ranked
    for k in ranked[1:]:
        if by[k] < FLOOR * by[ranked[0]]:
            break
        if _HEADED.search(k[1]):
            return [k] + [r for r in ranked if r != k]
    return ranked

"""The knowledge base's own word that it leaves something out, before a search by meaning for it.

Why a module: when the words' search finds no passage that answers a price asked for ("what does a direct
mail piece cost per thousand?"), the agent would say it has nothing, and then rank the whole KB by meaning
(:mod:`~agent.offline.meaningsearch`) — which can land on any section that prices something "per" a unit
(a cost per booked call) and quote it as if it answered. A passage of this turn's search may already say the
KB keeps no figures for exactly what is asked ("No figures for out-of-home, print, direct mail or radio …"):
that sentence is the honest answer, cited, and no hop by meaning should replace it. The test of "exactly
what is asked" is :func:`~agent.offline.gaps.exclusion` (every word of one excluded item is the question's),
so a KB that states no exclusion, or one about something else, changes nothing.
"""
from __future__ import annotations

from agent.offline import gaps
from agent.offline.compose import abstain
from agent.offline.toolread import ToolOutcome

# the agent's plain decline when its searches found nothing that answers (policy: the reader's miss)
_DECLINE = abstain([("information that answers this question", "")], [])


def instead(question: str, outcomes: list[ToolOutcome], answer: str) -> str:
    """``answer`` — unless it is the plain decline of a price or value question and a passage this turn
    returned states that the KB leaves out what the question asks about: then that sentence, cited."""
    if not answer.startswith(_DECLINE) or not (gaps._VALUE.search(question) or gaps._PRICE.search(question)):
        return answer
    said = gaps.exclusion(question, [ps for o in outcomes for ps in o.passages], answer)
    return f"The knowledge base does not cover that. Based on Knowledge Base [{said[1]}]: {said[0]}" if said else answer

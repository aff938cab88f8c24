"""A terse message that may name an audience the KB sizes, and where: "prospective adult learners pittsburgh",
"solar-ready homeowners in phoenix".

Why: a sizing question is read by its cue ("how many", "how big", a headcount word); a user who types only the
audience and the market asks for its size all the same, and the KB's own audiences and markets are not in the
vocabulary, so nothing else in the message says it is one. Such a message — a few content words, no question
word, no figure, no metric — is also handed to the sizing tool as it stands (the tool reads the market out of the
phrase, :func:`mpa.audience_lookups.place_said`). It is a guess, so a miss says nothing: the search that answers
such a message otherwise still answers it, and only a size the tool found is added (:func:`kept`). A question
mark at its end changes nothing: "dog owning households in boise?" is typed as a question but still only names
the audience and the market.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

_ASKS = re.compile(r"\?(?!\s*$)|\b(?:what|whats|how|why|which|when|where|who|should|could|would|can|do|does|did|is|are|"
                   r"tell|explain|define|meaning|mean|vs|versus|compare|best|help|plan|step|steps)\b", re.I)


def asked(text: str, p) -> bool:
    """The message is only a few content words with no question, figure, metric or step (module doc)."""
    words = text.split()
    return 2 <= len(words) <= 7 and not _ASKS.search(text) and not (p.numbers or p.metrics or p.metric_phrases or
                                                                     p.calc or p.step or p.audiences) \
        and len(terms(text)) >= 2


def calls(text: str, p, tools: set[str]) -> list[tuple[str, dict]]:
    """The sizing look-up of the message as it stands, when it is such a message; else []."""
    if "get_audience_sizing" not in tools or not asked(text, p):
        return []
    return [("get_audience_sizing", {"audience_type": " ".join(text.rstrip(" ?").split())[:200],
                                     **({"geography": p.geographies[0]} if len(p.geographies) == 1 else {})})]


def kept(text: str, p, outcomes: list) -> list:
    """``outcomes`` without the sizing misses of such a message: the guess said nothing."""
    if not asked(text, p):
        return outcomes
    return [o for o in outcomes if not (o.name == "get_audience_sizing" and not o.found and not o.is_error)]

"""A norm or a share asked in general words, not a working of the user's own figures: no input is asked for.

Why: the parser reads "a ratio of what a player is worth to what one costs" as the user's LTV ÷ CAC, and "of the
people who land on the page, how many install?" as a count a budget buys — so the agent asked the user for their
lifetime value or their budget although the question wants the knowledge base's figure (the usual ratio, the
usual rate from one stage to the next). Two readings of plain English, with no figure of the user's in the message:

* :func:`asks_norm` — a metric asked with an article and a word of the usual ("is there a normal ratio …",
  "what's a healthy …"): the norm is looked up, not worked out;
* :func:`asks_share` — "of the (people) who …, how many …": the part of a group that goes on, a rate.
"""
from __future__ import annotations

import re

from agent.offline.parse import Parsed
from agent.offline.passages import message_sentences

_NORM = re.compile(r"\b(?:a|an|the|any)\s+(?:normal|typical|usual|average|standard|healthy|good|decent|reasonable)\s", re.I)
# "of the people who land …, how many …" / "out of those who sign up how many …": a part of a group asked
_SHARE = re.compile(r"\b(?:of|out of)\s+(?:the|those|these|all)\s+(?:[a-z-]+\s+){0,2}?(?:who|that)\b[^?.!]*?\bhow many\b",
                    re.I)


def _figures(p: Parsed) -> bool:
    """Does the message state a figure of its own (any number)?"""
    return bool(p.numbers)


def asks_norm(p: Parsed) -> bool:
    """A metric named and its usual value asked, with no figure of the user's in the message."""
    return bool(p.metrics) and not _figures(p) and any(_NORM.search(s) for s in message_sentences(p.text))


def asks_share(p: Parsed) -> bool:
    """The part of a group that goes on asked ("of the people who …, how many …"), with no figure to apply it to."""
    return not _figures(p) and bool(_SHARE.search(p.text))


def asks(p: Parsed) -> bool:
    """Either: the knowledge base's figure is asked, no input of the user's."""
    return asks_norm(p) or asks_share(p)

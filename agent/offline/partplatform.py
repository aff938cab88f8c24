"""A figure asked in one part of a message with no platform named, when a later part names one.

Why: "What does a new donor cost a food bank, and what does one cost on email?" asks two figures: the cause's own
(the KB files it under the platform its figures come from) and email's. The platforms were read from the whole
message, so the one look-up asked for email's figure alone; the KB has none, and the first part — which it does
hold — was declined with it. Each part keeps its own platform: a part that asks the metric and names none is the
figure with no platform named, looked up beside the platforms the later parts name.

Read from English alone: the message's question clauses (:func:`~agent.offline.parts.split`), the platforms each
names (:func:`~agent.offline.platformfig.platforms`) and the metric's own words in the part (its names in the
vocabulary too: "a lead" asks the CPL).
"""
from __future__ import annotations

from agent.offline import parts, platformfig
from agent.offline.passages import terms
from mpa.vocabulary import VOCABULARY

_GENERIC = {"per", "cost", "rate", "price"}  # the words every metric name shares: none tells one part's metric


def with_unnamed(text: str, metric: str, named: list[str]) -> list[str | None]:
    """``named`` (the platforms the message names, in order) with None first when a part before the first part naming a
    platform asks the ``metric`` (says one of its own words: "donor" of "cost per donor") and names none; else ``named``
    (a platform named only in a statement, "my nephew says try Instagram. what does a customer cost?", asks no part)."""
    if not named:
        return named
    own = set(terms(" ".join([metric, *VOCABULARY["metrics"].get(metric, [])]))) - set(terms(" ".join(_GENERIC)))
    unnamed = False  # a part before asked the metric with no platform
    for part in parts.split(text):
        if platformfig.platforms(part):
            return [None, *named] if unnamed else named  # a platform said outside every part ("I've heard of X"): no part's
        unnamed = unnamed or bool(own & set(terms(part)))
    return named

"""A user's message as the offline agent's rules read it: how it was typed set aside, what it says kept.

Why: every rule reads the words and the shape of the message. How a person types — chat short forms and
contractions without their apostrophe (:mod:`~agent.offline.shortforms`), a slip in a word
(:mod:`~agent.offline.spelling`), a lead-in, a trailing hedge or a discourse "like"
(:mod:`~agent.offline.fillers`) — changes those without changing what is asked. The agent reads each
user message (this turn's and the earlier ones it looks back on) through :func:`read` once; the
conversation keeps the message as the user wrote it.
"""
from __future__ import annotations

from agent.offline import fillers, shortforms, spelling


def read(text: str) -> str:
    """``text`` with its short forms in full, its slips corrected and its filler removed."""
    return fillers.strip(spelling.read(shortforms.expand(text)))

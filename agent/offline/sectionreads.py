"""Readers that answer from one section the turn's own searches named by the question's form, tried before the
whole-KB readers (:mod:`rulesection`, :mod:`meaningsearch`): a time of year asked for the conversation's business
(:mod:`whenbiz`), whether the rule just quoted fits the user (:mod:`fitask`), a name the user quoted beside the
question (:mod:`quotedread`). Why one entry: the policy asks each
turn's answer of them in one place, in this order.
"""
from __future__ import annotations

from agent.offline import fitask, quotedread, whenbiz


def queries(text: str, focus: str, history: list, previous: tuple | None) -> list[str]:
    """The searches these readers read from: the business's, the fitting rule's section's."""
    return whenbiz.query(text, focus, history) + fitask.query(text, previous)


def read(text: str, focus: str, history: list, previous: tuple | None, outcomes, answer: str, k: int) -> str | None:
    return whenbiz.read(text, focus, history, outcomes, answer, k) or fitask.read(text, previous, outcomes, k) or \
        quotedread.read(text, outcomes, answer, k)

"""Readers that answer from one section the turn's own searches named by the question's form, tried before the
whole-KB readers (:mod:`rulesection`, :mod:`meaningsearch`): a time of year asked for the conversation's business
(:mod:`whenbiz`), a name the user quoted beside the question (:mod:`quotedread`). Why one entry: the policy asks each
turn's answer of them in one place, in this order.
"""
from __future__ import annotations

from agent.offline import quotedread, whenbiz


def read(text: str, focus: str, history: list, outcomes, answer: str, k: int) -> str | None:
    return whenbiz.read(text, focus, history, outcomes, answer, k) or quotedread.read(text, outcomes, answer, k)

"""The platform a follow-up's benchmark look-ups keep when the message names none the vocabulary knows, read by the
ways a conversation carries one, in the order they take precedence.

Why a module of its own: these four were one ``or``-joined statement in :mod:`agent.offline.policy`'s plan, so which
carrying wins was visible only by reading it left to right. Here the order is a tuple with one reason per entry; the
first that gives a platform wins, and each is called only when every one before it gave none.
"""
from __future__ import annotations

from agent.offline import keptplatform, platformfig, platformslot, scene
from agent.offline.firstof import first


def other(text: str, last: tuple, asked_before: list[str], metrics: list[str]) -> str | None:
    """The platform to look up beside the business, else None (``last``: the last turn's (text, outcomes);
    ``asked_before``: the earlier user messages)."""
    return first((
        # "and on Quora?": a platform the vocabulary does not know, swapped into the last question's platform slot
        lambda: platformslot.unknown_platform(text, last[0], platformslot.looked_up_for_platform(last[1])),
        # "and for a gym?" after a look-up by platform alone: that platform, narrowed to the business (same figure)
        lambda: platformfig.carried(text, last[1], metrics),
        # the one platform the user said they buy when they set the scene
        lambda: scene.platform(text, asked_before),
        # last, the platform the last look-ups were narrowed to, kept when only another slot is swapped
        lambda: keptplatform.kept(text, last[1], metrics),
    ))

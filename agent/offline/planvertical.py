"""The business (the benchmark tables' vertical, or a market of a table by market) a turn's look-ups are planned for,
read by the ways a message can name it, in the order they take precedence.

Why a module of its own: these five were one line of ``or``-joined calls in :mod:`agent.offline.policy`'s plan, so
which reading wins was visible only by reading that line left to right. Here the order is a tuple with one reason per
entry; the first reading that names a business wins, and each is called only when every reading before it declined.
"""
from __future__ import annotations

from agent.offline import businessask, labelpick, marketswap, ownbiz
from agent.offline.firstof import first
from agent.offline.memory import Memory, business_of
from agent.offline.parse import Parsed


def of(text: str, p: Parsed, mem: Memory, history: list) -> str | None:
    """The business to look figures up for, else None (``history``: the earlier turns as (text, outcomes) pairs)."""
    last = history[-1][1] if history else []  # the last turn's outcomes
    return first((
        # "what about boise" after a look-up by market: the market swapped in, before any business the message names
        lambda: marketswap.swapped(text, last),
        # one of the businesses the last answer listed, picked by the words that tell it from the others
        lambda: labelpick.picked(text, last),
        # "our CAC?" after a comparison with another business: the user's own, not the one just compared
        lambda: ownbiz.kept(p, mem, [h[0] for h in history]),
        # the business this message names, else the one it points back to or the talk is about
        lambda: business_of(p, mem),
        # last, nobody named one: the one business the KB states the figure for
        lambda: businessask.sole(p, mem),
    ))

"""The input a turn needs that nobody has given, read by the askers in the order they take precedence.

Why a module of its own: these six were one line of ``or``-joined calls in :mod:`agent.offline.policy`'s
clarification, so which asking wins was visible only by reading that line left to right. Here the order is a tuple
with one reason per entry; the first asker that names a missing input wins, and each is called only when every asker
before it found nothing missing.
"""
from __future__ import annotations

from functools import cache

from agent.offline import ceilingneed, goalask, normasked, oursask, paybackask, splitask, arith, channelfig, otherbudget, ourrate, planinputs, unsized, worthask
from agent.offline.firstof import first
from agent.offline.memory import Memory
from agent.offline.parse import Parsed


def of(p: Parsed, mem: Memory, said: list[str] = ()) -> str | None:
    """The missing input to ask for, in the words :func:`agent.offline.compose.ask_for` takes, else None
    (``said``: the earlier user messages)."""
    channel = cache(lambda: channelfig.named(p.text))  # read once, by the first asker that needs it
    return first((
        # "how much should we budget to hit our goal?" and no goal ever said: that goal, by its name
        lambda: goalask.need(p.text, said),
        # "lay out a plan across TikTok and search" with no budget said: the budget, before any split
        lambda: splitask.need(p, mem),
        # "is ours any good?" after a metric was explained, and no figure ever said: the user's own value of it
        lambda: oursask.need(p, said),
        # "pick a budget that fills our seats", "how many orders for the ads to pay for themselves": the target, the profit
        lambda: worthask.target_need(p, mem, said),
        # "the spring push has its own budget, how many leads?": that budget's amount, before the one remembered
        lambda: otherbudget.need(p),
        # an input of the calculation asked — unless it asks what others get, or a norm or a share: figures the KB answers
        lambda: None if planinputs.of_others(p) or normasked.asks(p) else arith.missing(p, mem),
        # "would that be a good deal for us?" after a working: what one result is worth to the user
        lambda: worthask.need(p, mem),
        # "what's our payback on a new client then?" with what one costs known: what one brings in a month
        lambda: paybackask.need(p, mem, said),
        # "how much should we spend?" with nothing to size it by: the target and what one may cost
        lambda: worthask.budget_need(p, mem, channel()),
        # "what's the most we should pay per booked night?": what one earns the user, before its ceiling
        lambda: ceilingneed.need(p, mem),
        # a number of the user's own plan whose inputs the conversation cannot give
        lambda: planinputs.need(p, mem, said, channel()),
        # "… at our CPM?" and the user's own CPM never said: that rate
        lambda: ourrate.need(p, mem, said),
        # last, a forecast whose deciding input is said without a size
        lambda: unsized.need(p, mem),
    ))

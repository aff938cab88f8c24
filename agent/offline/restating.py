"""The readers that restate this turn's message as a whole question before anything is planned, in the order they
take precedence ("80k now, redo it" after a working: the working's question with the new budget).

Why a module of its own: these (eight at first) were one line of ``or``-joined calls in :mod:`agent.offline.policy`, so which
restatement wins was visible only by reading that line left to right. Here the order is a tuple with one reason per
entry; the first reader that returns a question wins, and each is called only when every reader before it declined.
"""
from __future__ import annotations

from agent.offline import ageswap, askedreply, businessask, calcperiod, calcplatform, changedfig, judgedback, readingstate, redo, redounit
from agent.offline.firstof import first
from agent.offline.recall import outcome_key, read


# The restatement of each message, kept: each model call of a turn (deciding the tools, then answering) asks it again
# with the same inputs. Keyed on all of them and on what every reading of a message depends on besides its text
# (:func:`~agent.offline.readingstate.key`); the answer is a string or None, so what is kept is never changed.
KEPT = 1024
_KEPT: dict[tuple, str | None] = {}


def restated(user_text: str, asked_before: list[str], said: list[str], budget: float | None, history: list,
             previous: tuple | None) -> str | None:
    """The question the first reader restates this message as, else None. ``asked_before``: the earlier messages as
    sent; ``history``: the earlier turns as (text, outcomes) pairs, replies to an asking already bound. Kept per
    inputs (:data:`_KEPT`)."""
    try:
        key = (user_text, tuple(asked_before), tuple(said), type(budget), budget, tuple(map(_turn_key, history)),  # 9000 ≠ 9000.0 as said
               None if previous is None else _turn_key(previous), readingstate.key())
        hash(key)
    except (TypeError, AttributeError):  # an input of another shape than the policy's: read afresh
        return _restated(user_text, asked_before, said, budget, history, previous)
    if key in _KEPT:
        return _KEPT[key]
    out = _restated(user_text, asked_before, said, budget, history, previous)
    if len(_KEPT) >= KEPT:
        _KEPT.clear()
    _KEPT[key] = out
    return out


def _turn_key(turn) -> tuple:
    """A turn as (text, …, its outcomes' keys: :func:`~agent.offline.recall.outcome_key`); a previous turn as
    (text, answer, outcomes). Another shape raises TypeError (not kept)."""
    if not isinstance(turn, tuple) or not turn or not isinstance(turn[-1], list):
        raise TypeError("not a turn")
    return (*turn[:-1], tuple([outcome_key(o) for o in turn[-1]]))


def _restated(user_text: str, asked_before: list[str], said: list[str], budget: float | None, history: list,
              previous: tuple | None) -> str | None:
    """:func:`restated`, read now."""
    return first((
        # first, a reply to the assistant's own clarifying question: what it answers is fixed by that asking
        lambda: askedreply.restated(user_text, asked_before, said, budget),
        # a held figure changed by a percentage ("cut the budget by 25%, redo the customers"): before the redos,
        # which would read the message's figure as the new budget itself
        lambda: changedfig.restated(user_text, history),
        # a redo naming what was counted ("redo the installs"): the earlier question counting it, before the plain
        # redo, which re-asks only the last question
        lambda: redounit.restated(user_text, history),
        # "80k now, redo it": the last question with the new budget (not after a working: memory re-runs that)
        lambda: redo.restated(user_text, previous, _LastWorked(history)),
        # "and on Bing alone?" after a working: the working for that platform
        lambda: calcplatform.restated(user_text, history),
        # "per month?" after a working: the working over that period
        lambda: calcperiod.restated(user_text, history),
        # a business named in reply to "whose business?": the question that asking held back
        lambda: businessask.restated(user_text, [h[0] for h in history], said),
        # last, only the age a figure is measured at swapped ("and day 7?" after day-30 retention)
        lambda: ageswap.restated(user_text, history),
        # "is that good compared to normal?" right after the user's own spend and results: the result those figures
        # make, worked and judged against the norm (agent.offline.judgedback)
        lambda: judgedback.restated(user_text, history),
    ))


class _LastWorked:
    """Was the last turn a calculation — asked only when it is read as a truth value. :func:`redo.restated` reads it
    after its own cheap gates (a previous question, a redo word, one new budget), so most turns never fold the
    history's slots (:func:`~agent.offline.recall.remember`, which keys every earlier tool outcome) for it; the
    answer is worked once and kept, and is the same ``remember(history).last_kind == "calc"`` as before."""

    def __init__(self, history: list):
        self._history, self._value = history, None

    def __bool__(self) -> bool:
        if self._value is None:
            self._value = read(self._history).last_kind == "calc"
        return self._value

"""Money said as added to the budget ("another $1,000", "an extra 2k", "add $500 to it", "up by 3k", "1k on top") grows
the budget already known; it is not the whole budget.

Why: after "we have 4k a month … how many eye exams is that?", the reply "another 1k" or "what if we add $1,000 to
the budget?" was divided as if $1,000 were all there is to spend, and the slots carried on held $1,000 as the budget.
English marks an increment with a word of addition before the amount ("another", "extra", "additional", "add",
"plus", "up by", "raise it by") or after it ("more", "on top", "extra", "to the budget"); then the amount is added to
the budget the conversation holds and the sum is shown ("$4,000 + $1,000 = $5,000 — the budget after the
increase"). "Make it 6k" / "change it to 6k" names the new budget itself and is read as before. Only one amount of
money may be said: with two ("we have 4k and can add 1k") the message states its own base.
"""
from __future__ import annotations

from typing import Callable

from agent.offline.addwords import MORE_AFTER, MORE_BEFORE  # (the words of addition; askedreply reads them here)
from agent.offline.numbers import money
from agent.offline.parse import Parsed, reading


def said_added(p: Parsed) -> float | None:
    """The amount the message adds to the budget, when it says exactly one amount of money and says it as added."""
    amounts = [n for n in p.numbers if n.money or n.role == "budget"]
    if len(amounts) != 1 or any(n.pct for n in p.numbers):
        return None
    n = amounts[0]
    return n.value if MORE_BEFORE.search(p.norm[:n.start]) or MORE_AFTER.search(p.norm[n.end:]) else None


def grown(p: Parsed, known: float | None, budget: float | None, lines: list[str]) -> float | None:
    """The budget to divide: the known budget plus the amount the message adds to it (its working appended to
    ``lines``), else ``budget`` unchanged."""
    plus = said_added(p) if budget is not None else None
    if plus is None or known is None or budget != plus:
        return budget
    lines.append(f"{money(known)} + {money(plus)} = {money(known + plus)} — the budget after the increase")
    return known + plus


def added(text: str, known: float | None) -> float | None:
    """The budget after a message that adds money to the known one ("say another $1,000"), else None."""
    return added_to(text, lambda: known)


def added_to(text: str, known: Callable[[], float | None]) -> float | None:
    """:func:`added`, the known budget asked (``known()``) only when the message adds money at all: finding it folds
    the conversation's slots up to that message, and the policy asks this of every earlier message on every model
    call (a conversation's turns read about n³/6 turns' slots when each was asked first)."""
    plus = said_added(reading(text))  # (read only)
    return None if plus is None or (base := known()) is None else base + plus

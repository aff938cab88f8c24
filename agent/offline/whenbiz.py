"""The business a when-in-the-year question is asked for (:mod:`~agent.offline.whenask`): the vertical or industry
this turn names, else the first one the conversation established — the user's own, said when they introduced
themselves: "how does that compare to retail?" looks another vertical up without changing whose calendar "a drink
like ours" asks for — else the last one looked up, else the business the user described.

Why its own module: the plan (which searches with the business beside the question) and the answer (which reads
the business's own section from that search) must name the same business, and both read it from the message and
the conversation's memory; :mod:`whenask` itself is read by the reader's answer forms and the focus gate, below the
conversation's memory in the import order.
"""
from __future__ import annotations

from agent.offline import whenask
from agent.offline.memory import business_of
from agent.offline.parse import parse
from agent.offline.recall import remember


def of(text: str, history: list) -> str | None:
    """The business of a when-in-the-year question (None for any other question): ``history`` as the policy keeps it,
    plain earlier texts or (text, outcomes) pairs."""
    if not whenask.asks(text):
        return None
    mem = remember([(h, []) if isinstance(h, str) else h for h in history])
    p = parse(text)
    first = next((v for _, v, _ in mem.topics if v), None)
    return p.vertical or p.industry_phrase or first or mem.vertical or mem.business or business_of(p, mem)


def query(text: str, focus: str, history: list) -> list[str]:
    """The search with the business beside the question, as a list of none or one."""
    q = whenask.query(text, focus, of(text, history))
    return [q] if q else []


def read(text: str, focus: str, history: list, outcomes, answer: str, k: int) -> str | None:
    """:func:`whenask.read` for the business of :func:`of`."""
    business = of(text, history)
    return whenask.read(text, focus, business, outcomes, answer, k) if business else None

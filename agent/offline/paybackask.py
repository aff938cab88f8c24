""""What's our payback on a new client then?" after the conversation worked out what a client costs: the months to
earn that cost back need what one client brings in a month, which only the user knows — ask for it.

Why: :mod:`agent.offline.ownratio` asks for both of a payback's figures when neither was said, and leaves it to
the rules that work with the user's figures once one of them is known. Payback is the acquisition cost over the
monthly margin per customer; when the cost is known (said, or worked out from a price and a close rate) and no
earlier message says what a customer brings in, those rules have nothing to divide by, and the turn quoted the
KB's payback guardrail instead of answering — or asking. The question names the one missing figure. English
only: the words people say a customer's monthly worth with, beside a number, in any earlier message.
"""
from __future__ import annotations

import re

from agent.offline.memory import Memory
from agent.offline.ownratio import asks_own
from agent.offline.parse import Parsed
from agent.offline.passages import message_sentences

# what a customer brings in, said with a number: "we clear about $150 a month per customer", "each policy nets us 60"
_WORTH_SAID = re.compile(r"\b(?:margin|margins|profit|profits|keep|kept|clear|clears|net|nets|netting|earn|earns|bring|"
                         r"brings|worth|revenue|premium|premiums|subscription|per month|a month|"
                         r"monthly|lifetime|ltv)\b", re.I)


def worth_said(said: list[str] | tuple[str, ...]) -> bool:
    """Does an earlier message say, with a number, what a customer brings in?"""
    return any(re.search(r"\d", s) and _WORTH_SAID.search(s) for m in said for s in message_sentences(m))


def need(p: Parsed, mem: Memory, said: list[str] | tuple[str, ...] = ()) -> str | None:
    """The monthly margin to ask for before working out the user's own payback with its acquisition cost known,
    else None."""
    if p.numbers or mem.facts.get("LTV") or not mem.facts.get("price") or not asks_own(p.text)[1]:
        return None
    if worth_said(said):
        return None  # a customer's worth was said: the rules that work with the user's figures use it
    return "gross margin per customer per month (what one customer brings in each month, after costs)"

"""A customer's cost the conversation already gave — said ("we're at roughly $640 CAC") or worked out ("$7,500 ÷ 150
= $50 — your CAC") — taken into a payback asked with only what one customer brings in a month.

Why: "and payback if each account brings in $80 a month?" states one of the simple payback's two figures (CAC ÷
monthly contribution, :func:`agent.offline.amounts.payback`); the other is the user's own, from a turn before. With
no cost in the message the payback rule found none, and the turn fell to a rule that divided the monthly figure by
the CAC as if it bought customers with it. The cost carried is the remembered price of a customer (the vocabulary's
CAC or CPA, or a price said of no metric — "we pay $300 to sign up each member" — never a cost per lead or click: a
lead pays nothing back), and when a turn before worked it out, that
working is shown ahead of the payback, so every figure of the answer is the user's or derived from theirs. The lines
are the user's own arithmetic: no passage is cited for them.
"""
from __future__ import annotations

import dataclasses
import re

from agent.offline import amounts
from agent.offline.memory import Memory
from agent.offline.numbers import money

_CUSTOMER_PRICE = ("CAC", "CPA", None)  # what winning one customer costs; a price said of no metric ("we pay $300 to
# sign up each member"): a payback asked of it says it was a customer's


# what a lead, a click, an impression, a view or an install costs: none of them pays anything back
_NOT_A_CUSTOMER = re.compile(r"\b(?:leads?|clicks?|impressions?|thousand|views?|installs?|downloads?|visits?|sessions?)\b", re.I)


def _of_customer(metric: str | None) -> bool:
    """The remembered price is what one customer cost: the vocabulary's CAC or CPA, a price said of no metric, or the
    user's own "cost per <one of theirs>" worked out from a spend and what it won ("cost per account", "cost per
    member") — not the price of a lead or a media unit."""
    if metric in _CUSTOMER_PRICE:
        return True
    return metric.lower().startswith("cost per ") and not _NOT_A_CUSTOMER.search(metric)


def cost(text: str, mem: Memory) -> tuple[float, str] | None:
    """(the customer's cost the conversation holds, "" — no passage states it) for a payback asked, else None."""
    if not _of_customer(mem.price_metric) or not mem.facts.get("price") or not amounts.asks_payback(text):
        return None
    return mem.facts["price"], ""


def shown(w, carried: tuple[float, str] | None, mem: Memory):
    """The payback worked on the carried cost, with the working that gave that cost ahead of it, uncited; any other
    working as it is (a cost the message states itself, or a range end read from a passage)."""
    if w is None or carried is None or carried[1] or not w.lines or not w.lines[-1].startswith(f"{money(carried[0])} ÷"):
        return w
    return dataclasses.replace(w, lines=[*mem.price_work, *w.lines], cited=False)

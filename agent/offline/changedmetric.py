"""A message that reports how much a metric *moved* ("our CPMs on meta went up about 30% this month, worry?") asks
what to do about the move, not what the metric typically costs.

Why: a channel's own price list answers a message that names a channel and a metric (:mod:`~agent.offline.channelfig`),
and it answered this one with the channel's CPM range — the level the user never asked — while the section the KB
writes for a cost that jumps (a spike trigger, a playbook) went unquoted. Worse, the percentage of the move was set
beside the dollar range as if it were the price itself. English says which is meant: the metric is the subject of a
verb of change with a percentage or a multiple after it ("CPMs jumped 35%", "CPC has doubled", "cost per thousand rose
by a third") and the message does not ask for a figure ("what's a normal CPM?", "how much should it cost?" — those
still get the price list: :data:`~agent.offline.channelfig._FIGURE_ASKED`).
"""
from __future__ import annotations

import re

from agent.offline.channelfig import _FIGURE_ASKED
from functools import lru_cache

from mpa.vocabulary import VOCABULARY

_CHANGE = (r"(?:(?:has|have|had|just|really|all|kind of|sort of)\s+)?(?:went up|gone up|go(?:es)? up|shot up|spiked|spike[sd]?|"
           r"jump(?:ed|s)?|rose|risen|rise[sn]?|climb(?:ed|s)?|soar(?:ed|s)?|surg(?:ed|es)|doubl(?:ed|es)|tripl(?:ed|es)|"
           r"increas(?:ed|es)|grew|grown|(?:are|is|was|were)\s+up|fell|fallen|drop(?:ped|s)?|went down|gone down|"
           r"declin(?:ed|es)|sank|plung(?:ed|es)|(?:are|is|was|were)\s+down)\b")
_MULTIPLIED = r"(?:(?:has|have|had|just|all but)\s+)?(?:doubl|tripl|halv)(?:ed|es)\b"  # the verb says the amount
_MOVE = r"[^.?!]{0,30}?(?:\d[\d.,]*\s*(?:%|percent|x\b)|\bdoubl|\btripl|\bby (?:a|one) (?:third|quarter|half|fifth)|\bhalf\b)"


@lru_cache(maxsize=1)
def _metric() -> str:
    """Any metric's name or short form, as a word, plural too ("CPMs", "cost per thousand")."""
    names = sorted({n.lower() for m, said in VOCABULARY["metrics"].items() for n in (m, *said) if len(n) >= 2}, key=len, reverse=True)
    return r"(?<![a-z0-9])(" + "|".join(re.escape(n) for n in names) + r")(?:s|es)?(?![a-z0-9])"


def reported(text: str) -> bool:
    """Does ``text`` report a metric moving by an amount, without asking for any figure?"""
    return bool(_moved(text))


def _moved(text: str) -> re.Match | None:
    """The metric's name and the verb of its move, when ``text`` reports one and asks no figure."""
    if _FIGURE_ASKED.search(text):
        return None
    gap = r"(?:\s+(?!(?:and|but|so)\b)[\w'’-]+){0,4}?\s+"  # "CPMs on meta went up": a few words between
    return re.search(rf"{_metric()}{gap}(?:{_CHANGE}{_MOVE}|{_MULTIPLIED})", text.lower())


def term(text: str) -> str:
    """The trade's name for a metric that rose sharply ("CPM spike"), for a message reporting one ("" otherwise, and
    for a fall): what a KB files such an event under, when it writes it at all (the reader judges what comes back)."""
    m = _moved(text)
    if not m or _DOWN.search(m.group(0)):
        return ""
    said = m.group(1)
    code = next((k for k, names in VOCABULARY["metrics"].items() if said in (k.lower(), *names)), None)
    return f"{code} spike" if code else ""


_DOWN = re.compile(r"\b(?:fell|fallen|drop\w*|down|declin\w*|sank|plung\w*|halv\w*)\b")


def query(text: str, outcomes: list) -> str | None:
    """One more search, for :func:`term` alone, once the message's own searches are in (None when the message reports
    no rise, or the term was searched already)."""
    t = term(text)
    searched = [str(o.input.get("query", "")) for o in outcomes if o.name == "search_knowledge_base"]
    return t if t and searched and t not in searched else None

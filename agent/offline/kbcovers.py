"""Which industries the vocabulary calls uncovered that the knowledge base being served does cover.

Why: ``VOCABULARY["uncovered_verticals"]`` (nonprofits, restaurants, legal services, crypto, pet care …) is what
the shipped KB leaves out, so the agent reads "a charity" there as an industry to decline. Another KB may price
those very industries under its own labels ("Nonprofits", "Quick Service Restaurants", "Crypto Exchanges"), and
its get_benchmark description lists them (:mod:`agent.offline.kblabels`). For such a KB the user's own words
are the business to look up ("an animal shelter charity" → the KB's "Animal Welfare" row, by the tool's
resolution), never the vocabulary's one word for the industry; and a word the vocabulary files under an
uncovered industry can be the unit a KB prices ("donor" of its "cost per donor"), not a business at all.
"""
from __future__ import annotations

import re

from agent.offline import kblabels, kbmetrics
from agent.offline.passages import terms
from mpa.vocabulary import VOCABULARY, match_terms


def covers(key: str) -> bool:
    """The served KB declares a vertical label that names the vocabulary's uncovered industry ``key``."""
    syns = {key: VOCABULARY["uncovered_verticals"].get(key, [key])}
    return any(match_terms(label, syns) for label in kblabels.labels())


def left_out(named: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Of the uncovered industries a message names (position, key), those the served KB does not cover."""
    return [(i, k) for i, k in named if not covers(k)]


def as_business(named: list[tuple[int, str]], text: str):
    """The first uncovered industry the served KB covers, as the business the message names (its vocabulary
    word: the tool resolves it against the KB's labels), when no sentence form named the business itself —
    unless the word said is a unit the KB prices ("that donor cost": the metric, not the business)."""
    from agent.offline.business import Business
    return next((Business(k) for i, k in named if covers(k) and not kbmetrics.priced(_word_at(text, i))), None)


def _word_at(text: str, i: int) -> str:
    m = re.match(r"[A-Za-z][A-Za-z\-]*", text[i:])
    return m.group(0).lower() if m else ""


def names_business(noun: str) -> bool:
    """``noun`` names a business by the vocabulary (a covered or an uncovered vertical) or by a vertical label of
    the served KB's own, said in full ("cheapest for a heat pump installer": the KB's "Heat Pump Installers", not
    a cost per install), and is not a unit the KB prices itself: "cost per donor" counts donors where the KB
    declares that metric."""
    return bool(match_terms(noun, VOCABULARY["verticals"]) or match_terms(noun, VOCABULARY["uncovered_verticals"])
                or own_label(noun)) and not kbmetrics.priced(noun)


def own_label(noun: str) -> bool:
    """``noun`` is a vertical label of the served KB's own, said in full and ending it: "heat pump installer" of its
    "Heat Pump Installers" — not "pest control lead", a unit ("lead") after the business "Pest Control"."""
    label = kblabels.named_in(noun)
    last = terms(noun.split()[-1]) if noun.split() else []
    return bool(label and last and last[0] in set(terms(label)))

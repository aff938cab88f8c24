"""A user's message as the offline agent's rules read it: how it was typed set aside, what it says kept.

Why: every rule reads the words and the shape of the message. How a person types — chat short forms and
contractions without their apostrophe (:mod:`~agent.offline.shortforms`; :mod:`~agent.offline.barewords` where
the bare form is also a word: "were a dealer group"), a slip in a word
(:mod:`~agent.offline.spelling`), a lead-in, a trailing hedge or a discourse "like"
(:mod:`~agent.offline.fillers`), place codes in lower case (:mod:`~agent.offline.unmarked`: "in fl"), the KB's own acronyms and names in
lower case (:mod:`~agent.offline.kbcase`: "an ev"), the KB's own markets in lower case
(:mod:`~agent.offline.kbmarkets`: "in pittsburgh"), the KB's figure-named splits typed with spaces
(:mod:`~agent.offline.kbfigname`: "70 20 10"), a
percentage written out ("25 percent", "ten per cent": the rules read "25%"), a price in cents ("60 cents a click":
"$0.60") — changes those without
changing what is asked. The agent reads each user message (this turn's
and the earlier ones it looks back on) through :func:`read` once; the conversation keeps the message as
the user wrote it.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import quotednames, splitinfinitive, barewords, fillers, kbcase, kbfigname, kbmarkets, servedkb, shortforms, spelling, unmarked
from agent.offline.numbers import digits

_PERCENT = re.compile(r"\b((?:[a-z]+[\s-])*?[a-z]+|\d+(?:\.\d+)?)\s*(?:percent|per\s?cent|pct)\b", re.I)


def _percent(text: str) -> str:
    """"25 percent" / "ten per cent" / "7.5 pct" written as "25%" / "10%" / "7.5%" (words that are no
    number stay as typed)."""
    def one(m: re.Match) -> str:
        said = digits(m.group(1))
        num = re.search(r"\d+(?:\.\d+)?$", said)
        if not num or not re.fullmatch(r"[\d.]+", said[num.start():].strip()):
            return m.group(0)
        return said[:num.start()] + num.group(0) + "%"
    return _PERCENT.sub(one, text) if "per" in text.lower() or "pct" in text.lower() else text


_CENTS = re.compile(r"(?<![$\d.,])(\d{1,3}(?:\.\d+)?)\s*(?:cents?|c)\b(?=\s*(?:a|an|per|each|/)\b|\s*(?:[,.?!]|$))", re.I)


def _cents(text: str) -> str:
    """"60 cents a click" written as "$0.60 a click": a price in cents is a money figure, not sixty dollars."""
    def dollars(m: re.Match) -> str:
        whole, _, rest = f"{float(m.group(1)) / 100:.4f}".rstrip("0").partition(".")
        return f"${whole}.{rest.ljust(2, '0')}"
    return _CENTS.sub(dollars, text) if "c" in text.lower() else text


def read(text: str) -> str:
    """``text`` with its short forms in full, its slips corrected, its filler removed, its place codes
    and the KB's acronyms in capitals, its percentages as figures and its prices in cents as dollars."""
    return _read(text, servedkb.folder())


@lru_cache(maxsize=1024)
def _read(text: str, folder: str | None) -> str:
    """:func:`read` for the served KB ``folder`` (the spelling and the KB's capitals depend on it), once per
    message: every model call of a conversation reads all its earlier user messages again."""
    typed = barewords.read(shortforms.expand(quotednames.unquote(splitinfinitive.joined(text))))
    return _cents(_percent(kbfigname.mark(kbmarkets.mark(kbcase.mark(unmarked.mark(fillers.strip(spelling.read(typed, folder))), folder), folder), folder)))

"""The item of a quoted list that the question names by its label.

Why: "what's the least I can spend on Yelp in a month?" found the section listing every platform's minimum monthly
spend, and quoted its lead sentences ("The amounts are per market per month …", "A platform whose minimum is more
than a third of the whole monthly budget …"): they share "month" and "spend" with the question, while the one item
naming what was asked ("Yelp Ads: $300 (lowest)") shares a single word. A name the question gives — a word it
capitalises past the start of a sentence, or writes in capitals ("Yelp", "CTV", "TikTok") — that exactly one list
item of the quoted section holds names that item: it is quoted with the rest, in reading order. A name several
items hold points at none of them; a name no item holds changes nothing.

Such an item is often short ("Nextdoor: $500"): :func:`~agent.offline.passages.units` keeps a short list item that
labels a figure as a unit, but without its list's caption it says little, so the reader's own word matching does not
quote one (:func:`unnamed`: "Paid social: 20-25%" is one of several splits, each under its own caption) — only the
name it is asked by does.
"""
from __future__ import annotations

import re

from agent.offline.passages import FRAGMENT, message_sentences

_NAME = re.compile(r"[A-Z][\w&'’.-]*[\w&]|[A-Z]")


def names(question: str) -> set[str]:
    """The words ``question`` capitalises past the opening word of a sentence ("I" aside), lower-cased."""
    out = set()
    for sentence in message_sentences(question):
        words = sentence.split()
        for w in words[1:]:
            w = w.strip("\"“”'‘’()[],;:?!.")
            if w and w != "I" and _NAME.fullmatch(w) and not w.startswith("I'"):
                out.add(w.lower())
    return out


def unnamed(section: list) -> list:
    """``section`` without its short labelled list items (:data:`~agent.offline.passages.FRAGMENT`); the whole
    section when that leaves none."""
    return [c for c in section if c.item < 0 or len(c.text.rstrip(".")) > FRAGMENT] or section


def added(question: str, chosen: list, section: list) -> list:
    """``chosen`` with the one list item of ``section`` each name of the question points at, in reading order."""
    extra = []
    for name in names(question):
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)
        holders = [c for c in section if c.item >= 0 and pattern.search(c.text)]
        if len(holders) == 1 and holders[0] not in chosen and holders[0] not in extra:
            extra.append(holders[0])
    return sorted([*chosen, *extra], key=lambda c: c.pos) if extra else chosen

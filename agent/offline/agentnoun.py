"""A word for the people who do a thing, read as the thing when that is how the passages write it: "skiers" as "ski"
("How far out do skiers book?" of a KB that writes "a ski resort 60 to 110 days ahead").

Why: people name a market by who takes part in it ("skiers", "campers", "surfers"), a KB by the activity or the
place ("ski resorts", "camping sites"), and the two stem apart ("skier" is not "ski"), so the question shared one
word fewer with the very passage that answers it, and was declined as not answered. Only a word the passages do not
hold is read so, and only when its base — the word without its "-er(s)" ("skiers" → "ski"), or without "-r(s)" after
an "e" ("riders" → "ride") — is a word they hold.
"""
from __future__ import annotations

import re

from agent.offline.aswritten import analyzed

_WORD = re.compile(r"\b[A-Za-z]{2,}(?:ers|er)\b")


def based(question: str, held: set[str]) -> str:
    """``question`` with each agent noun the passages (their words ``held``) do not hold written as its base they do."""
    def base(m: re.Match) -> str:
        word = m.group(0)
        if set(analyzed(word)) <= held:
            return word
        cut = 3 if word.lower().endswith("ers") else 2
        for stem in (word[:-cut], word[:-cut + 1]):  # "skiers" → "ski"; "riders" → "ride"
            got = analyzed(stem)
            if len(stem) >= 3 and got and set(got) <= held:
                return stem
        return word
    return _WORD.sub(base, question)

"""A short follow-up with an aside after it is still a short follow-up.

Why: people add the reason or the who after a comma or a dash — "what about just the Boise DMA, for folks
who already live there", "how about pet owners nationally, we might add pet cover later". The follow-up
test counts the words of the whole message (a long message is a question of its own), so the aside made
the follow-up a fresh question: the audience lost its slot, a new place was searched for in prose and a
figure of the place asked before was quoted for it (measured on dev19: an audience asked "what about … DMA,
for people …" was answered with the previous turn's DMA worked example; a new audience "what about …
nationally, we're thinking …" was declined after a search).

So the words counted are those of the clause before the first comma, semicolon, dash or question mark, when what follows
is an aside: it asks nothing (no question of its own), holds no figure and does not say what the head means
("…, meaning homes that have a dog" describes whom the question is about). English punctuation only."""
from __future__ import annotations

import re

from agent.offline import asking

# a tail that says what the head means ("…, meaning homes that have a dog", "…, i.e. regulars") is part of the
# question: it describes whom it asks about, which a slot swapped in is not
_GLOSS = re.compile(r"^(?:meaning|i\.?\s?e\.?|i mean|that is|as in|defined as|namely|specifically|by which)\b", re.I)
# … or the sentence after the question ends: "same thing for a bank? my wife does their marketing" (who asks, not what)
_SPLIT = re.compile(r"\s*(?:[,;]|\s[-–—]\s)\s*|(?<=[?!])\s+")


def counted(text: str) -> str:
    """The part of ``text`` whose length decides whether it is a short follow-up: the clause before an aside,
    else the whole message."""
    parts = _SPLIT.split(text.strip(), maxsplit=1)
    if len(parts) < 2 or not parts[1]:
        return text
    head, tail = parts  # the message's closing "?" is the whole message's: the tail asks only by its own words
    if re.search(r"\d", tail) or _GLOSS.match(tail) or asking.asks_anything(tail.rstrip("?! ")) or "?" in tail.rstrip("?").strip() or len(head.split()) < 2:
        return text
    return head

"""The conversation's own business named loosely again: "whats a normal return for sauces, snacks, that kind of thing"
after "we make small batch hot sauce …", "click cost for car stuff" after "we're a car dealership".

Why: a follow-up that names the business only by its rough category reads as a new business phrase, and the benchmark
tool, finding no vertical described by "sauces snacks" or "car stuff", declines — although the conversation already
settled which of the KB's verticals the user's business is (measured on the seen sets: a hot-sauce maker's ROAS and a
dealership's CPC declined so). English marks such a phrase as vague — "stuff", "things", "that kind of thing", "and
the like", "or whatever", "X-type" — and the user's own earlier words say what it is vague about: when the phrase
shares a content word with the message the conversation's vertical was settled on, it is that business, put loosely.
A business introduced as one ("for a car wash", "my brother runs an insurance agency") carries no vagueness marker
and stays a business of its own; nothing here names a business or a KB's word.
"""
from __future__ import annotations

import re

from agent.offline.parse import Parsed
from agent.offline.passages import terms

# a phrase marked as a rough category: "car stuff", "snack things", "sauces, that kind of thing", "… and the like",
# "hotel-type", "… or whatever"
_VAGUE = re.compile(r"\b(?:stuff|things?)\b|\b(?:that|this|the)\s+(?:kind|sort|type)\s+of\s+(?:thing|stuff|business)s?\b"
                    r"|\b(?:and|or)\s+(?:such|the like|whatever|something(?: like that)?|so on|similar)\b|[- ]type\b|\bish\b",
                    re.I)
_VAGUE_WORDS = frozenset(terms("stuff things thing kind sort type like whatever something similar such ish"))
_NEAR = 40  # characters after the phrase in which the marker must follow it ("sauces snacks that kind of thing")


def loose(text: str, phrase: str) -> bool:
    """Is ``phrase`` said in ``text`` as a rough category (a vagueness marker inside it or right after it)?"""
    at = text.lower().find(phrase.lower())
    if at < 0:
        return bool(_VAGUE.search(phrase))
    clause = re.split(r"[.?!;]", text[at:at + len(phrase) + _NEAR])[0]
    return bool(_VAGUE.search(clause))


def settled(phrase: str, mem) -> str | None:
    """The conversation's vertical when ``phrase`` shares a content word with a user message it was settled on (the
    first earlier message after which :attr:`Memory.topics` holds that vertical, and any later one holding it too)."""
    words = set(terms(phrase)) - _VAGUE_WORDS
    if not words or not mem.vertical:
        return None
    said = [w for w, v, _ in mem.topics if v == mem.vertical]
    return mem.vertical if any(words & set(s) for s in said) else None


def read(p: Parsed, text: str, mem) -> Parsed:
    """``p`` with the conversation's vertical as its business when the phrase it names is that business said loosely."""
    phrase = p.business_phrase
    if not phrase or p.vertical or p.industry_phrase or p.business_refers_back or not loose(text, phrase):
        return p
    if v := settled(phrase, mem):
        p.vertical, p.verticals, p.business_phrase = v, [v], None
    return p

"""A count a tool or platform reports ("the targeting tool tells me 300k nurses", "facebook claims 900
purchases"), read so that the knowledge base's rule for such counts is found and fits.

Why: a KB rule speaks of "a platform's reported reach" or "what the platform claimed", not of each
platform by name nor of "telling" or "showing". So the sentence stating the count is searched with a
platform named by name said as "platform"; a figure a tool tells, shows or claims counts as one it
"reports"; and a share the KB credits of a claimed figure ("40-60% of what the platform claimed") is
found in any retrieved passage. Read are the shared vocabulary's platform names and English verbs.

The story around such a figure (who claimed it, whom it is about) often outweighs the rest of the message:
its searches fall below the search tool's relevance floor, or find passages about the story. So the rule
is also searched with only the words the figure hangs on (:func:`figure_words`: "can reach 9 million of …"
→ "reach"), which is how the KB's rule speaks of it ("multiply a platform's reported reach by …") — with
the turn's first searches, and once more when every search came back empty (:func:`searchq.retry`).
"""
from __future__ import annotations

import re

from agent.offline import userrule
from agent.offline.numbers import digits, parse_numbers
from agent.offline.passages import message_sentences, sentences, terms
from agent.offline.places import without_places
from mpa.vocabulary import VOCABULARY, term_pattern


def counted_clause(text: str) -> str:
    """The sentence of a longer message that states the count, to search for the rule adjusting it: without
    its figures and places, a platform named by name said as "platform" (a rule speaks of "a platform's
    reported reach", not of each platform by name); "" for a one-sentence message."""
    said = message_sentences(text)
    clause = next((x for x in said if re.search(r"\d", x)), "") if len(said) > 1 else ""
    clause = re.sub(r"[~$]?\d[\d,.]*(?:\s*(?:k|m|bn|thousand|million|billion)\b|%)?", " ", without_places(clause))
    names = term_pattern(tuple(x for syns in VOCABULARY["platforms"].values() for x in syns))
    clause = _SELLER.sub("platform", names.sub("platform", clause.lower()))
    clause = _REACHES.sub(lambda m: f" {m.group(0)} reach ", _CLAIMS.sub(lambda m: f" {m.group(0)} reported ", clause))
    return " ".join(clause.split())


# who sells the ads is a platform ("an ad network", "one publisher"); what it says it can do, a reported
# reach ("swears it can put ads in front of …", "promises to reach …")
_SELLERS = ("network", "publisher", "vendor", "seller", "exchange", "platform")
_SELLER = re.compile(r"\b(?:an? |one |the |this |that )?(?:ad |ads |media |video )?(?:%s)s?\b" % "|".join(_SELLERS), re.I)
_CLAIM_VERBS = ("swears?", "swore", "promis(?:es|ed|e)", "guarantee[sd]?", "claim(?:s|ed)?", "says?", "said", "tells? (?:us|me)",
                "insists?")
_CLAIMS = re.compile(r"\b(?:%s)\b" % "|".join(_CLAIM_VERBS), re.I)
_REACH_FORMS = ("reach(?:es)?", "hit", "get (?:ads? )?in front of", "put (?:our |the |its )?ads? in front of",
                "show (?:our |the |its )?ads? to", "serve (?:ads? )?to")
_REACHES = re.compile(r"\b(?:(?:can|could|will|would)\s+)?(?:%s)\b" % "|".join(_REACH_FORMS), re.I)


# a figure a tool tells, shows, says or claims is a figure it reports
_TELLS = re.compile(r"\b(?:tell(?:s|ing)?|says?|saying|show(?:s|ing|ed)?|claim(?:s|ing|ed)?|estimat(?:es|ing|ed))\b[^.?!]{0,20}?\d",
                    re.I)


_COUNT = re.compile(r"(?<![\w.])\d[\d,.]*(?:\s*(?:k|m|mm|bn|thousand|million|billion)\b)?", re.I)


def figure_words(text: str) -> str:
    """The words the user's count hangs on, for the rule that adjusts such a count: the content word
    governing it ("can reach 9 million of …" → "reach"; a figure a tool tells, shows or claims is a
    "reported" one) and a noun right after it ("2.3M accounts"). The rest of the story (who said it,
    whom it is about) is what made the search miss; "" when the message states no count."""
    said = digits(text)
    m = _COUNT.search(said)
    if not m or any(n.pct for n in parse_numbers(said)):
        return ""  # no count, or the user's own shares of it are the ones to apply (:func:`share_sentence`)
    head = re.split(r"[.?!;:,—–]", said[:m.start()])[-1]
    before = [w for w in re.findall(r"[A-Za-z][\w'-]*", head) if terms(w)][-1:]
    after = re.match(r"\s*([A-Za-z][\w-]*)", said[m.end():])
    if _TELLS.search(f"{head} 1"):
        before = ["reported"]
    return " ".join(before + ([after.group(1)] if after and terms(after.group(1)) else []))


def asked_words(question: str) -> set[str]:
    """The question's content words, a platform named by name counting as "platform" and a figure a tool
    tells or shows as one it "reports" — the words a KB rule for such a figure uses."""
    names = term_pattern(tuple(x for syns in VOCABULARY["platforms"].values() for x in syns))
    return set(terms(question)) | ({"platform"} if names.search(question.lower()) else set()) | (
        {"report"} if _TELLS.search(digits(question)) else set())


def share_sentence(question: str, passages: list[dict]) -> str | None:
    """The first retrieved sentence crediting "N–M% of" something that shares two words with the question
    (a platform named by name is "platform", a figure it shows one it reports or claims), cited."""
    if any(n.pct for n in parse_numbers(digits(question))):
        return None  # the user's own shares are the ones to take (:func:`adjusted`)
    asked = asked_words(question) | ({"claim"} if _TELLS.search(digits(question)) else set())
    for ps in {ps["id"]: ps for ps in passages}.values():
        for sent in sentences(ps.get("text", "")):
            if userrule.SHARE.search(digits(sent)) and len(asked & set(terms(sent))) >= 2:
                return f"Based on Knowledge Base [{ps['id']}]: {sent}"
    return None

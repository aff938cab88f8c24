"""Is a message that names a metric asking for its value? "and what conversion rate should i expect on
linkedin", "cost per click for billboards", "podcast cost per lead" — yes; "how do I raise my CTR?",
"what does CPM mean?" — no. (For the decline review; the reader's sections are :mod:`~agent.offline.valueask`'s.)

Why a module: when the knowledge base holds no figure for what is asked, the reader still quotes the passage
nearest in words (LinkedIn's targeting notes, the definition of CPC). The answer must then say that the KB
states no such figure (:func:`~agent.offline.gaps.review`), but only for a question that asks for a value: the
review's own test (a "what's …" / "how much" / "what does X cost" opening) misses a value asked with "what"
before a metric's name and a value asked in a bare noun phrase, the two ways people type it most tersely.
English structure only: "what" a few words before a rate, ratio, cost, price or metric acronym; or a short
message naming a metric with no question word, auxiliary or request verb at all (nothing asks how or why).
"""
from __future__ import annotations

import re

# "what conversion rate", "what kind of CPC", "what's a normal cost per lead": what … a value noun or acronym
# (the copula only before a determiner or a word of the norm: "what is roas" and "what does CPM" ask what it is)
_VALUE = r"(?:rate|ratio|cost|price|share|percent|percentage|cpm|cpc|cpa|cac|ctr|cvr|roas|cpl|cpi|cpv|cpcv|acos)s?\b"
_WHAT_VALUE = re.compile(r"\bwhat(?:(?:'s|’s|s| is| are| would be| will be)\s+(?=(?:the|a|an|our|my|your|their|typical|normal|"
                         r"usual|good)\b))?\s*(?!(?:does|do|did|is|are|was|were)\b)(?:[a-z'’-]+\s+){0,3}?" + _VALUE, re.I)
_VALUE_WORD = re.compile(r"\b" + _VALUE, re.I)
_MEANS = re.compile(r"\b(?:mean|means|meaning|stand for|stands for|define|definition)\b", re.I)
# a word that makes a message ask something other than a value: how/why, an auxiliary, a request or a meaning
_NOT_BARE = re.compile(r"\b(?:how|why|when|where|who|which|what|whats|should|can|could|would|will|do|does|did|is|are|was|"
                       r"were|am|explain|tell|show|help|give|make|plan|need|want|mean|means|define|improve|lower|raise|"
                       r"reduce|increase|fix|compare|vs|versus|difference)\b", re.I)
_BARE_WORDS = 9  # a noun phrase, not a sentence: "snapchat cpi for mobile games", "host read podcast cpm"


def asks(question: str, names_metric: bool) -> bool:
    """Does ``question`` ask for a value? ``names_metric``: the parse found a metric in it."""
    if not names_metric or _MEANS.search(question):
        return False
    if _WHAT_VALUE.search(question):
        return True
    return bare(question) and bool(_VALUE_WORD.search(question))  # "and in germany?" carries the metric, says none


# a rate asked in plain words, no acronym: "what percent of clicks turn into signups", "what share of people click"
_IN_WORDS = re.compile(r"\bwhat\s+(?!(?:does|do|did|is|are|was|were|will|would|should|can|could)\b)(?:[a-z'’-]+\s+){0,2}?"
                       r"(?:percent|percentage|share|proportion|fraction)\s+of\b"
                       # … or as how often people do the thing a rate counts: "how often do people click car ads" (the
                       # parser read the rate off the act) — "percentage-wise" alone may ask a change (agent.offline.compare)
                       r"|\bhow often (?:do|does|did|will|would) (?:people|ppl|folks|users|customers|shoppers|viewers|"
                       r"visitors|players|someone|anyone|they)\b", re.I)


def in_words(question: str) -> bool:
    """Does ``question`` ask a rate in plain words ("what percent of …", "what share of …")? With a metric the
    parser read off those words, it asks that metric's value, as "what's the CVR?" does."""
    return bool(_IN_WORDS.search(question))


def bare(question: str) -> bool:
    """Is ``question`` a bare noun phrase — a few words, no question word, auxiliary or request verb?"""
    words = re.findall(r"[A-Za-z0-9'’$%.-]+", question)
    return len(words) <= _BARE_WORDS and not _NOT_BARE.search(question)


def of_business(question: str, metrics: list[str], vertical: str | None) -> bool:
    """Does ``question`` ask a metric's value ("what's their CPM", "what would the cpa be") while the conversation
    is about one business (``vertical``, remembered)? Then it asks that business's figure, as "and their CPM?" does:
    without this a later turn naming no business and no range word was only searched, and a KB whose passages do not
    repeat the business beside the figure was declined."""
    from agent.offline import channelfig  # imported late: it reads the parser, which reads this module
    # a platform's or channel's figure ("whats pinterest cpm like?") is that platform's, and a year's ("CPCs in 2030")
    # a forecast: neither is the business's figure
    return bool(vertical and metrics) and asks(question, True) and not channelfig.named(question) and not re.search(
        r"\b(?:19|20)\d\d\b", question)

"""A budget judged against a channel ("is 21k a month even enough to run CTV?", "can we afford OOH on
$30k?"): the knowledge base's rule for what a budget supports, not a count of results.

Why: after the conversation divided a budget by a price ("how many leads is 21k?"), a new message with a
budget in it re-runs that division (:func:`agent.offline.memory.carry`: "and with 55k instead?"). But a
budget said beside a channel and a word of sufficiency asks whether that budget can carry the channel —
which a KB answers with its minimum spends and budget tiers, not with leads at a CPL. Read from English
structure: a word that judges sufficiency or affordability ("enough", "afford", "too small", "cover",
"stretch to"), a channel or platform named, and no price or metric asked in the message itself.
"""
from __future__ import annotations

import re

from agent.offline import channelfig
from agent.offline.parse import Parsed, parse
from agent.offline.passages import message_sentences

# sufficiency or affordability judged: "enough", "sufficient", "can we afford", "too small/little/low for",
# "would it cover", "does it stretch to", "big enough"
SUFFICES = re.compile(r"\b(?:enough|sufficient|adequate|afford|affordable|too (?:small|little|low|tight|thin)|"
                       r"cover|stretch(?:es)? to|room for|big enough|large enough)\b", re.I)


def asks(text: str, p: Parsed) -> bool:
    """Does the message ask whether a budget can carry a channel (module doc)?"""
    return bool(SUFFICES.search(text)) and channelfig.named(text) and not p.metrics and not p.metric_phrases \
        and not any((n.role or "").startswith("price") for n in p.numbers)


def read(p: Parsed) -> Parsed:
    """``p`` without the calculation the conversation carried into it when it asks whether a budget affords a
    channel (:func:`asks`): the question is the KB's rule, searched for as asked."""
    if p.calc is not None and asks(p.text, parse(p.text)) and not counts_too(p.text):  # the message's own metrics,
        p.calc, p.metrics = None, []  # not the ones carried in
    return p


def counts_too(text: str) -> bool:
    """The message also asks the count in a sentence of its own ("How many assessments now? Is that even enough to
    run the channel?"): both are asked — the working and the rule."""
    return any(re.search(r"\bhow many\b", s, re.I) and not SUFFICES.search(s) for s in message_sentences(text))


def calls(text: str, p: Parsed, tools: set[str]) -> list[tuple[str, dict]]:
    """One more search when the message asks whether a budget affords a channel: the channel's names with the
    trade's words for what a channel needs at least ("minimum monthly budget"), which a KB's minimum-spend table
    or budget-tier section is headed or written with — the question's own words ("is 30k enough to run …")
    share little with them."""
    if "search_knowledge_base" not in tools or not asks(text, p):
        return []
    said = channelfig.said_names(text)  # by its short name when it has one ("CTV"): a long one's synonyms ("OTT",
    names = [n for n in said if len(n) <= 4] or said[:1]  # "streaming") pull its playbook's overview above its floor
    return [("search_knowledge_base", {"query": f"{' '.join(names)} minimum monthly budget", "top_k": 8})] if names else []

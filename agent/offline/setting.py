"""The setting of a message and its question: which of the question's words only set the scene.

"Our launch moved up a month. What can we still not rush?" — the first sentence tells the reader the
situation, the second what to answer. When a message states something and then asks, the words of the
statement alone ("launch", "moved") describe the user's situation; the question's own words name what
the answer is about. A section matching the scene ("Criteria for moving from launch to scale") shares
words with the message without answering it. So the reader weighs a word found only in the setting
below a word of the question itself (:data:`WEIGHT`) — still a hint (the setting often names the
channel or topic the question means: "We run podcasts. How do we measure reach?"), never dropped.

Two exceptions, both English structure: a question that points back at what was just said ("The platform
says 2 million. How many real people is that?" — "that" is the statement's figure) takes its subject from
the statement before it — not one whose demonstrative has a noun of its own as its clause's subject ("How do we
know those ads actually caused sales?" is about the ads; the statement around them is still the scene); and a
question of fewer than two content words of its own ("86% pacing. problem?") names no topic, the statement does. A statement giving a figure is the question's input, not its scene.

What a question word or verb phrase asks for ("how often": a cadence; "moving … into": a reallocation) is read
from the message's first asking sentence on when that names one or names its own subject: a statement before such
a question is the scene ("We're moving money into X. How do we know those ads …?"); a question naming neither takes
it from the statement ("The board is shrinking our spend. Where should the savings come from?" asks where to cut)
(:func:`attributes_asked`).

English structure only: a sentence asks when it ends in "?" or is worded as a question
(:func:`agent.offline.asking.asks`: users often leave out the question mark).
"""
from __future__ import annotations

import re

from agent.offline.asking import asks
from agent.offline.passages import message_sentences, terms

WEIGHT = 0.35  # a word of the setting only, relative to a word of the question (a carried topic weighs 0.5)


# a pronoun or demonstrative pointing back at something said before ("is that", "those ads", "it's")
# a pronoun pointing back at something said before ("is that", "it's", "them")
_PRONOUN = re.compile(r"\b(?:that|this|these|those|it|its|they|them|their)\b|\bit['’]s\b", re.I)
# …but a demonstrative with a noun of its own that is the subject of the question's clause ("those ads actually
# caused", "this campaign is") names what the question is about itself; a noun that stands for a figure ("that
# number", "this level") still points at the statement's figure
_OWN_SUBJECT = re.compile(r"\b(?:this|that|these|those)\s+(?!(?:number|figure|amount|level|point|one|ones|kind|sort|"
                          r"much|many|way|is|are|was|were|be|does|do|did|can|could|will|would|should|may|might|"
                          r"must)\b)[a-z][\w-]*\s+(?:is|are|was|were|has|have|had|did|actually|really|just|even|still|"
                          r"ever|[a-z]+ed)\b", re.I)


def _points_back(sentence: str) -> bool:
    """Does the asking sentence lean on a statement before it — a pronoun ("is that normal?", "how do we read
    it?") — rather than name its own subject ("how do we know those ads actually caused sales?")?"""
    return bool(_PRONOUN.search(_OWN_SUBJECT.sub(" ", sentence)))


def scene_words(question: str) -> set[str]:
    """The content words (:func:`~agent.offline.passages.terms`) of the message's statements that its
    question sentences do not use — empty unless the message both states and asks."""
    said = [s for s in message_sentences(question) if s.strip()]
    asking = [s for s in said if asks(s)]
    if not asking or len(asking) == len(said) or len(set(terms(" ".join(asking)))) < 2:
        return set()
    if any(_points_back(s) and any(not asks(o) for o in said[:i]) for i, s in enumerate(said) if asks(s)):
        return set()  # the question points back at a statement before it: that statement is its subject
    # a statement of a figure ("The vanity URL caught 120 sales. What did the spots really drive?") is the question's
    # input, not its scene: the rule that works the figure is named by the statement's words
    return set(terms(" ".join(s for s in said if not asks(s) and not re.search(r"\d", s)))) - set(terms(" ".join(asking)))


def attributes_asked(question: str, read) -> list[str]:
    """What the message asks for, as ``read`` (:func:`~agent.offline.searchq.attributes`) finds it: in the message
    from its first asking sentence on when that names an attribute or its own subject ("We're moving money into
    retail networks. How can we tell whether those ads actually caused sales?" asks for no reallocation: the
    statement before the question is its scene); in the whole message when the question leans on the statement
    ("The board is shrinking our spend. Where should the savings come from?" asks where to cut)."""
    said = [s for s in message_sentences(question) if s.strip()]
    first = next((i for i, s in enumerate(said) if asks(s)), 0)
    own = read(" ".join(said[first:])) if first else []
    return own if own or (first and any(_OWN_SUBJECT.search(s) for s in said[first:])) else read(question)


def asked_words(question: str) -> set[str]:
    """The content words of the message's asking sentences — of the whole message when none asks ("at 40k a
    month do I need MMM" has no question mark nor question word first)."""
    said = [s for s in message_sentences(question) if s.strip()]
    return set(terms(" ".join([s for s in said if asks(s)] or said)))

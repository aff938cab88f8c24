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
the statement before it; and a question of fewer than two content words of its own ("86% pacing. problem?")
names no topic, the statement does. A statement giving a figure is the question's input, not its scene.

English structure only: a sentence asks when it ends in "?" or opens with a question word or an
auxiliary verb (users often leave out the question mark).
"""
from __future__ import annotations

import re

from agent.offline.passages import message_sentences, terms

WEIGHT = 0.35  # a word of the setting only, relative to a word of the question (a carried topic weighs 0.5)
_OPENS_QUESTION = re.compile(r"^\W*(?:(?:so|and|but|ok|okay|then|well)\W+)?(?:how|what|which|when|where|why|who|whats|"
                             r"should|shall|can|could|do|does|did|is|are|was|were|will|would|may|might|must|any)\b",
                             re.I)


# a pronoun or demonstrative pointing back at something said before ("is that", "those ads", "it's")
_POINTS_BACK = re.compile(r"\b(?:that|this|these|those|it|its|they|them|their)\b|\bit['’]s\b", re.I)


def asks(sentence: str) -> bool:
    """Does the sentence ask (a question mark, or a question word / auxiliary verb first)?"""
    return sentence.rstrip().endswith("?") or bool(_OPENS_QUESTION.match(sentence))


def scene_words(question: str) -> set[str]:
    """The content words (:func:`~agent.offline.passages.terms`) of the message's statements that its
    question sentences do not use — empty unless the message both states and asks."""
    said = [s for s in message_sentences(question) if s.strip()]
    asking = [s for s in said if asks(s)]
    if not asking or len(asking) == len(said) or len(set(terms(" ".join(asking)))) < 2:
        return set()
    if any(_POINTS_BACK.search(s) and any(not asks(o) for o in said[:i]) for i, s in enumerate(said) if asks(s)):
        return set()  # the question points back at a statement before it: that statement is its subject
    # a statement of a figure ("The vanity URL caught 120 sales. What did the spots really drive?") is the question's
    # input, not its scene: the rule that works the figure is named by the statement's words
    return set(terms(" ".join(s for s in said if not asks(s) and not re.search(r"\d", s)))) - set(terms(" ".join(asking)))


def asked_words(question: str) -> set[str]:
    """The content words of the message's asking sentences — of the whole message when none asks ("at 40k a
    month do I need MMM" has no question mark nor question word first)."""
    said = [s for s in message_sentences(question) if s.strip()]
    return set(terms(" ".join([s for s in said if asks(s)] or said)))

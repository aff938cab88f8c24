"""An asking sentence that only points back into the message's story: "… sponsored products. what are they
exactly?", "… deliverability. why does it matter so much?", "… geo tests at the review. how do they work?".

Why: when every search of a turn comes back empty, the retry (:func:`~agent.offline.searchq.retry`) searches the
message's asking sentence alone, because a story around a question ("our ads ran … yesterday. When can …?") dilutes
the query's coverage. But an asking sentence whose subject is a pronoun and which has at most one word of its own
("how do they *work*") names nothing the knowledge base could hold: the thing asked about is in the story before it.
Searched alone it comes back empty again (or finds whatever "how do they work" matches), and the agent declines a
question its knowledge base answers. Such a message is retried whole, without the words the search reported the KB
never uses — the story's noun stays, its chatter ("my broker", "the email guy") goes.
"""
from __future__ import annotations

import re

# a pronoun that stands for something said before it (a demonstrative or a third person, never "we"/"you")
POINTER = re.compile(r"\b(?:it|its|they|them|their|those|these|that|this|one|ones)\b", re.I)
# auxiliaries the analyzer's stop list keeps ("does" → "doe"): grammar, not a word the sentence asks with
_AUXILIARY = frozenset({"do", "doe", "did", "doing"})
OWN_WORDS = 1  # "how do they work?": one word of its own ("work") is a predicate, not a subject


def points_back(asking: list[str]) -> bool:
    """Do the message's asking sentences only point back ("what are they exactly?", "is it worth it?"): a pronoun
    standing for their subject, and no more than :data:`OWN_WORDS` content words of their own?"""
    from agent.offline.passages import terms  # the reader's analyzer: stop words out
    if not asking or not all(POINTER.search(s) for s in asking):
        return False
    own = [t for s in asking for t in terms(POINTER.sub(" ", s)) if t not in _AUXILIARY]
    return len(own) <= OWN_WORDS


# a heading's numbering label ("SECTION 4 - GEO TESTS", "Part 2: …"): not a word the story could name
_LABEL = re.compile(r"^\s*(?:section|part|chapter|stage|step)\s+\d+\s*[-–—:.]\s*", re.I)


def _story_terms(question: str) -> set[str]:
    from agent.offline.asking import question_sentences
    from agent.offline.passages import message_sentences, terms
    asking = question_sentences(question)
    story = [s for s in message_sentences(question) if s not in asking]
    if not story or any(re.search(r"\d", s) for s in story):  # "… from 800 to 420. should that worry me?": "that" is
        return set()  # the situation the user's figures report, not a thing the story names
    return set(terms(" ".join(story))) if points_back(asking) else set()


def first(question: str, ranked: list, sections: dict, illustration) -> list:
    """``ranked`` with the section the story names by its whole heading first ("… going on about deliverability.
    why does it matter?" → "Deliverability"), when the message asks only by pointing back: the words the story
    is told in ("keeps going on", "brought up") then name no other section first. Of several such sections, the
    one whose heading names the most, then the best ranked; an illustration (a worked example) never. ``ranked``
    unchanged when the message does not point back, the story names no heading whole, or the first section's own
    heading is at least half named by the story and names as many of its words."""
    from agent.offline.passages import terms
    told = _story_terms(question) if ranked else set()
    if not told:
        return ranked
    named = []
    for i, k in enumerate(ranked):
        head = set(terms(_LABEL.sub("", sections[k][0].heading)))
        if head and head <= told and not illustration(sections[k][0]):
            named.append((-len(head), i, k))
    if not named:
        return ranked
    k = min(named)[2]
    top = set(terms(_LABEL.sub("", sections[ranked[0]][0].heading)))
    if len(top & told) >= -min(named)[0] and 2 * len(top & told) >= len(top):
        return ranked  # the first section's heading names the story as well: "coupon and cashback partners"
    return [k] + [r for r in ranked if r != k]

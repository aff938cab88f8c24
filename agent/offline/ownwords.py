"""A follow-up's own words choose among the sections its carried topic finds.

Why: a follow-up that names too little to find its section alone ("what should we protect?" after "finance
wants a 25% cut") is read with the previous turn's topic (:mod:`~agent.offline.searchq`: the heading that
answer quoted and its question's words), and the reader ranks the sections with those words too
(:func:`~agent.offline.reader.extract`). The topic's words are many and the follow-up's few, so the section
that answered the previous question — or one that shares its words best — comes first again, although it
holds none of the words the follow-up asks with. The carried topic says what the conversation is about; the
follow-up's own words say what it asks about it. So among the sections the carried topic ranks near the top
(:data:`SHARE` of the best score), the best one that holds the follow-up's own words is read first. One own
word counts inside the top section's own document; elsewhere it takes two, since a single everyday word
("which lines go first?") is found in many places, in other senses ("red line"). When no such section is
near the top, the ranking stands.
General rule only: word overlap between the message and the sections; no KB or dataset wording.
"""
from __future__ import annotations

SHARE = 0.5  # a section holding the follow-up's own words is preferred when it scores at least this share of the best


def first(ranked: list, score: dict, held) -> list:
    """``ranked`` (section keys ranked with a follow-up's carried topic; ``score``: their scores) with the
    best section that holds the follow-up's own words moved first. ``held(k)``: (how many of the follow-up's
    own words section ``k`` holds, its document)."""
    if not ranked or held(ranked[0])[0]:
        return ranked
    best, doc = score[ranked[0]], held(ranked[0])[1]
    for k in ranked[1:]:
        if score[k] < SHARE * best:
            break
        n, where = held(k)
        if n >= 2 or n and where == doc:
            return [k, *[r for r in ranked if r != k]]
    return ranked

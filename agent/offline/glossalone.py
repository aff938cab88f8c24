"""The KB's terms for the concept a message names in everyday words, searched alone when the search carrying them
came back empty although the message's plain searches found something.

Why: a turn searches the message's own words and then those words with the served KB's terms for the concept it
names in everyday words (:func:`~agent.offline.gloss.search`: "skip the test … we can roll it back" → "when not to
test"). A message that judges a proposal or tells who said it carries a story (a partner, a weekday, a banner) that
no passage holds: with the terms appended it still covers too little of any passage and the search tool answers
nothing, while the plain search found *something* — passages that share the story's words (a banner, a test
roadmap), not the section the KB files the concept under. The retry that searches the terms alone
(:func:`~agent.offline.searchq.retry`) runs only when *every* search came back empty, so the terms were never
searched where they are heard. This is that search, for that case: the terms alone, once; the reader then judges
the section as it judges any passage (names found, meaning near enough), so an off-topic message still declines.

Found, the section still lost to the story's passages: the reader reads every outcome of the turn and quoted the one
sharing the most words ("swap in the new ad" met a fatigue playbook). So when the terms searched alone come back with
a first passage whose own heading says a term whole, that section is read alone (:func:`answered`; a reading that
declines falls back to every outcome) — not for a medium's own name, under which a channel's playbook files all its
topics. (2026-12-01, seen sets, class "rule question answered from another section": 137 failing turns, 52 with the
section retrieved but not chosen, 85 never retrieved — of those only 4 reached by the first query without the
relevance gate, and 66 not within the top 20 for the user's whole message: words the message and section do not share.)
"""
from __future__ import annotations

from dataclasses import replace

from agent.offline import gloss
from agent.offline.compose import abstain
from mpa.everyday import glosses, stems
from mpa.vocabulary import VOCABULARY, match_terms

SEARCH = "search_knowledge_base"
_DECLINE = abstain([("information that answers this question", "")], [])  # the reader's plain decline


def query(user_text: str, outcomes: list) -> str | None:
    """The KB's terms alone, when a search of this turn that carried them found nothing and another search found
    passages (else None: no terms, the carrying search answered, or the terms alone were searched already)."""
    searched = [o for o in outcomes if o.name == SEARCH]
    if not searched or any(o.is_error for o in searched) or not any(o.found for o in searched):
        return None
    added = gloss.terms(user_text)
    if not added or not asked(user_text) or kept(user_text, outcomes) is not outcomes:  # found its section already
        return None
    alone = " ".join(added)
    sent = [str(o.input.get("query", "")) for o in searched]
    if alone in sent:
        return None
    carried = [o for o in searched if str(o.input.get("query", "")).endswith(alone)]
    return alone if carried and not any(o.found for o in carried) else None


def kept(user_text: str, outcomes: list) -> list:
    """``outcomes`` with the other searches dropped when the terms searched alone (:func:`query`) came back with a
    first passage the KB files under one of those terms (its own heading says the term whole): the story's words
    found passages only by sharing them, and the reader, reading all of them, quoted the one sharing the most (a test
    roadmap for "skip the test"). The section the KB names after the concept is the one a planner would open.
    Anything else: ``outcomes`` unchanged."""
    from agent.offline import changedmetric  # imported late: it reads the channel figures' question forms
    for added in ((changedmetric.term(user_text),), gloss.terms(user_text) if asked(user_text) else ()):  # the metric's first
        alone = " ".join(added)
        hit = next((o for o in outcomes if o.name == SEARCH and o.found and o.input.get("query") == alone), None) if alone else None
        if hit is not None and _filed(tuple(t for t in added if t not in _media(user_text)), hit.passages[0]):
            head = str(hit.passages[0].get("source", ""))  # that section (and its subsections): not its neighbours
            own = replace(hit, passages=[ps for ps in hit.passages if str(ps.get("source", "")).startswith(head)])
            return [own if o is hit else o for o in outcomes if o.name != SEARCH or o is hit]
    return outcomes


def _filed(added: tuple[str, ...], passage: dict) -> bool:
    """Does ``passage``'s own (deepest) heading say one of the terms ``added`` whole?"""
    head = stems(str(passage.get("source", "")).rsplit("›", 1)[-1])
    return any(_run(stems(t), head) for t in added)


def asked(user_text: str) -> bool:
    """Does the message's question itself name a concept in everyday words — or is the whole message what is asked
    (one question; a proposal with a verdict tag; a question pointing back into its story, "… is that ok?":
    :func:`~agent.offline.gloss.question_alone`)? A concept named only in a scene the question does not point into
    ("our buyers keep *seeing the same ad over and over*. what goes in the monthly report?") is no topic to answer
    from alone."""
    focus = " ".join(user_text.split())
    alone = gloss.question_alone(focus)
    return alone == focus or bool(gloss.terms(alone))


def _media(user_text: str) -> frozenset[str]:
    """The KB terms of the concepts the message names that are a medium ("posters at the bus stops" → out-of-home): a
    channel's playbook files every topic of it under its name ("Role of OOH in the funnel", "OOH creative guidance"),
    so a heading naming the channel says where the answer is filed, not which of its sections answers."""
    channels = [stems(c) for c in VOCABULARY["topics"]["channels"] if c not in ("channel", "channels")]
    return frozenset(t for g in glosses(user_text) for t in g.kb if _medium(g.kb, channels))


def _medium(kb: tuple[str, ...], channels: list[tuple[str, ...]]) -> bool:
    return any(match_terms(t, VOCABULARY["platforms"]) or any(_run(c, stems(t)) for c in channels if c) for t in kb)


def _run(term: tuple[str, ...], words: tuple[str, ...]) -> bool:
    n = len(term)
    return bool(n) and any(words[i:i + n] == term for i in range(len(words) - n + 1))


def answered(answer, user_text: str, outcomes: list) -> str:
    """``answer(outcomes)`` read from the filed section alone when :func:`kept` finds one, unless that reading
    declines (the section is judged like any passage: a name the message gives that it never mentions, a meaning too
    far): then from every outcome, as before."""
    own = kept(user_text, outcomes)
    if own is not outcomes and not (said := answer(own)).startswith(_DECLINE):
        return said
    return answer(outcomes)

"""The served KB's own terms for the concepts a message names in everyday words (:mod:`mpa.everyday`).

Why: the search and the reader match the user's words, and a user often names a concept in words the KB never uses
("keep some money back just in case" for the KB's "contingency reserve"). The domain's lexicon says which concept
such words name and which terms a KB names it by. What this module adds, in general terms:

* only terms the *served* KB writes (a KB that writes none of them is searched and read exactly as before);
* nothing for a concept the message already names in the KB's words, nor for a phrase that is the KB's own
  vocabulary — one the KB writes itself ("unspent"), or two words it uses everywhere ("new ads", "day one" name a
  concept only by chance): the phrase must be one the KB never writes, of three words or more or holding a word the
  KB seldom writes (a cued phrase: its cue the KB seldom writes; :func:`_unusual`);
* when the message's question names a concept, nothing for one named only in its other sentences (the scene:
  "how do we prove it worked? nobody clicks a TV ad" asks about proof, not clicks).

Three uses: one more search, the message's words with those terms (:func:`query`; after the turn's own), so the
section the KB files the concept under comes back at all; words that stand for the everyday ones when the reader
judges whether the passages answer at all; and a hint to the reader (weighted like a question word's attribute) —
only when the message's own words find no section that stands on them alone (:mod:`~agent.offline.reader`).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from agent.offline import glossscene, servedkb, verdicttag
from agent.offline.asking import question_sentences
from agent.offline.passages import message_sentences
from agent.offline.pointsback import POINTER, points_back
from mpa.everyday import Gloss, glosses, lexicon, stems

MAX_NGRAM = 4     # the longest KB term checked whole
PER_CONCEPT = 2   # KB terms added per concept: the most specific ones the KB uses
MIN_IDIOM = 3     # words of a phrase of common words that names its concept as a whole (an idiom)
RARE = 0.02       # a word the KB writes in at most this share of its sections is not the KB's ordinary vocabulary


@lru_cache(maxsize=1)
def _looked_up() -> tuple[frozenset[tuple[str, ...]], frozenset[str]]:
    """The only runs of words this module ever asks whether a KB writes — the lexicon's phrases and its concepts' KB
    terms, of up to :data:`MAX_NGRAM` words (stems) — and their first stems."""
    phrases = frozenset(p for c in lexicon() for p in (*c.said, *c.cued, *(stems(t) for t in c.kb))
                        if 0 < len(p) <= MAX_NGRAM)
    return phrases, frozenset(p[0] for p in phrases)


@lru_cache(maxsize=servedkb.PER_KB)
def _read(kb: str) -> tuple[frozenset[tuple[str, ...]], dict[str, int], int]:
    """The runs of one to :data:`MAX_NGRAM` words the KB writes (stems, stop words kept) that are a phrase or KB term
    of the lexicon (:func:`_looked_up`: no other run is ever asked after; keeping every run of the KB's words was
    ~200,000 of them, most of a KB's first reading), the number of sections each stem occurs in, and the number of
    sections — read once per folder."""
    asked, heads = _looked_up()
    grams: set[tuple[str, ...]] = set()
    df: Counter = Counter()
    n = 0
    for d in servedkb.documents(kb):
        for line in d.text.splitlines():
            w = stems(line)
            grams.update(g for i, head in enumerate(w) if head in heads
                         for k in range(1, MAX_NGRAM + 1) if (g := w[i:i + k]) in asked)
        for s in d.sections:
            n += 1
            df.update(set(stems(d.text[s.start:s.end])))
    return frozenset(grams), dict(df), n


def _unusual(g: Gloss, kb: str) -> bool:
    """Is the phrase not the KB's own vocabulary: one the KB never writes, of three words or more ("keep some money
    back") or holding a word the KB seldom writes ("earn back")? A phrase the KB writes itself ("unspent") is reached
    by the search on its own, and two words it uses everywhere ("new ads", "day one") name the concept only by chance.
    A cued phrase counts by its cue ("awful" for "next to"); one said around sizing words ("shift *half of our meta*
    money") is the speaker's own arrangement, which the search does not meet as the KB's phrase."""
    grams, df, n = _read(kb)
    if g.cue:  # "next to" names the concept by its company: the cue must be one the KB seldom writes
        return df.get(g.cue, 0) <= max(1.0, RARE * n)
    spread = g.span[1] - g.span[0] > len(g.entry) + 1  # "shift *half of our* money": said around its sizing words
    return spread or g.entry not in grams and (len(g.entry) >= MIN_IDIOM or any(df.get(w, 0) <= max(1.0, RARE * n) for w in g.entry))


def _said(term: tuple[str, ...], words: tuple[str, ...]) -> bool:
    n = len(term)
    return any(words[i:i + n] == term for i in range(len(words) - n + 1))


@lru_cache(maxsize=4096)
def _terms(text: str, kb: str) -> tuple[str, ...]:
    found = glosses(text)
    if not found:  # no everyday phrase at all (most messages): no term to add, and no stems to read
        return ()
    said = [g for g in glossscene.every_phrase(found, text) if _unusual(g, kb)]
    if not said:  # no everyday phrase the KB does not write itself
        return ()
    grams = _read(kb)[0]
    words = stems(text)
    asked = glossscene.widened(text, {g.concept for s in question_sentences(text) for g in glosses(s)})
    out: list[str] = []
    for g in said:
        if asked & {c.concept for c in said} and g.concept not in asked:
            continue  # the question names a concept itself: one the message's other sentences name is their scene
        kb_side = [t for t in g.kb if (s := stems(t)) and len(s) <= MAX_NGRAM]
        if any(_said(stems(t), words) for t in kb_side):
            continue  # the message names the concept in the KB's words already
        out += [t for t in kb_side if stems(t) in grams][:PER_CONCEPT]
    return tuple(dict.fromkeys(out))


def terms(text: str) -> tuple[str, ...]:
    """The served KB's terms for the concepts ``text`` names in everyday words (none when no KB is served)."""
    kb = servedkb.folder()
    return _terms(text, kb) if kb else ()


def query(focus: str) -> str | None:
    """The search for ``focus`` with the KB's terms for what it says in everyday words, or None when it says none."""
    added = terms(focus)
    return f"{focus} {' '.join(added)}" if added else None


def search(focus: str, text: str) -> str | None:
    """The search :func:`query` forms for ``focus`` (the message's cleaned words), else with the terms of the message
    ``text`` as typed ("how would we know" before "know" was dropped); None when it names no concept in everyday words.
    Its words are the message's question alone when it also tells a story (:func:`question_alone`)."""
    added = terms(text) or terms(focus)
    return f"{question_alone(focus)} {' '.join(added)}" if added else None


def question_alone(focus: str) -> str:
    """The message's question alone when the message also tells a story ("is it worth keeping some money back just
    in case? my brother in law says spend it all"), else the whole message: the search tool answers nothing when its
    best passage covers too little of the query, and a story's words (a relative, a town) are words no passage holds,
    so a term added to reach the section was cut off with them. Not when a story comes first and the question points
    back into it with a pronoun ("our CPMs jumped 35% this week. at what point is that a problem?"): the story is
    what it asks about — nor when the question is only a verdict tag on it ("… put all of it on instagram. smart?"):
    the proposal is what is asked (:mod:`~agent.offline.verdicttag`)."""
    parts, asked = message_sentences(focus), question_sentences(focus)
    if asked and verdicttag.only_tag(asked):
        return verdicttag.proposal(parts, asked) or focus
    alone = asked and len(asked) < len(parts) and not points_back(asked) and not (
        POINTER.search(" ".join(asked)) and parts[0] not in asked)  # "… jumped 35%. is that real?": the story is its subject
    return " ".join(asked) if alone else focus


def proposal_query(parts: list[str], asked: list[str], text: str) -> str:
    """For a message whose question is only a verdict tag on a proposal (:mod:`~agent.offline.verdicttag`), the
    proposal with the KB's terms for what it says in everyday words; "" for any other message."""
    said = verdicttag.proposal(parts, asked) if asked and verdicttag.only_tag(asked) else ""
    return " ".join([said, *terms(text)]) if said else ""


def alone(text: str) -> str:
    """The KB's terms for the concepts ``text`` names in everyday words, searched alone ("" when none): when every
    search of the message came back empty, its own words dilute the terms below the search's threshold, and the
    section the KB files the concept under is what a planner would open (the reader still judges it:
    :mod:`~agent.offline.glosshead`)."""
    return " ".join(terms(text))


def hint(question: str) -> str:
    """The KB's terms for the question's everyday words, as text for the reader's analyzer ("" when none)."""
    return " ".join(terms(question))

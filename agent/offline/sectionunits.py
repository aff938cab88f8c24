"""The answer units of retrieved passages as the reader scores them: each sentence or list item with
its heading, the headings above it and its content words (:func:`units_of`).

Why a module of its own: the reader reads the same passages several times in one turn (the passages
it judges, then all candidates) and again on every later turn that finds them, and cutting a passage
into units — the sentences, their stemmed words, the outline of its headings — was a quarter of the
reader's time. What a unit is made of depends only on its passage's source and text and on its
sentence, so those parts are made once (cached) and shared between the units of every call; they are
read, never changed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agent.offline import bandcaption, qapairs
from agent.offline.passages import by_head, is_instruction, is_pointer, terms, units
from rag.regexes import compiled

_SUMMARY = re.compile(r"^(?:(?:This|The) (?:document|guide|reference|file|playbook|page) (?:covers|explains|gives|"
                      r"describes|is about|sets out)|It (?:explains|covers|describes))\b", re.I)
# comparatives and the verbs that move a quantity the same way: "go higher" asks about "raise"
_DIRECTIONS = {"^up": {"higher", "rais", "increas", "exceed", "larger", "bigger", "longer", "grow", "boost", "greater",
                       "expand"},
               "^down": {"lower", "reduc", "cut", "decreas", "smaller", "shorter", "drop", "shrink", "trim"}}


def with_directions(found: set[str]) -> set[str]:
    return found | {d for d, words in _DIRECTIONS.items() if found & words}


@dataclass
class Unit:
    rank: int
    pos: int
    heading: str
    text: str
    item: int                # list item it comes from (-1: prose)
    terms: set[str]
    head_terms: set[str]     # the heading the unit sits under
    parent_terms: set[str]   # the headings above that one
    overview: bool
    path: str = ""           # the section path read with the unit's heading (what its meaning is encoded with)
    outline: str = ""        # the headings it sits under, outline first ("Playbook: budget cuts › Principles for …")
    heads: dict[str, list[str]] | None = None  # its words by their first four letters (:func:`~agent.offline.passages.by_head`)


def units_of(top: list[dict]) -> list[Unit]:
    """The units of the passages ``top``, in order. Their word sets are shared between calls: read them,
    never change them."""
    out = []
    files = {ps.get("source", "").split("›")[0].strip().lower() for ps in top} - {""}
    for rank, ps in enumerate(top):
        src = ps.get("source", "")
        path, last, parent_terms, outlines, heading_levels = _passage(src, ps["text"])
        # a sentence naming another document found here defers to it ("budget.txt gives the splits by objective")
        elsewhere = files - {src.split("›")[0].strip().lower()}
        for pos, heading, sent, item, low, made, own, head_terms, outline_path, outline in _passage_units(src, ps["text"]):
            if elsewhere and any(low is None or f in low for f in elsewhere):  # the pattern needs the name (re.I on ASCII: lower())
                for f in elsewhere:
                    if sent.isascii() and f not in sent.lower():
                        continue
                    sent = _without_mention(sent, f)
                made = _made(sent, path)
            if made is not None:
                out.append(Unit(rank, pos, own, sent, item, made[0], head_terms, parent_terms, overview=made[1],
                                path=outline_path, outline=outline, heads=made[2]))
    return out


@lru_cache(maxsize=4096)
def _passage_units(src: str, text: str) -> tuple[tuple, ...]:
    """What each unit of a passage is made of but its rank and the documents found with it: the same
    passage comes back on every turn that finds it. Per unit: its position, heading, sentence, list item,
    the sentence in lower case (None: not ASCII), :func:`_made` of it, its own heading, that heading's
    words and its two outlines."""
    path, last, parent_terms, outlines, heading_levels = _passage(src, text)
    return tuple((pos, heading, sent, item, sent.lower() if sent.isascii() else None, _made(sent, path, q), heading or last,
                  set(terms(heading or last)), _outline(path, heading, heading_levels),
                  outlines.get(heading) or " › ".join(path)) for pos, (heading, sent, item, q) in enumerate(
        (h, qapairs.unlabelled(s) if q else s, it, q) for h, s, it in units(bandcaption.labelled(text)) for q in [qapairs.question_of(text, s)]))


def _made(sent: str, path: list[str], question: str = "") -> tuple[set[str], bool, dict[str, list[str]]] | None:
    """(the words, is it an overview, the words by their first four letters) of a sentence a unit quotes — with
    the words of the KB's own question it answers (:mod:`~agent.offline.qapairs`); None for none (empty, an
    instruction to the assistant or a pointer elsewhere)."""
    if not sent or is_instruction(sent) or is_pointer(sent):
        return None
    if question:
        words = _sentence_terms(sent) | _sentence_terms(question)
        return words, not path, by_head(words)
    return _sentence_terms(sent), not path or bool(_SUMMARY.match(sent)), _sentence_heads(sent)


@lru_cache(maxsize=4096)
def _passage(src: str, text: str) -> tuple[list[str], str, set[str], dict[str, str], dict[str, int]]:
    """What every unit of a passage shares: its section path, the last heading of that path, the words
    of the headings above it, its outlines and its heading levels."""
    path = [p.strip() for p in src.split("›")[1:]]
    return path, (path[-1] if path else ""), set(terms(" ".join(path[:-1]))), _outlines(path, text), levels(text)


# the words a sentence opens with that are no verb (determiners, pronouns, prepositions, conjunctions, question words
# and auxiliaries): "With the review cadence described in X.md, …" states; "Define the audience …" instructs
_NOT_VERB = set("a an the this that these those each every any all some most many much few no both either neither my our "
                "your their its his her it we you they i he she one with for from in on at by to of as into onto over under "
                "after before during until within without about and or but so if when while where which what who how why "
                "is are was were be been has have had do does did can could should would will shall may might must not "
                "there here then also only just even".split())
_OBJECT = set("the a an it its this that these those each every any all your our their one both".split())


@lru_cache(maxsize=16384)
def _instructs(sentence: str) -> bool:
    """Does ``sentence`` open as an instruction (a verb, then its object: "Define the audience …", "Size it …", "Set
    the total budget …")? A step's instruction naming the document to work from is the step's own say."""
    words = [w.strip(",;:()\"'").lower() for w in sentence.split()[:2]]
    return len(words) == 2 and words[0].isalpha() and words[0] not in _NOT_VERB and not words[0].endswith(("ing", "ed")) \
        and words[1] in _OBJECT  # ("Applying the deflator … gives" states)


@lru_cache(maxsize=16384)
def _without_mention(sent: str, name: str) -> str:
    """``sent`` without its sentences that name the document ``name`` (the pattern needs the name itself: a plain search
    for it first spares the pattern's backtracking over every sentence that does not) — but an instruction that names
    the document to use ("Define the audience in targetable terms, size it with the counts in <file> or the platform
    planners, and pair it with one offer") keeps its say: it is the step's own, not a pointer elsewhere."""
    if not compiled(re.escape(name), re.I).search(sent):
        return sent.strip()
    return compiled(rf"(?:^|(?<=[.!?]\s))[^.!?]*{re.escape(name)}[^!?]*?(?:[.!?](?=\s|$)|$)", re.I).sub(
        lambda m: m.group(0) if _instructs(m.group(0).strip()) else "", sent).strip()


@lru_cache(maxsize=32768)
def _sentence_terms(sent: str) -> set[str]:
    return with_directions(set(terms(sent)))


@lru_cache(maxsize=32768)
def _sentence_heads(sent: str) -> dict[str, list[str]]:
    return by_head(_sentence_terms(sent))


def levels(text: str) -> dict[str, int]:
    """Each Markdown heading of a passage → its level ("### X" → 3)."""
    return {m.group(2).strip(): len(m.group(1)) for m in re.finditer(r"^(#+)\s*(.+?)\s*$", text, re.M)}


def _outline(path: list[str], heading: str, levels: dict[str, int]) -> str:
    """The passage's section path with a heading met inside the passage put at its own level ("### X"
    replaces the path from its third level): the text a section's meaning is encoded with."""
    if heading and heading in levels:
        path = [*path[:max(0, levels[heading] - 1)], heading]
    return " › ".join(path)


def _outlines(path: list[str], text: str) -> dict[str, str]:
    """Each Markdown heading of a passage → the headings it sits under, outline first ("Customer
    acquisition cost › Incremental and marginal CAC › Worked example: …"): the passage's own
    headings above it, under the part of its section path that lies above the passage (its
    citation path up to the first heading the passage holds or names with others, "A + B";
    that path's first element is a level-2 heading, the document title being left out)."""
    heads = [(m.group(2).strip(), len(m.group(1))) for m in re.finditer(r"^(#+)\s*(.+?)\s*$", text, re.M)]
    names = {h for h, _ in heads}
    prefix: list[str] = []
    for p in path:
        if p in names or " + " in p or ";" in p:
            break
        prefix.append(p)
    out: dict[str, str] = {}
    stack: list[tuple[str, int]] = []
    for h, level in heads:
        stack = [(x, lv) for x, lv in stack if lv < level]
        top = min([lv for _, lv in stack] + [level])
        out.setdefault(h, " › ".join([*(p for i, p in enumerate(prefix) if i + 2 < top), *(x for x, _ in stack), h]))
        stack.append((h, level))
    return out


def within(units: list, limit: int) -> list:
    """``units`` in their order, up to ``limit`` words in all (the first always): how much of a section a quote takes."""
    out, words = [], 0
    for c in units:
        w = len(c.text.split())
        if out and words + w > limit:
            break
        out.append(c)
        words += w
    return out

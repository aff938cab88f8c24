"""A row the knowledge base labels itself, said in full, is the business asked about — not the vocabulary vertical
whose word sits inside the label: "Food Banks" is a cause a KB lists figures for, not "banks" (financial services).

Why: the message parser reads a vertical by the vocabulary's names and their inflections, so one word of a longer
name ("banks" in "food banks", a KB's row under its nonprofits) made the look-up ask for the financial-services
table, which the KB has not, and the answer declined the row the KB does hold. The KB's own row labels are read from
its facts (:func:`mpa.facts.kb_facts`): a benchmark row with no vertical of the vocabulary's filed for it, a label of
two words or more. When the message says such a label in full (each word, singular or plural) and a vocabulary
vertical's match falls inside it, that match is dropped, so the business is read as the user wrote it and the
benchmark tool finds the KB's row. A label that is only the vertical's own name adds nothing and changes nothing.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb
from mpa.vocabulary import VOCABULARY


@lru_cache(maxsize=servedkb.PER_KB)
def _labels(folder: str | None) -> tuple[re.Pattern, ...]:
    """A pattern for each of the KB's own multi-word row labels filed under no vocabulary vertical (module doc)."""
    if not folder:
        return ()
    names = {n.lower() for k, syns in VOCABULARY["verticals"].items() for n in (k, *syns)}
    facts = [f for f in servedkb.facts(folder) if f.kind == "benchmark"]
    labels = {f.label.strip() for f in facts
              if f.label and not f.vertical and f.label != f.platform and f.label != f.geography}
    labels |= {f.vertical.strip() for f in facts if f.vertical and f.vertical.lower() not in names}  # its own verticals
    parts = {p for lab in labels for p in re.split(r"\s*(?:,|&|/|\band\b|\bor\b)\s*", lab)}  # "Motorcycle and Powersports Dealers"
    words = [re.findall(r"[a-z]+", lab.lower()) for lab in sorted(labels | parts)]
    return tuple(_said_as(ws)[1] for ws in words if len(ws) >= 2 and " ".join(ws) not in names)


def _said_as(words: list[str]) -> tuple[str, re.Pattern]:
    """(the first word's stem, the pattern) of a label's words said in a row, word forms allowed (:func:`_word`) — the
    stem as written is in every match (lower case, as the label's words and the text searched are): the cue
    :func:`said` looks for before searching."""
    return words[0].rstrip("s"), re.compile(r"(?<![a-z])" + r"\s+".join(_word(w) for w in words) + r"(?![a-z])")


def _word(word: str) -> str:
    """One label word as a pattern: singular or plural, and a longer word built on it ("dealers" said as
    "dealership", "tractor" as "tractors") when the stem is long enough not to be a mere prefix."""
    stem = word.rstrip("s")
    return re.escape(stem) + (r"[a-z]*" if len(stem) >= 5 else "s?")


@lru_cache(maxsize=servedkb.PER_KB)
def _own(folder: str | None) -> tuple[tuple[str, re.Pattern, str], ...]:
    """(cue, pattern: :func:`_said_as`, label) for each vertical the KB labels in its own words (not a vocabulary
    name) and each part of two words or more of one ("Powersports Dealers" of "Motorcycle and Powersports Dealers")."""
    if not folder:
        return ()
    names = {n.lower() for k, syns in VOCABULARY["verticals"].items() for n in (k, *syns)}
    own = {f.vertical.strip() for f in servedkb.facts(folder) if f.kind == "benchmark" and f.vertical
           and f.vertical.lower() not in names}
    pairs = {(p, lab) for lab in own for p in (lab, *re.split(r"\s*(?:,|&|/|\band\b|\bor\b)\s*", lab))}
    return tuple((*_said_as(ws), lab) for p, lab in sorted(pairs) if len(ws := re.findall(r"[a-z]+", p.lower())) >= 2)


@lru_cache(maxsize=servedkb.PER_KB)
def _kept(folder: str | None) -> tuple[tuple[str, re.Pattern, str], ...]:
    """(cue, pattern: :func:`_said_as`, label) for each row the KB keeps under a kind of its own ("course type:
    Business English", "program type: Summer Day Camps": :func:`mpa.list_rows.kept_rows`; "read type: Dynamically
    Inserted Spot" of a channel's list, too — a row that is no publisher), of two words or more."""
    from mpa.list_rows import kept_rows
    from mpa.publisher import is_row, listed_row
    if not folder:
        return ()
    facts = list(servedkb.facts(folder))
    kinds = {f.label for f in facts if f.kind == "benchmark" and not f.vertical and not f.geography and f.platform
             and listed_row(f) and not is_row(f)}
    return tuple((*_said_as(ws), lab) for lab in sorted(kept_rows(facts) | kinds)
                 if len(ws := re.findall(r"[a-z]+", lab.lower())) >= 2)


def said(text: str) -> str | None:
    """The one vertical the KB labels in its own words that ``text`` says, word forms allowed ("we have an RV
    dealership": "RV Dealers"), else the one row it keeps under a kind of its own said in full ("for business english":
    the row "Business English" of a list by course type — a generic first word, "business", or a season's, "summer day
    camps", left no sentence form to name it); None when none or several are said."""
    low = (text or "").lower()
    found = {lab for cue, p, lab in _own(servedkb.folder()) if cue in low and p.search(low)}
    found = found or {lab for cue, p, lab in _kept(servedkb.folder()) if cue in low and p.search(low)}
    return found.pop() if len(found) == 1 else None


def outside(text: str, named: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (position, vertical) pairs of ``named`` not said inside a row label of the served KB's own (module doc)."""
    pats = _labels(servedkb.folder()) if named else ()
    spans = [(m.start(), m.end()) for p in pats for m in p.finditer(text.lower())]
    return [(i, k) for i, k in named if not any(s <= i < e for s, e in spans)]


def blanked(text: str) -> str:
    """``text`` with every row label of the served KB's own it says blanked (same length): what is left names
    no vocabulary vertical by a word of the KB's label ("compact tractor dealership" is no automotive)."""
    for p in _labels(servedkb.folder()):
        for m in p.finditer(text.lower()):
            text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
    return text

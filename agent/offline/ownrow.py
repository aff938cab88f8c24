"""Whose business the benchmark figures an answer quotes are, by the KB's own row labels.

Why: :mod:`agent.offline.gaps` warns when the figures quoted belong to another business than the one asked
about. It once read that business off the file's name, the shipped KB's convention ("benchmarks-saas.md"); but a
plain-text KB may name a file after one vertical and list many businesses' rows in it (kb_txt2's
"b2b_saas_and_finance_costs" holds Online MBA Programs and Credit Cards), so a coding-bootcamp question answered
from the universities section was told "the figures above are saas's". The file's name now only says that a
passage comes from a benchmark document; whose figures they are is read from the rows the passage states
(:func:`owners`), and an answer quoting the asked business's own row gets no note (:func:`stated`: a row label
counts as asked when the question says every content word of it, singular or plural — "online mba program" says
"Online MBA Programs").
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import servedkb
from mpa.labelwords import parts
from mpa.resolve import says_words
from mpa.vocabulary import VOCABULARY, match_terms, term_pattern


@lru_cache(maxsize=servedkb.PER_KB)
def labels(folder: str | None) -> tuple[str, ...]:
    """The business labels the served KB states benchmark figures for, longest first."""
    if not folder:
        return ()
    found = set()
    for f in servedkb.facts(folder):
        if f.kind != "benchmark":
            continue
        found.add((f.vertical or "").strip())
        if not f.vertical and f.label and f.label not in (f.platform, f.geography) and not match_terms(
                f.label, VOCABULARY["platforms"]):  # a row named by its kind ("Online MBA Programs"), not a platform's
            found.add(f.label.strip())
    return tuple(sorted(found - {""}, key=lambda s: (-len(s), s)))


def stated(question: str, passages: list[dict]) -> bool:
    """True when a passage states a row label of the served KB that the question names in full."""
    texts = [ps.get("text", "").lower() for ps in passages]
    return any(says_words(label, question) and any(label.lower() in t for t in texts)
               for label in labels(servedkb.folder()))


@lru_cache(maxsize=servedkb.PER_KB)
def _figure_labels(folder: str | None) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each file's benchmark figures as the KB states them, with the label of the business each belongs to:
    the vertical the KB reads it under, else its own row label ("Online MBA Programs")."""
    if not folder:
        return {}
    out: dict[str, list[tuple[str, str]]] = {}
    for f in servedkb.facts(folder):
        label = (f.vertical or ("" if f.label in (f.platform, f.geography) else f.label) or "").strip()
        if f.kind == "benchmark" and label and f.value:
            out.setdefault(f.source, []).append((f.value, label))
    return {k: tuple(v) for k, v in out.items()}


def owners(passage: dict, quoted: str | None = None) -> list[str]:
    """The KB's own labels of the businesses whose benchmark figures ``passage`` states (and ``quoted``, the
    answer, quotes when given), in the KB's order.

    Why: what a file is named after is not what each of its sections is about (kb_txt2's
    "b2b_saas_and_finance_costs" holds a universities section), so a note saying whose figures an answer quoted
    names the rows the quoted passage states — never the file's name."""
    source = (passage.get("source") or "").split("›")[0].strip()
    text = passage.get("text") or ""
    found = _figure_labels(servedkb.folder()).get(source, ())
    return list(dict.fromkeys(label for value, label in found if value in text and (quoted is None or value in quoted)))


def file_vertical(source: str) -> str | None:
    """The vertical whose document a passage comes from, read off its file name with the
    vocabulary ("benchmarks-cpg.md" → cpg; "channel-retail-media.md" is a channel, not retail)."""
    name = re.sub(r"[-_.]", " ", source.split("›")[0]).lower()
    for key in match_terms(name, VOCABULARY["topics"]):
        name = term_pattern(tuple(VOCABULARY["topics"][key])).sub(" ", name)
    named = match_terms(name, VOCABULARY["verticals"])
    return named[0] if len(named) == 1 else None


def names_vertical(vertical: str, ps: dict) -> bool:
    """Whether a passage's file is named after ``vertical`` or its text names it by the vocabulary's terms — or, for a
    KB label joining two businesses ("Craft Distilleries and Tasting Rooms"), by one of them whole ("CRAFT DISTILLERIES
    - BOTTLE CLUB PROFILE")."""
    text = f"{ps.get('source', '')} {ps.get('text', '')}".lower()
    names = VOCABULARY["verticals"].get(vertical) or [vertical, *parts(vertical)[1:]]  # (no vocabulary list is empty)
    return file_vertical(ps.get("source", "")) == vertical or bool(term_pattern(tuple(names)).search(text))


def other_verticals(vertical: str | None, passages: list[dict], quoted: str | None = None) -> list[str]:
    """The businesses whose figures the cited benchmark documents state, by the KB's own labels (a CPG table quoted
    to a car dealer, a gaming table to a question naming none), when none of them is the conversation's. A passage
    stating no figure the KB labels counts for its file's vertical only when it names that vertical itself."""
    theirs = []
    for ps in passages:
        if (named := file_vertical(ps.get("source", ""))):
            theirs += owners(ps, quoted) or ([named] if names_vertical(named, {"text": ps.get("text", "")}) else [])
    if not theirs or (vertical and any(t == vertical or vertical in match_terms(t, VOCABULARY["verticals"]) for t in theirs)):
        return []
    return list(dict.fromkeys(theirs))

"""The words of a KB label as the label rules compare them: the label normalised, its parts ("Plumbers and HVAC" →
"plumbers", "hvac"), the analyzer's stems, and their roots (a trade's name less its derivational ending).

Why a module of its own: the label rules (:mod:`mpa.labels`) and the head-noun check they call (:mod:`mpa.headnoun`)
read a label's words the same way; kept apart so neither imports the other.
"""
from __future__ import annotations

import re
from functools import lru_cache

from rag.analyzer import get_analyzer

_SPLIT = re.compile(r"\s*(?:,|&|/|\band\b|\bor\b|\+)\s*", re.I)


_NOT_LABEL = re.compile(r"[^\w\s:/+&-]")  # compiled once: norm runs for every label of every look-up


@lru_cache(maxsize=16384)  # a pure reading of a label, asked ~400,000 times a test run for a few thousand labels
def norm(text: str) -> str:
    return " ".join(_NOT_LABEL.sub(" ", (text or "").lower().replace("–", "-")).split())


def parts(label: str) -> list[str]:
    """"Plumbers and HVAC" → ["plumbers", "hvac"] (the whole label first)."""
    return list(_parts(label))


@lru_cache(maxsize=4096)  # pure, and asked ~87,000 times a test run for under a thousand labels (callers get a list)
def _parts(label: str) -> tuple[str, ...]:
    whole = norm(label)
    return (whole, *(p for p in (norm(x) for x in _SPLIT.split(label)) if p and p != whole))


@lru_cache(maxsize=4096)
def stems(text: str) -> tuple[str, ...]:
    return tuple(get_analyzer(True, True)(text))


# derivational endings that turn a trade's name into its adjective or field ("dentist" → "dental",
# "dentistry"; "orthodontist" → "orthodontic"; "plumber" → "plumbing"): the stemmer keeps them, so roots
# compare without them
_DERIVED = ("istri", "ist", "ical", "ic", "al", "ian", "er")


def root(stem: str) -> str:
    """``stem`` less one derivational ending, when at least four letters remain."""
    for end in _DERIVED:
        if stem.endswith(end) and len(stem) - len(end) >= 4:
            return stem[:-len(end)]
    return stem


def one_within_other(name: str, label: str) -> bool:
    """Every word of the words asked is one of the label's (or one of its parts'), or every word of the label, or of
    one of its parts, is asked (by stem): "true crime" and "true crime stories" name "True Crime"; "sports betting
    apps" and "Sports Talk" share one word only, which the look-up then leaves to meaning (mpa.labelmeaning) —
    "animal shelter charity" is "Animal Welfare", "sports betting apps" no podcast genre."""
    said = set(stems(name or ""))
    words = [set(stems(p)) for p in parts(label)]
    return bool(said) and (said <= set().union(*words) or any(w and w <= said for w in words))


def shorter_names(names: list[str], labels: list[str]) -> list[str]:
    """The KB's other labels for a business it names in more words elsewhere: a label whose every word (by stem) is
    in a matched label ("Quick Service" of "Quick Service Restaurants" — a profile heading and a list's row naming
    one kind of restaurant; "Pharmacy", a section's declared vertical, of "Independent Pharmacies")."""
    words = [set(stems(n)) for n in names]
    return [lb for lb in labels if lb not in names and any(set(stems(lb)) <= w for w in words)]


def longer_names(names: list[str], labels: list[str]) -> list[str]:
    """The KB's other labels for a business asked by its fewest words: a label holding every word (by stem) of a
    matched one ("Coworking Spaces", a list's row, of "Coworking", the vertical a section declares)."""
    words = [set(stems(n)) for n in names]
    return [lb for lb in labels if lb not in names and any(w and w <= set(stems(lb)) for w in words)]


def row_within(name: str, labels: list[str]) -> list[str]:
    """The one row a longer description names whole ("a staffing agency placing travel nurses" → "Travel Nurses";
    "hiring warehouse workers" → "Light Industrial and Warehouse", by one of its parts): every word of the row, or of
    one of its parts, is in the description (by stem), and no other row fits."""
    said = set(stems(name or ""))
    fits = [lb for lb in labels if any(set(stems(p)) and set(stems(p)) <= said for p in parts(lb))]
    return fits if len(fits) == 1 else []

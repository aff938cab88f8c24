"""Prose that prices one business across two sentences, on several platforms in one sentence, or on one publisher.

Why: a KB's prose names the business once and prices it in the next sentence — "Language learning apps sell through
a free trial that converts to an annual plan. Their cost per trial on Meta ran at $7.40-9.20 in 2025 and on Apple
Search Ads at $5.60-6.80 …" — and the sentence reader (:func:`mpa.facts.sentence_facts`) wanted the business, one
metric and one figure in the same sentence: the second sentence names no business, states two figures (and a
third, a conversion rate), and its metric is the KB's own ("cost per trial"), so both prices were lost. Read here:
a sentence opening with "Their"/"Its" is about the one business the sentence before names; the KB's own metric
the sentence says word for word is its metric; and "on <Platform> … at <figure>" pairs each platform with its
own figure. And a business priced on one publisher of a channel's list ("… ran streaming TV on Peacock … paid about
$36 CPM and booked … at roughly $112 each") is priced on that publisher, at the figure written with the metric's name.
"""
from __future__ import annotations

import re
from typing import Iterable

from mpa.tables import CURRENCY

_POSSESSIVE = re.compile(r"^(?:their|its)\s", re.I)
_FIGURE = rf"{CURRENCY}\d[\d,.]*(?:\s*[-–]\s*{CURRENCY}?\d[\d,.]*)?"
# "on Meta ran at $7.40-9.20", "on Apple Search Ads at $5.60-6.80", "on Pinterest cost about $3"
_ON_AT = re.compile(r"\bon (?P<p>[A-Z][A-Za-z0-9&.']*(?: [A-Z][A-Za-z0-9&.']*){0,3})\s+(?:(?:ran|came in|cost|averaged|was|"
                    r"were)\s+)?(?:at\s+)?(?:about\s+|around\s+|roughly\s+)?(?P<v>" + _FIGURE + r")")


def carried(sent: str, before: set[str]) -> set[str]:
    """The business a sentence opening with a possessive ("Their cost per trial …") is about: the one business the
    sentence before it names; empty otherwise."""
    return set(before) if len(before) == 1 and _POSSESSIVE.match(sent) else set()


def own_metric_said(sent: str, known: Iterable[str]) -> str | None:
    """The KB's own "cost per <unit>" metric the sentence says word for word (the longest), else None."""
    low = " ".join(sent.lower().split())
    said = [m for m in known if m and m.lower().startswith("cost per ")
            and re.search(rf"(?<![a-z]){re.escape(m.lower())}(?![a-z])", low)]
    return max(said, key=len) if said else None


def priced_on(sent: str) -> list[tuple[str, str]]:
    """(platform as written, figure) for each "on <Platform> … at <figure>" of a sentence that prices two or more
    platforms; [] when it prices fewer."""
    pairs = [(m.group("p"), m.group("v").strip().rstrip(",.")) for m in _ON_AT.finditer(sent)]
    return pairs if len(pairs) >= 2 else []


# "$4.90 per completed quote", "$210 per inquiry": a price per unit, the unit's words after it
_PER_WORDS = re.compile(_FIGURE + r"\s+(?:a|per|each)\s+(?P<unit>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})", re.I)

# "an attended trial bought through Nextdoor came to about $19": one unit, then what it cost
_UNIT_PRICED = re.compile(r"\b(?:an?|one|each)\s+(?P<unit>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})\b[^.;$]{0,60}?\s"
                          r"(?:came to|cost|ran|averaged|went for)\s+(?:about |roughly |around |nearly |some )?" + _FIGURE, re.I)


def own_priced_per(sent: str, names: dict[str, str]) -> str | None:
    """The KB's own metric a price "per <unit>" in a sentence is, by the "cost per <unit>" name the KB gives it
    (``names``: a name → the metric's key): "$4.90 per completed quote" is its "cost per completed quote", "$6.40 per
    ticket sold" its "CPTS" (named "cost per ticket sold" in its glossary); so is a price said of one unit ("an
    attended trial bought through Nextdoor came to about $19": its cost per attended trial). The longest unit said;
    None if none."""
    for m in [*_PER_WORDS.finditer(sent), *_UNIT_PRICED.finditer(sent)]:
        words = m.group("unit").lower().split()
        for n in range(len(words), 0, -1):
            key = names.get("cost per " + " ".join(words[:n]))
            if key:
                return key
    return None


def publisher_said(text: str, publishers: Iterable[str]) -> str | None:
    """The one publisher of a channel's list (:mod:`mpa.publisher`: "Peacock" under "BY STREAMING SERVICE") a sentence
    names: "bridal salons that ran streaming TV on Peacock … paid about $36 CPM" prices Peacock, not streaming TV at
    large — the channel is what the publisher sells, the publisher is where the price was paid. None for none or two."""
    said = {p for p in publishers if re.search(rf"(?<![A-Za-z0-9]){re.escape(p)}(?![A-Za-z0-9])", text)}
    return said.pop() if len(said) == 1 else None


def metric_figures(part: str, figures: list[str], metric: str) -> list[str]:
    """Of several figures in one sentence, those written with the metric's own name after them ("paid about $29 CPM
    and booked trials at roughly $31 each": the $29) — all of them when none is, or the metric is no short name."""
    if len(figures) < 2 or not re.fullmatch(r"[A-Za-z]{2,6}", metric or ""):
        return figures
    tagged = [v for v in figures if re.search(re.escape(v) + r"\s*" + re.escape(metric) + r"s?\b", part)]
    return tagged or figures

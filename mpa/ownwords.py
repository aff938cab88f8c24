"""The vertical's own figure an asked name means by the words it shares with it ("membership price" → a profile's
"Monthly membership: $89", "trial to member rate" → its "Members after a trial: 34%", "price of a sweep" → its
"Sweep and inspection: $245").

Why a module of its own: a profile names each figure by what it is of, in the owner's words, and a user asks by the
thing and the kind of figure ("price", "rate") — neither name holds the other, so the name rules of
:mod:`mpa.ownmetric` leave it. Asked last, after every other reading of the name, among one vertical's own figures
only: the kind word says the unit (a price is money, a rate or a share a percentage), every other word of the asked
name must be one of the figure's, and only one figure may fit. When a vertical lacks the asked name's first reading,
:func:`read_otherwise` also asks what the KB's definitions count ("cost per new customer" → its "cost per first
drop-off"; "turn-up rate" → the "arrival rate" defined by who "turned up").
"""
from __future__ import annotations

import re

from mpa.fact_text import DURATIONS
from mpa.facts import Fact
from mpa.labels import norm
from mpa.labelwords import stems
from mpa.vocabulary import VOCABULARY

_ASKING = {"that", "who", "which", "whose", "what", "actually", "really", "usually", "do", "does", "did"}  # no subject
_MONEY = {"price", "cost", "fee", "charge", "spend"}
_SHARE = {"rate", "share", "percentage", "percent", "ratio"}
_EMPTY = {"of", "a", "an", "the", "to", "per", "for", "in", "on", "at", "by", "and", "one", "each", "value", "amount",
          "number", "figure", "level", "job"}  # "heel job price": a job is the work, what it is of says which


def _stems(name: str) -> set[str]:
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.findall(r"[a-z0-9]+", norm(name))}


def own_by_words(metric: str, mine: list[Fact]) -> str | None:
    """The one own figure of ``mine`` (one vertical's facts) in the unit the asked name's kind word says, whose name
    holds every other asked word; None when the name says no kind, keeps no word, or two figures fit."""
    asked = _stems(metric)
    kind = asked & (_MONEY | _SHARE)
    said = asked - _MONEY - _SHARE - _EMPTY
    if len(kind) != 1 or not said:
        return None
    money = bool(kind & _MONEY)
    fits = {f.metric for f in mine if f.metric and f.metric not in VOCABULARY["metrics"]
            and (f.unit not in ("%", "", "people", "x", "ratio", *DURATIONS) if money else f.unit == "%")
            and all(_holds(w, f.metric) for w in said)}
    return fits.pop() if len(fits) == 1 else None


def _holds(word: str, name: str) -> bool:
    """Does the figure's ``name`` say ``word``, as written or by its stem ("rebook" in "rebooked after a rain day")?"""
    return word in _stems(name) or bool(set(stems(word)) & set(stems(name)))


def own_by_definition(metric: str, mine: list[Fact], texts: dict[str, str]) -> str | None:
    """The one own share of ``mine`` a rate asked in other words means, by the words of its name and of the KB's
    definition of it ("turn-up rate": the "arrival rate" the glossary defines as "the share of booked outings whose
    party turned up"; "repeat customer rate": "back within a year", "the share of first customers who bring a second
    item"): at least half the asked words (by stem) said there, and more of them than for any other share."""
    from mpa.counted import definitions
    asked = _stems(metric.replace("-", " "))
    if not asked & _SHARE:
        return None
    want = asked - _SHARE - _EMPTY - _ASKING
    own = sorted({f.metric for f in mine if f.metric and f.unit == "%" and f.metric not in VOCABULARY["metrics"]})
    if not want or not own:
        return None
    said = definitions(texts, {m: [m] for m in own})
    hits = sorted((sum(_holds(w, f"{m} {said.get(m, '')}") for w in want), m) for m in own)[::-1]
    best, name = hits[0]
    if best * 2 >= len(want) and (len(hits) == 1 or hits[1][0] < best):
        return name
    return None


def read_otherwise(metric: str, first: str | None, mine: list[Fact], texts: dict[str, str],
                   names: dict[str, list[str]]) -> str | None:
    """The figure of ``mine`` an asked name means when its first reading (``first``: a vocabulary key, or None) is
    none of the vertical's: the money metric the KB's definition counts the priced unit of — asked by name ("cost per
    new customer": the cost per first drop-off, "a new customer's first item") or by the key ("CAC", by what its
    names price) —, else a profile's figure by its words, else a share by its definition."""
    from mpa.counted import defined_metric
    have = {f.metric for f in mine}
    notes = {f.metric: f.qualifier for f in mine if f.metric in names and f.qualifier}  # "$24 (first lesson bookings)"
    priced = [metric] + [n for n in VOCABULARY["metrics"].get(first or "", []) if n.startswith(("cost per ", "cost to "))]
    return next((d for p in priced if (d := defined_metric(texts, p, names, notes)) in have), None) \
        or own_by_words(metric, mine) or own_by_definition(metric, mine, texts)

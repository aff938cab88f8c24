"""The KB's own metric a name asks for (behind ``get_benchmark``): its key or the "cost per <unit>" name a label
gives it, the name with a channel before it ("open rate" → "email open rate"), a word clipped ("cost per approved
app") or the word after the unit left off ("cost per tee time" → "cost per tee time booking").

Why a module of its own: the benchmark look-up (:mod:`mpa.fact_lookups`) and the platform look-up
(:mod:`mpa.platform_figures`) read an asked metric name against the KB's own names the same way.
"""
from __future__ import annotations

import re
from functools import lru_cache

from mpa.fact_text import own_metric
from mpa.facts import PLATFORM_SAID, Fact
from mpa.labels import norm
from mpa.vocabulary import VOCABULARY


@lru_cache(maxsize=8192)  # a pure reading of one name, asked again for every fact of every look-up
def _per_unit(name: str) -> str:
    """"Price per bookings" and "cost per booking" say one thing: the unit singular, "cost per"."""
    low = " ".join(re.sub(r"^(?:price|spend)\s+per\b", "cost per", norm(name)).split())
    return re.sub(r"(?<=[a-z]{3})(?:es|s)$", "", low) if low.startswith("cost per ") else low


def own_metric_named(metric: str, bench: list[Fact]) -> str | None:
    """The KB's own metric a name asks for: its key ("CPB", "cost per consultation") or the
    "cost per <unit>" name a label gives it ("Cost per booking (CPB)")."""
    want = _per_unit(metric)
    for f in bench:
        if not f.metric:
            continue
        names = {_per_unit(f.metric), _per_unit(f.metric_name)} - {""}
        own = own_metric(f.label) or own_metric(PLATFORM_SAID.sub("", f.label))
        if own:
            names.add(_per_unit(own[1]))
        if want in names or (want == f.metric.lower() and f.metric.isupper()):
            return f.metric
    return _qualified_own(want, bench) or _clipped_own(want, bench) or _trailed_own(want, bench) \
        or _inner_own(want, bench) or _words_within_own(want, bench) or _initials_own(metric, bench) \
        or _figure_noun_added(want, bench)


def _initials_own(asked: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB of two words or more a single word asked spells by initials ("ADR" → the KB's
    "average daily rate", "AOV" → its "average order value"): a trade names its figures by initials a KB need not
    write anywhere. Only a word of two to five letters with no vowel-led syllable to read ("adr", not "rate"), never
    a vocabulary metric, and only when one metric fits."""
    word = asked.strip()
    if not re.fullmatch(r"[A-Za-z]{2,5}", word) or (word.islower() and re.search(r"[aeiou].*[aeiou]", word)):
        return None
    fits = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"]
            and len(words := [w for w in re.findall(r"[a-z]+", f.metric.lower()) if w not in ("and", "of", "the")]) >= 2
            and "".join(w[0] for w in words) == word.lower()}
    return fits.pop() if len(fits) == 1 else None


def _words(name: str) -> list[str]:
    """A metric name's words, hyphens as spaces; "conversion" after a "<step> to <step>" pair is that step rate's
    "rate" ("tour to move-in conversion" is the KB's "tour-to-move-in rate")."""
    words = norm(name).replace("-", " ").split()
    if "to" in words[1:-1] and words[-1] in ("conversion", "conversions"):
        words[-1] = "rate"
    elif "to" in words[1:-2] and words[-2:] == ["conversion", "rate"]:
        words[-2:] = ["rate"]
    return words


def _words_within_own(want: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB whose name holds every asked word in order, with at most two words more, each
    anywhere ("cost per grower lead" → the KB's "cost per qualified grower lead", "quote to bind" → its
    "quote-to-bind rate", "push opt-in rate" → its "push opt-in rate on ios"): a KB's caption names its metric in
    full — which leads, measured where — and a user asks by the words that say what it is. Two words at least,
    never a vocabulary metric's name (the vocabulary reads those), a price's unit its last word (words after it name
    another unit: the "cost per site" is no "cost per site visit booked"), and only when one metric fits."""
    asked = _words(want)
    if len(asked) < 2:
        return None

    def holds(name: str) -> bool:
        words, i = _words(name), 0
        for w in words:
            if i < len(asked) and (w == asked[i] or w.rstrip("s") == asked[i].rstrip("s")):
                i += 1
        if asked[0] == "cost" and words[-1].rstrip("s") != asked[-1].rstrip("s"):
            return False  # a price's unit is its last word: "cost per site" is no "cost per site visit booked"
        return i == len(asked) and len(words) - len(asked) <= 2
    fits = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"]
            and any(holds(n) for n in (f.metric, f.metric_name) if n)}  # (or by the name a key spells out: CPRN)
    return fits.pop() if len(fits) == 1 else None


def _inner_own(want: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB whose name holds the asked "<thing> per <unit>" word for word after words that
    qualify it ("budget per location" → the KB's "local media budget per location per month"): a caption names
    whose budget and per what period, a user asks for the amount per unit. Three words at least, "per" among them,
    a word before them (a price clipped at its end, "cost per site" of "cost per site visit booked", is no such
    name), and only when one metric fits."""
    if len(want.split()) < 3 or " per " not in f" {want} ":
        return None
    fits = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"]
            and re.search(rf"\w {re.escape(want)}(?![\w-])", norm(f.metric))}
    return fits.pop() if len(fits) == 1 else None


def _trailed_own(want: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB whose name is the asked price of a unit with one word after it ("cost per tee
    time" → the KB's "cost per tee time booking"): a user names the thing paid for, the KB also what happened to it
    (booked, booking, visit). Only a "cost per" name, and only when one metric fits."""
    if not want.startswith("cost per ") or len(want.split()) < 3:
        return None
    fits = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"]
            and len(_per_unit(f.metric).split()) == len(want.split()) + 1 and _per_unit(f.metric).startswith(want + " ")}
    return fits.pop() if len(fits) == 1 else None


def _clipped_own(want: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB whose name is the asked name with a word clipped ("cost per approved app" → the
    KB's "cost per approved application"): word for word, each asked word the KB's or its first three letters or more
    (the KB's word two letters longer at least), one word clipped at least, two words or more, one metric fitting."""
    asked = want.split()
    if len(asked) < 2:
        return None

    def fits(name: str) -> bool:
        words = _per_unit(name).split()
        return len(words) == len(asked) and any(a != w for a, w in zip(asked, words)) and all(
            a == w or (len(a) >= 3 and len(w) >= len(a) + 2 and w.startswith(a)) for a, w in zip(asked, words))
    found = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"] and fits(f.metric)}
    return found.pop() if len(found) == 1 else None


def _qualified_own(want: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB whose name is the asked name with words before it ("open rate" → the KB's
    "email open rate", "completion rate" → its "video completion rate"): a caption qualifies a rate by its
    channel, a user asks for the rate. Two words at least, and only when one metric fits."""
    if len(want.split()) < 2 and want not in ("churn", "margin", "retention"):  # a figure noun alone: "churn" is the
        return None  # KB's "monthly membership churn" when one metric ends so
    fits = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"]
            and norm(f.metric).endswith(" " + want)}
    return fits.pop() if len(fits) == 1 else None


_FIGURE_NOUN = ("value", "share", "rate", "amount", "number", "count", "figure", "level", "percentage", "percent")


def _figure_noun_added(want: str, bench: list[Fact]) -> str | None:
    """The one own metric of the KB whose name is the asked name without its last word, a noun only saying the asked
    thing is a figure ("average job value" → a profile's "Average job: $310", "repeat customer share" → its "Repeat
    customers: 22%"): a profile's label names the figure by what it is of. Two words before it at least, a word's
    plural alike, never a vocabulary metric, and only when one metric fits."""
    asked = _words(want)
    if len(asked) < 3 or asked[-1] not in _FIGURE_NOUN:
        return None
    stem = [w.rstrip("s") for w in asked[:-1]]
    fits = {f.metric for f in bench if f.metric and f.metric not in VOCABULARY["metrics"]
            and [w.rstrip("s") for w in _words(f.metric)] == stem}
    return fits.pop() if len(fits) == 1 else None

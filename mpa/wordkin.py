"""A vertical's figure asked in other everyday words than its name: "cost per appointment" for a "cost per booked
visit", "attendance rate" for a "show-up rate", "quote close rate" for a "quote-to-visit rate", "repeat customer share"
for a profile's "Repeat within two years", "cost per inquiry" for the CPL.

Why a module of its own: the name rules (:mod:`mpa.lookups`, :mod:`mpa.ownmetric`, :mod:`mpa.ownwords`) need a word of
the figure's name in the ask, and a user names the same thing by another word of general English — an appointment is a
booking, a fall is an autumn, to turn up is to show up, an "A-to-B rate" is how many A close. Asked only when every
other reading of the name found nothing the vertical states (so it never displaces a figure the words named), among
one vertical's own figures: each asked word, read through the kinship table below, must be a word of the figure's name
(a person asked about — customers, clients, guests — may go unsaid), the kind word must fit the unit (a price is money,
a rate or a share a percentage) and only one figure may fit.
"""
from __future__ import annotations

from functools import lru_cache

from mpa.everyday import stems
from mpa.facts import Fact
from mpa.fact_text import DURATIONS
from mpa.vocabulary import VOCABULARY

# General English: phrases (as stems) naming one thing, each group read as its first member's token. Longer phrases
# are replaced first ("no show" before "show").
_KIN: tuple[tuple[str, ...], ...] = (
    ("book", "appoint", "reserv", "schedul"),                        # a date agreed with the customer
    ("no show", "flake", "never show", "never turn up", "never came", "never come", "miss appoint"),  # booked, never came
    ("attend", "show up", "turn up", "arriv", "show"),              # came ("arrival rate": the share that turned up)
    ("repeat", "return", "come back", "came back", "rebook", "re book", "re enrol", "again", "renew"),
    ("regist", "sign up", "signup", "enrol"),                       # joined
    ("lead", "inquiri", "enquiri", "call"),                         # a prospect asking
    ("quot", "estim"),
    ("autumn", "fall"),
    ("fill", "full"),
    ("drop in", "day pass", "walk in"),                             # one visit paid at the door
    ("convers", "convert", "close", "win"),                          # how many of one become the next
)
_MONEY = {"price", "cost", "fee", "charg", "spend", "rent"}
_SHARE = {"rate", "share", "percentag", "percent", "ratio"}
_EMPTY = {"of", "a", "an", "the", "to", "per", "for", "in", "on", "at", "by", "and", "one", "each", "valu", "amount",
          "number", "figur", "level", "who", "that", "which", "how", "get", "after", "what", "their", "our", "my"}
_PEOPLE = {"custom", "client", "guest", "patient", "student", "peopl", "person", "household", "job", "visitor"}


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[tuple[str, ...], str], ...]:
    pairs = [(stems(p), g[0]) for g in _KIN for p in g]
    return tuple(sorted(pairs, key=lambda pt: -len(pt[0])))


@lru_cache(maxsize=4096)
def kin_words(name: str) -> frozenset[str]:
    """The name's words, stemmed, each phrase of the kinship table read as its group's token; an "A-to-B rate" also
    says the conversion it is ("quote-to-visit rate": how many quotes close)."""
    ws, out = list(stems(name)), set()
    for phrase, token in _table():
        n, i = len(phrase), 0
        while i + n <= len(ws):
            if tuple(ws[i:i + n]) == phrase:
                ws[i:i + n], i = [f"~{token}"], i + 1
                out.add(token)
            else:
                i += 1
    if "to" in ws[1:-1] and ws[-1] == "rate":
        out.add("convers")
    return frozenset(out | {w for w in ws if not w.startswith("~")})


def _names(f: Fact) -> frozenset[str]:
    words = set(kin_words(f.metric))
    for syn in VOCABULARY["metrics"].get(f.metric, []):  # the CPL says "cost per lead"
        words |= kin_words(syn)
    return frozenset(words)


def kin_metric(metric: str, mine: list[Fact]) -> str | None:
    """The one figure of ``mine`` (one vertical's facts) the asked name means through the kinship of its words: every
    asked word (persons aside), read through the table, is a word of the figure's name, the kind word fits the unit
    and one figure fits; None otherwise."""
    asked = kin_words(metric)
    kind = asked & (_MONEY | _SHARE)
    said = asked - _MONEY - _SHARE - _EMPTY
    need = said - _PEOPLE
    if len(kind) > 1 or not need:
        return None
    money, share = bool(kind & _MONEY), bool(kind & _SHARE)
    fits = {f.metric for f in mine if f.metric
            and (not money or f.unit not in ("%", "", "people", "x", "ratio", *DURATIONS))
            and (not share or f.unit == "%") and need <= _names(f)}
    if len(fits) > 1:  # the persons asked about tell two apart ("repeat guest share" beside a "repeat booking rate")
        fits = {m for m in fits if said <= _names(next(f for f in mine if f.metric == m))} or fits
    return fits.pop() if len(fits) == 1 else None


def retry(metric: str, groups: list[list[str]], bench: list[Fact]) -> tuple[list[str], list[Fact], str] | None:
    """(names, their facts, metric) of the first group of a vertical's names whose facts hold the figure the asked
    name means by kinship (:func:`kin_metric`) — the matched names first, then their shorter or longer forms (a
    list's row, a profile heading); None when none does."""
    for names in groups:
        theirs = [f for f in bench if f.vertical in names]
        if names and (m := kin_metric(metric, theirs)):
            return names, theirs, m
    return None


def akin(asked: str, metrics: list[str]) -> bool:
    """Whether each of ``metrics`` shares a word of what it counts with the asked name, read through the kinship table
    ("cost per inquiry" and "cost per qualified inquiry"; not "cost per booked event" and that inquiry's cost)."""
    words = kin_words(asked) - _MONEY - _SHARE - _EMPTY
    return bool(metrics) and all(words & (kin_words(m) - _MONEY - _SHARE - _EMPTY) for m in metrics)


def said_by_kin(name: str, text: str) -> bool:
    """Whether ``text`` says every word of the figure ``name`` but its kind ("rate", "share"), one at least through the
    kinship table ("how full do classes get" of a "class fill rate", "how many never turn up" of a "no-show rate")."""
    own = kin_words(name) - _MONEY - _SHARE - _EMPTY
    told = kin_words(text)
    return bool(own) and own <= told and bool(own - set(stems(text)))


def on_platform(metric: str, theirs: list[Fact], platform: str | None) -> tuple[str, list[Fact]] | None:
    """(metric, its facts) of the one figure a vertical (``theirs``) states on the platform asked that the asked name
    means by kinship — when the name's own reading is a figure stated on no such platform ("cost per call" read as a
    booked job's cost, asked on Local Services Ads, where the KB prices leads); None otherwise."""
    from mpa.captions import platforms_in_kb
    plats = platforms_in_kb(platform, {f.platform for f in theirs if f.platform}) or set()
    on = [f for f in theirs if f.platform in plats]
    k = kin_metric(metric, on) if on else None
    return (k, [f for f in on if f.metric == k]) if k else None

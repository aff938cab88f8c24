"""The places a message names: the vocabulary's geographies, two-letter codes said as places
("in TX", "the LA market", "NY DMA") and the whole country ("the US", "nationwide" — also typed "nation wide" or
"nation-wide" —, "across the country") — and the message with them blanked out, to read what else it says (an audience
described in the user's words, a follow-up that only swaps the place).

Why a module: both the audience look-up (which row: national, state or DMA) and the follow-up
rules (a message that names only a new place keeps the last audience) read the same places.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline import cues, needed, placemeant, placeshort, readingstate
from agent.offline.calendarwords import MONTHS, WEEKDAYS
from agent.offline.metricnames import positions
from agent.offline.passages import terms
from agent.offline.worldplaces import world_places
from mpa.audience_lookups import US_STATE_CODES, place_as_typed
from mpa.vocabulary import VOCABULARY, any_term

_CODE_PLACE = re.compile(r"\b([A-Z]{2})\s+((?i:market|area|metro|region|dma))s?\b|\b(?:in|across|for|around)\s+([A-Z]{2})\b|"
                         # a state's code where only a place fits: "geo to CA", "only TX", "statewide, CA?", "and NY?"
                         r"(?:\b(?i:to|into|within|at|about|only|just|statewide|state of|vs|versus|or|and)\.?|[:+&/])"
                         r"[\s,]*\b([A-Z]{2})\b|"
                         r"(?:^|,|\band\b)\s*([A-Z]{2})\s*[?.!]*\s*$")
_NATION = re.compile(r"\b(?:the\s+)?(US|U\.S\.|USA)\b|\b(?:whole|entire) (?:country|nation)\b|\b(?i:country[- ]?wide|nation[- ]wide)\b|"
                     r"\b(?:across|throughout|all over|in|and|for|about) the (?:country|nation)\b|"  # "and the country?" after a size
                     r"\b(?i:all (?:the )?(?:50|fifty) states|coast to coast)\b")  # the US by its states, or its two coasts
_NOT_PLACE = ("US", "OK", "AI", "IT", "TV", "UK")
# a capitalised name said as a market ("the Denver market", "Salt Lake City metro", accented or hyphenated: "in
# Paraná", "in Baden-Württemberg", "trips out of Lapu-Lapu"): a place the vocabulary may not list, for the sizing tool
# to find in the KB's tables
_NAMED_MARKET = re.compile(r"\b((?:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+|St\.)(?:[ -][A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+){0,2})\s+((?i:market|metro|metro area|dma))\b|"
                           r"(?:(?<=\bin )|(?<=\bnear )|(?<=\bacross )|(?<=\baround )|(?<=\bout of ))((?:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+|St\.)(?:[ -][A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+){0,2})\b(?! (?:Ads|ads))|"
                           # a name before the people counted: "how many Denver households", "how many Tulsa adults"
                           r"(?<=\b[Hh]ow many )((?:[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+|St\.)(?:[ -][A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+){0,2})(?= [a-z])")
_NOT_NAMED_PLACE = re.compile(r"^(?:" + "|".join(w.capitalize() for w in MONTHS + WEEKDAYS) + r"|Q[1-4]|Step|Section|The|"
                              r"Our|My|This|That)\b")
_SHARED = re.compile(r"\b([A-Z]{2})\s*(?:,|and|&|/)\s*(?:the\s+)?[A-Za-z][\w.' -]{0,25}?\s+((?i:dma|market|metro|area))s\b")
# what every match of a costly form holds, found by a quick scan first: two capitals in a row for a code
# (:data:`_CODE_PLACE`, :data:`_SHARED`); for a named market a word of its kind, or a capital after the words the
# name follows (:data:`_NAMED_MARKET`) — without it the form cannot match, and the text is left as it is
_CODE_CUE = re.compile(r"[A-Z]{2}")
_NAME_AFTER = re.compile(r"(?:in|near|across|around|out of|[Hh]ow many) [A-ZÀ-ÖØ-Þ]")


def _named_cue(text: str) -> bool:
    """Can :data:`_NAMED_MARKET` match ``text``? (its kind's words looked for in the lower case of ASCII text)"""
    return cues.may_say(text, ("market", "metro", "dma")) or bool(_NAME_AFTER.search(text))


def _code(m: re.Match) -> str | None:
    """The place code a match names, or None: the contexts where any word could follow ("to", "for",
    the end of the message) take only a state's postal code; "the XX market" may name a DMA by its initials."""
    code = m.group(1) or m.group(3) or m.group(4) or m.group(5)
    if code in _NOT_PLACE or ((m.group(3) or m.group(4) or m.group(5)) and code not in US_STATE_CODES):
        return None  # "for UA", "in QA": capitals after a preposition are a place only when a state's code
    return code


# a place name cut short after a preposition of place (or "state of"), ending its clause: "in cali?", "across penn and
# ohio", "the whole state of minn?"
_CLIPPED = re.compile(r"\b(?:in|across|around|throughout|all over|state of)\s+([a-z]{4,})(?=\s*(?:[?.!,;:)]|$|\band\b|\bor\b|"
                      r"\bvs\b|\bversus\b|\bonly\b|\btoo\b))", re.I)


def _clipped(text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Place names said clipped (a clipping is how people shorten a long name: its first letters):
    the one vocabulary place whose one-word name the word begins, three letters or more short of it
    ("cali" for California; "india" is not Indiana, "total" nothing)."""
    out = []
    for m in _CLIPPED.finditer(text):
        w = m.group(1).lower()
        if any(m.start(1) <= p < m.end(1) for p, _ in found):
            continue
        keys = {k for k, syns in VOCABULARY["geographies"].items() for x in syns
                if " " not in x and x.isalpha() and placeshort.is_clipping(w, x)}
        if len(keys) == 1:
            out.append((m.start(1), keys.pop()))
    return out


# a place's code said in lower case as a market ("the ny metro", "across the la market"): lower case is how
# people type, so the code must be a state's or the initials of a DMA the vocabulary names
_LOWER_CODE = re.compile(r"\b(?:the|in|across|around|for)\s+([a-z]{2,3})\s+(market|metro|dma|area)s?\b")
# (a one-word market's single initial could never be a two- or three-letter code: :func:`placeshort.initials` drops it)
_DMA_INITIALS = {placeshort.initials(k).upper() for k in VOCABULARY["geographies"] if k.endswith(" DMA")} - {""}


def _lower_codes(text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Lower-case place codes said as a market (:data:`_LOWER_CODE`), as "LA market" would be read."""
    return [(m.start(1), f"{m.group(1).upper()} {m.group(2)}") for m in needed.finditer(_LOWER_CODE, text)
            if (m.group(1).upper() in US_STATE_CODES or m.group(1).upper() in _DMA_INITIALS)
            and not any(m.start(1) <= p < m.end(2) for p, _ in found)]


# a market named in lower case before "dma" ("the denver dma", "how many people in the nashville dma"): "DMA" says the
# words before it are a market's name; words that only say which one ("the whole", "each", "our") are not
_LOWER_DMA = re.compile(r"\b((?:[a-z]+[ -]){0,2}[a-z]{3,})\s+dma\b")
_NOT_A_NAME = frozenset("the a an this that these those each every any one per whole entire same our my your their its his her "
                        "which what whose local home target test control largest biggest smallest top bottom given single "
                        "nearest next other another new old own big small large in of for and or by to at from across "
                        "within around near just only solely mainly mostly primarily".split())


def _lower_dmas(text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Markets typed in lower case before "dma" (:data:`_LOWER_DMA`), as "Denver DMA" would be read."""
    out = []
    for m in needed.finditer(_LOWER_DMA, text):  # only where "dma" is said (agent.offline.needed)
        words = re.split(r"[ -]", m.group(1))
        while words and words[0] in _NOT_A_NAME:
            words = words[1:]
        start = m.end(1) - len(" ".join(words)) if words else m.end(1)
        if words and words[-1] not in _NOT_A_NAME and not any(m.start() <= p < m.end() for p, _ in found):
            out.append((start, " ".join(w.capitalize() for w in words) + " DMA"))
    return out


def geographies(text: str) -> list[tuple[int, str]]:
    """(position, place) of each place ``text`` names, in order; a fresh list of a reading kept per text and what a
    reading depends on besides it (:func:`~agent.offline.readingstate.key`: the KB's declared labels, its markets,
    whether the encoder is off — a city in lower case is read by meaning, :mod:`~agent.offline.placemeant`): the
    readers before the parse ask it of a turn's message on each model call of the turn."""
    return list(_geographies(text, readingstate.key()))


@lru_cache(maxsize=4096)
def _geographies(text: str, state: tuple) -> tuple[tuple[int, str], ...]:
    found = positions(text, VOCABULARY["geographies"])
    found += _clipped(text, found)
    found += _lower_codes(text, found)
    found += _lower_dmas(text, found)
    codes = bool(_CODE_CUE.search(text))
    for m in _CODE_PLACE.finditer(text) if codes else ():
        code = _code(m)
        if code and not any(m.start() <= p < m.end() for p, _ in found):
            # "the LA market", "LA DMA": the place as said, for the sizing tool to read (a DMA first)
            found.append((m.start(), f"{code} {m.group(2).lower()}" if m.group(2) else code))
    for m in _NAMED_MARKET.finditer(text) if _named_cue(text) else ():
        if not any(m.start() <= p < m.end() for p, _ in found) and _a_place_name(m):
            found.append((m.start(), f"{m.group(1)} {'DMA' if m.group(2).lower() == 'dma' else m.group(2).lower()}"
                          if m.group(1) else m.group(3) or m.group(4)))
    for m in _SHARED.finditer(text) if codes else ():  # "the LA and Chicago DMAs": the code shares the plural's kind
        if m.group(1) not in _NOT_PLACE and not any(m.start() <= p < m.end(1) for p, _ in found):
            found.append((m.start(), f"{m.group(1)} {m.group(2).lower()}"))
    for m in _NATION.finditer(text):
        found.append((m.start(), "United States"))
    found += [(p, name) for p, name in world_places(text)
              if not any(p <= q < p + len(name) or q <= p < q + len(g) for q, g in found)]
    found += placemeant.lower_case(text, found)  # "in lisbon": a city no list holds, by what it means
    return tuple(sorted(found))


def _a_place_name(m: re.Match) -> bool:
    """A capitalised name said as a market or after "in" that names no platform, vertical, metric,
    month or step ("in Phoenix", not "in Google" or "in March")."""
    name = m.group(1) or m.group(3) or m.group(4)
    return not _NOT_NAMED_PLACE.match(name) and not any(
        positions(name, VOCABULARY[t]) for t in ("platforms", "verticals", "metrics", "audiences"))


@lru_cache(maxsize=4096)
def without_places(text: str) -> str:
    """``text`` with the places it names blanked out, to read what else it says. Cached (a pure function
    of the text): the memory reads every earlier message of the conversation again on each turn."""
    out = _CODE_PLACE.sub(lambda m: " " * len(m.group(0)) if _code(m) else m.group(0), text) if _CODE_CUE.search(text) else text
    out = _SHARED.sub(lambda m: m.group(0) if m.group(1) in _NOT_PLACE else "  " + m.group(0)[2:], out) if _CODE_CUE.search(out) else out
    out = _NATION.sub(lambda m: " " * len(m.group(0)), out)
    out = _NAMED_MARKET.sub(lambda m: " " * len(m.group(0)) if _a_place_name(m) else m.group(0), out) if _named_cue(out) else out
    for p, name in world_places(out):  # a country or region typed in any case: "in germany"
        out = out[:p] + " " * len(name) + out[p + len(name):]
    for p, said in _clipped(out, []) + _lower_codes(out, []) + _lower_dmas(out, []):
        n = len(said) if said.lower() == out[p:p + len(said)].lower() else len(re.match(r"[a-z]+", out[p:], re.I).group(0))
        kind = re.search(r"(?:\b(?:the|whole|entire)\s+)*\bstate of\s+$", out[:p], re.I)  # "the whole state of penn": all place
        p, n = (kind.start(), n + p - kind.start()) if kind else (p, n)
        out = out[:p] + " " * n + out[p + n:]
    pat = any_term(VOCABULARY["geographies"])
    if len(out.lower()) != len(out):
        return pat.sub(" ", out.lower())
    for m in reversed(list(pat.finditer(out.lower()))):
        out = out[:m.start()] + " " * (m.end() - m.start()) + out[m.end():]
    return out


# a place named only by its kind: "statewide", "the whole state", "just the metro", "DMA-level"
_KIND = (("state", re.compile(r"\bstate-?wide\b|\b(?:whole|entire|the|that) state\b|\bstate[- ]level\b", re.I)),
         ("dma", re.compile(r"\b(?:the|that|its) (?:dma|metro|metro area)\b|\bmetro-?wide\b|\bdma[- ]level\b", re.I)))


def blanked(text: str, place: str) -> str:
    """``text`` with ``place`` (as typed, any case) blanked out, to read what else the message says."""
    return placeshort.blank(place_as_typed(place).sub(lambda m: " " * len(m.group(0)), text), place)  # "cali", "ny" too


def sized_place(text: str, sized: list[str]) -> str | None:
    """The one place of ``sized`` (where the tool said the last audience is also sized) the message names
    in full, in any case ("and boise", "san antonio?"): people type a market in lower case, and a place the
    KB sizes that very audience for is known to be a place; else the one it names by its kind
    (:func:`place_of_kind`), else the one it names by a short form (``placeshort``: "cali", "ny"), else None."""
    low = " ".join((text or "").split())
    named = [g for g in sized if place_as_typed(g).search(low)]
    if len(named) == 1:
        return named[0]
    return place_of_kind(text, sized) or (None if named else placeshort.said_short(low, sized))  # "and cali", "ny state"


def place_of_kind(text: str, sized: list[str]) -> str | None:
    """The one place of ``sized`` (where the tool said the audience is also sized) of the kind the
    message names without naming the place ("and statewide?" after a DMA: the state), else None."""
    kind = next((k for k, pat in _KIND if pat.search(text)), None)
    if kind is None:
        return None
    states = {s.lower() for s in US_STATE_CODES.values()}
    fits = [g for g in sized if (g.lower() in states if kind == "state" else g.lower().endswith(" dma"))]
    return fits[0] if len(fits) == 1 else None


# what asking for the same figure again says besides the place: "what does that look like", "roughly",
# "what would it come to", "ballpark"
_AGAIN_WORDS = set(terms("look like would be come comes came to roughly approximately approx about around ballpark "
                         "estimate guess then instead there across over figure picture does do did is are was were "
                         "more less what whats number size count total same "
                         "run rerun redo pull grab fetch show give check"))  # asked again as a request: "can you run that for …"
# the figure just given, pointed at: "that", "it", or "the number", "the same figure" ("whats the number for california")
_POINTS_AT_LAST = re.compile(r"\b(?:that|it|this|those|them|they|these)\b|\bthe (?:same |[a-z]+ )?(?:number|figure|size|count|total)s?\b|"
                             r"^\W*(?:[a-z]+\s+)?(?:number|figure|size|count|total)s?\W*$",  # "national figure?": a place, then the figure
                             re.I)


def same_figure_elsewhere(text: str, rest: set[str]) -> bool:
    """"What does that look like nationwide, roughly?", "what would it be across the whole country?": a
    message pointing back at the figure just given ("that", "it", or the figure named after a place alone: "national
    figure?") whose other words (``rest``: those that
    are not places or slots) only ask for it again, roughly — the same figure, for the place it names."""
    return bool(_POINTS_AT_LAST.search(text)) and not (rest - _AGAIN_WORDS)

"""Countries and world regions outside the United States, as users type them — in lower case too
("cpm in germany", "how many new parents in brazil", "across latin america").

Why a module: the place readers (:mod:`agent.offline.places`) know a place by the vocabulary's
US states and DMAs, or by a capital letter after "in". People type names in lower case, so a
country typed "germany" was no place at all: the audience look-up sized the national (US)
audience and the benchmark answer quoted US planning ranges without saying they are not the
market asked about. A world place is read here only where English says a place (after a
preposition of place, or before "market"), so a name that is also a common word ("turkey",
"chile", "china" as tableware) is left out or needs that context. The names are general
knowledge, not any knowledge base's; whether a KB has figures for the place is for the look-ups
and :mod:`agent.offline.gaps` to judge from the KB's own text.
"""
from __future__ import annotations

import re
from functools import lru_cache

# countries and regions, lower case; names that are also everyday English words are left out
# (turkey, chile, jordan, chad, guinea, niger, georgia — the last is a US state)
_NAMES = (
    "afghanistan", "albania", "algeria", "andorra", "angola", "argentina", "armenia", "australia", "austria",
    "azerbaijan", "bahamas", "bahrain", "bangladesh", "barbados", "belarus", "belgium", "belize", "benin", "bhutan",
    "bolivia", "bosnia", "botswana", "brazil", "brunei", "bulgaria", "burkina faso", "burundi", "cambodia",
    "cameroon", "canada", "colombia", "costa rica", "croatia", "cuba", "cyprus", "czech republic", "czechia",
    "denmark", "dominican republic", "ecuador", "egypt", "el salvador", "england", "estonia", "ethiopia", "fiji",
    "finland", "france", "germany", "ghana", "greece", "guatemala", "haiti", "honduras", "hong kong", "hungary",
    "iceland", "india", "indonesia", "iran", "iraq", "ireland", "israel", "italy", "ivory coast", "jamaica", "japan",
    "kazakhstan", "kenya", "kuwait", "laos", "latvia", "lebanon", "liberia", "libya", "lithuania", "luxembourg",
    "madagascar", "malawi", "malaysia", "maldives", "mali", "malta", "mauritius", "mexico", "moldova", "monaco",
    "mongolia", "montenegro", "morocco", "mozambique", "myanmar", "namibia", "nepal", "netherlands", "holland",
    "new zealand", "nicaragua", "nigeria", "north korea", "norway", "oman", "pakistan", "panama", "paraguay", "peru",
    "philippines", "poland", "portugal", "puerto rico", "qatar", "romania", "russia", "rwanda", "saudi arabia",
    "scotland", "senegal", "serbia", "singapore", "slovakia", "slovenia", "somalia", "south africa", "south korea",
    "korea", "spain", "sri lanka", "sudan", "sweden", "switzerland", "syria", "taiwan", "tanzania", "thailand",
    "trinidad", "tunisia", "uganda", "ukraine", "united arab emirates", "uae", "united kingdom", "uk", "britain",
    "great britain", "uruguay", "uzbekistan", "venezuela", "vietnam", "wales", "yemen", "zambia", "zimbabwe",
    "china", "europe", "asia", "africa", "latin america", "south america", "central america", "the middle east",
    "middle east", "scandinavia", "the caribbean", "caribbean", "oceania", "emea", "apac", "latam", "the eu",
)
_NAME = "|".join(sorted((re.escape(n) for n in _NAMES), key=len, reverse=True))
# a name where English says a place: after a preposition of place ("in germany", "across the uk",
# "for canada", "outside europe"), or before "market(s)" / "audience" ("the brazil market")
_IN_CONTEXT = re.compile(rf"(?:\b(?:in|across|throughout|within|for|to|into|outside|out of|from|around|all over)\s+"
                         rf"(?:the\s+)?)(?P<a>{_NAME})\b|\b(?P<b>{_NAME})\s+(?:market|markets|audiences?|consumers|users)\b",
                         re.I)
# the same, less the names before "market(s)" / "audience": for a message that says none of those words (ASCII, so
# its lower case is what the case-blind match reads), where the second branch cannot match and the first finds the
# same places ~10× faster (the second tries every name at every word)
_AFTER_PREP = re.compile(_IN_CONTEXT.pattern[:_IN_CONTEXT.pattern.index(r"|\b(?P<b>")], re.I)
_KIND_WORDS = ("market", "audience", "consumers", "users")
_ACRONYM = {"uk": "UK", "uae": "UAE", "emea": "EMEA", "apac": "APAC", "latam": "LATAM", "the eu": "the EU"}


def _display(name: str) -> str:
    low = name.lower()
    return _ACRONYM.get(low) or " ".join(w if w == "the" else w.capitalize() for w in low.split())


@lru_cache(maxsize=4096)
def world_places(text: str) -> tuple[tuple[int, str], ...]:
    """(position, name as a place) of each country or world region ``text`` names where English
    says a place, any case: "cpm in germany" → (7, "Germany")."""
    out, text = [], text or ""
    low = text.lower() if text.isascii() else None
    form = _AFTER_PREP if low is not None and not any(w in low for w in _KIND_WORDS) else _IN_CONTEXT
    for m in form.finditer(text):
        key = "a" if m.group("a") else "b"
        out.append((m.start(key), _display(m.group(key))))
    return tuple(out)


_WHOLE = re.compile(rf"(?:the\s+)?(?:{_NAME})(?:\s+(?:market|markets))?", re.I)


def is_world_place(phrase: str) -> bool:
    """Is the phrase, whole, a country or world region ("uk", "the uk market")? A phrase a reader took
    for a business or a vertical ("and for the uk?") names a market instead."""
    return bool(_WHOLE.fullmatch((phrase or "").strip()))

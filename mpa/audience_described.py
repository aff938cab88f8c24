"""An audience described by what its people are, matched against what the KB says each sized
audience *is*: "people aged 19 to 22 studying at university" is the row "College students (ages
18–24, enrolled)" although it names none of the row's words but "college"'s meaning.

Why: users describe the people they want ("teenagers who game every week") more often than they
name a table row ("Gen Z gamers"), and a KB's audience table says what each row holds — its label's
parentheses ("ages 13–27, play weekly"), the qualifiers of its size ("× 70% play video games
weekly"), a "Definition:" line under a heading, or the label itself when it is a description ("adults
who take two or more leisure trips a year"). Matching the description against those texts is the
KB's own definition at work, so no audience word list is needed and another KB's rows work alike.

Conservative, because a near miss is worse than no answer (:mod:`mpa.audience_lookups`): an age band
the user states that the row's band excludes rules the row out; the row must share a behaviour word
with the description (by stem, a word one begins the other — "game"/"gamers" — or, for a word with
no such partner, a close meaning — "university"/"college"); and, unless the row's stated age band
agrees with the user's, two thirds of the description's content words must be the row's; and only
a unique best row answers; a single word is a name, not a description, and is left to the name rules.
"""
from __future__ import annotations

import re
from typing import Callable, Mapping

from mpa import resolve
from rag.anyword import any_word

# words that say who a person is generically, how a question is asked, or that only state an age:
# they carry no behaviour to match
_FILLER = {"peopl", "person", "folk", "adult", "individu", "men", "women", "resid", "popul", "household", "home",
           "famili", "user", "consum", "custom", "audienc", "segment", "group", "crowd", "type", "kind", "live", "reside",
           "year", "old", "age", "ag", "aged", "teen", "teenag", "actual", "realli", "current", "current", "just",
           "mostli", "roughli", "size", "mani", "number", "count", "total", "market", "area", "region", "state",
           "new", "first", "time", "plan", "buyer", "owner"}  # as generic in a description as in a row's name
_DECADES = {"twenti": 20, "thirti": 30, "forti": 40, "fifti": 50, "sixti": 60, "seventi": 70, "eighti": 80}
_DECADE_START = {"twent": 20, "thirt": 30, "fort": 40, "fift": 50, "sixt": 60, "sevent": 70, "eight": 80}
_DECADE = re.compile(r"\b(twent|thirt|fort|fift|sixt|sevent|eight)(?:y|ies|ysomethings?)\b", re.I)
_DECADE_SAID = re.compile(r"\b(?:twent|thirt|fort|fift|sixt|sevent|eight)y[- ]somethings?\b")  # an age, not a behaviour
_SPAN = re.compile(r"\b(\d{2})\s*(?:-|–|—|to|and)\s*(\d{2})(?=\s*(?:years?|yrs?|-year|\b))", re.I)
_FROM = re.compile(r"\b(\d{2})\s*(?:\+|plus\b|(?:years?\s+)?(?:and|or)\s+(?:older|over|above|up)\b)", re.I)
_OVER = re.compile(r"\b(?:over|above|older than|at least)\s+(\d{2})\b", re.I)
_UNDER = re.compile(r"\b(?:under|below|younger than)\s+(\d{2})\b", re.I)
_TEENS = re.compile(r"\bteen(?:s|agers?)?\b", re.I)
_AGE_CUE = any_word("ages?", "aged", "adults?", "olds?", "years?", "people", "students?", "kids?", "children", "child")
MEANING_WORD = 0.70   # a description word and a row word this near in meaning are the same behaviour
OLDEST = 120
_ANY_ADULT = {(18, OLDEST), (21, OLDEST)}


def query_band(text: str) -> tuple[int, int] | None:
    """The ages a description states, as one span covering all it names: "18 to 24 year olds" →
    (18, 24); "teens and twentysomethings" → (13, 29); "over 60" → (61, 120); None when it states
    no age."""
    low = text or ""
    bands: list[tuple[int, int]] = []
    for m in _SPAN.finditer(low):
        lo, hi = int(m.group(1)), int(m.group(2))
        if lo < hi and _AGE_CUE.search(low[m.end():m.end() + 14] + " " + low[max(0, m.start() - 10):m.start()]):
            bands.append((lo, hi))
    bands += [(int(m.group(1)), OLDEST) for m in _FROM.finditer(low)]
    bands += [(int(m.group(1)) + 1, OLDEST) for m in _OVER.finditer(low)]
    bands += [(0, int(m.group(1)) - 1) for m in _UNDER.finditer(low) if _AGE_CUE.search(low)]
    for m in _DECADE.finditer(low):
        start = _DECADE_START[m.group(1).lower()]
        bands.append((start, start + 9))
    if _TEENS.search(low):
        bands.append((13, 19))
    if not bands:
        return None
    return min(b[0] for b in bands), max(b[1] for b in bands)


def row_band(text: str) -> tuple[int, int] | None:
    """The age band a row's label or definition states ("ages 13–27" → (13, 27), "Adults 65 and
    older" → (65, 120), "adults 18-54 who …" → (18, 54)): the first one it states — a later one is
    about someone else ("… with a parent aged 75 or older")."""
    low = text or ""
    found: list[tuple[int, tuple[int, int]]] = []
    for m in _SPAN.finditer(low):
        if int(m.group(1)) < int(m.group(2)) and _AGE_CUE.search(low[max(0, m.start() - 10):m.start()]
                                                                 + " " + low[m.end():m.end() + 10]):
            found.append((m.start(), (int(m.group(1)), int(m.group(2)))))
    for m in _FROM.finditer(low):
        found.append((m.start(), (int(m.group(1)), OLDEST)))
    return min(found)[1] if found else None


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(a[0], b[0]) <= min(a[1], b[1])


def _content(text: str, generic: bool = False) -> dict[str, str]:
    """Stem → the word it came from, for the description's behaviour words (no ages, no people words);
    with ``generic``, its generic words (:data:`_FILLER`) instead."""
    out: dict[str, str] = {}
    for w in re.findall(r"[a-z][a-z'’]*", _DECADE_SAID.sub(" ", (text or "").lower()).replace("-", " ")):
        st = resolve.terms(w)
        if not st:
            continue
        s = next(iter(st))
        if (s in _FILLER) != generic or s in _DECADES or _DECADE.fullmatch(w) or len(s) < 3:
            continue
        out.setdefault(s, w)
    return out


_PLURAL_S = re.compile(r"s$")  # compiled once: _same runs for every query word against every row word


def _same(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Two (stem, word) pairs are one word: equal stems or the shared-prefix rule of
    :func:`mpa.resolve.same_word`, or one word (less a plural "s") beginning the other ("games" /
    "gamers", "week" / "weekly"; not "studying" / "studio")."""
    if resolve.same_word(a[0], b[0]):
        return True
    short, long_ = sorted((_PLURAL_S.sub("", a[1]), _PLURAL_S.sub("", b[1])), key=len)
    return len(short) >= 4 and long_.startswith(short)


def words_said(query: dict[str, str], row: dict[str, str], generic: dict[str, str] | None = None) -> set[str]:
    """The description's stems the row's text has: by stem, else by the meaning of the words — of the row's
    behaviour words, and of its generic words (``generic``) once a behaviour word is said: "a house" is the
    "home" of "closed on a home purchase" when "bought" is its "purchase", but "home" alone matches nothing."""
    hit = {q for q in query if any(_same((q, query[q]), (r, w)) for r, w in row.items())}
    rest = [q for q in query if q not in hit]
    words = sorted(set(row.values()))
    for q in list(rest):
        sims = resolve.similarities(query[q], words) if words else None
        if sims and max(sims) >= MEANING_WORD:
            hit.add(q)
            rest.remove(q)
    extra = sorted(set((generic or {}).values()) - set(words))
    for q in rest if hit and extra else ():
        sims = resolve.similarities(query[q], extra)
        if sims and max(sims) >= MEANING_WORD:
            hit.add(q)
    return hit


def described(query: str, definitions: Mapping[str, str], keep: Callable[[str], bool] | None = None) -> str | None:
    """The one key of ``definitions`` (key → everything the KB says the audience is) that the
    description ``query`` fits, else None (see the module doc for the rules); of the keys ``keep``
    (given) allows — those that count what the query names (:func:`mpa.audience_unsaid.keeper`)."""
    q = _content(query)
    band = query_band(query)
    if band and not q:  # "teens and twenty-somethings": ages only — the one row whose ages they mostly are
        return by_ages(band, definitions, keep)
    if len(q) < 2:  # one word is a name ("homeowners"), which the name rules read; a description says more
        return defined_as(query, q, definitions, keep)
    scored: list[tuple[tuple, str]] = []
    for key, text in definitions.items():
        rb = row_band(text)
        if band and rb and not _overlap(band, rb):
            continue  # the user's ages are not the row's
        hits = words_said(q, _content(text), _content(text, generic=True))
        if not hits or (keep is not None and not keep(key)):  # "video game developers" are not the gamers
            continue
        aged = bool(band and rb and rb not in _ANY_ADULT)  # "adults 18+" says no more than "people"
        share = len(hits) / len(q)
        if not aged and share < 2 / 3:
            continue
        if aged and share < 1 / 2:
            continue
        scored.append(((aged, share, len(hits)), key))
    scored.sort(reverse=True)
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def by_ages(band: tuple[int, int], definitions: Mapping[str, str], keep: Callable[[str], bool] | None = None) -> str | None:
    """The one key whose stated ages share most of theirs with ``band`` (shared years over the years of both, at least
    half), clearly more than any other key's — or as much, but stated in its own label ("residents aged 15 to 29",
    not "residents", whose text only borrowed a caption's ages); None otherwise."""
    scored = []
    for key, text in definitions.items():
        rb = row_band(key) or row_band(text)
        if rb and rb not in _ANY_ADULT and _overlap(band, rb) and (keep is None or keep(key)):
            shared = min(band[1], rb[1]) - max(band[0], rb[0]) + 1
            scored.append((shared / (max(band[1], rb[1]) - min(band[0], rb[0]) + 1), row_band(key) is not None, key))
    scored.sort(reverse=True)
    if not scored or scored[0][0] < 0.5:
        return None
    best = scored[0]
    if all(r < best[0] / 2 or (r == best[0] and best[1] and not own) for r, own, _ in scored[1:]):
        return best[2]
    return None


def defined_as(query: str, content: dict[str, str], definitions: Mapping[str, str],
               keep: Callable[[str], bool] | None = None) -> str | None:
    """The one key whose text beyond its label says ``query`` word for word ("engaged adults" of "ADULTS PLANNING
    A WEDDING … / Definition: engaged adults aged 22-45 …"): a KB's definition names its audience in more words
    than its label, and a user may ask by those. Two words at least, one of them a behaviour word; None when no
    key's text, or more than one, says it, or when a label itself does (the name rules' case)."""
    words = re.findall(r"[a-z0-9]+", (query or "").lower())
    if len(words) < 2 or not content:
        return None
    pat = re.compile(r"(?<![a-z0-9])" + r"[^a-z0-9]+".join(map(re.escape, words)) + r"(?![a-z0-9])")
    if any(pat.search(k.lower()) for k in definitions):
        return None  # a label says the words: the name rules decide between the labels
    found = [k for k, text in definitions.items()
             if pat.search(text.lower()[len(k):]) and (keep is None or keep(k))]
    return found[0] if len(found) == 1 else None


def fact_definitions(aud: list, texts: Mapping[str, str]) -> dict[str, str]:
    """Audience label → what the KB says it is, for sizes read from lists and sentences
    (:mod:`mpa.audience_facts`): the label, each size's qualifier ("own or lease at least one horse")
    or the sentence it was read from, and the lines between the label's heading and its first size
    ("Definition: adults 18-54 who …")."""
    out: dict[str, str] = {}
    listed: set[str] = set()
    for f in sorted(aud, key=lambda f: f.start):
        label = f.audience or ""
        if not label or label.lower() == "population":
            continue
        if label not in out:
            text = texts.get(f.source, "")
            head = text.lower().rfind(label.lower(), 0, f.start)
            block = text[head + len(label):f.start] if 0 <= head and f.start - head < 600 else ""
            out[label] = " ".join(f"{label} {block}".split())
        # a size read from a sentence: the whole sentence says who it counts ("…, the core audience for
        # online degree-completion programs")
        said = " ".join(texts.get(f.source, "")[f.start:f.end].split()) if f.form == "sentence" else f.qualifier
        if f.form == "sentence" and ";" in said:  # of a sentence listing several counts, the clause stating this one
            said = next((c for c in said.split(";") if f.value and f.value in c), said)
        if f.form == "sentence" and label in listed:
            continue  # a list already says who it counts; the sentence may name other audiences too ("…; Opolskie holds
            # about 190,000 pet-owning households; Jeju counts about 41,000 adults aged 70 …")
        if f.form != "sentence":
            listed.add(label)
        if said and said not in out[label]:
            out[label] += " " + said
    return out

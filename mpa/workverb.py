"""Work done on goods names a service trade, not the goods' trade: "we deep-clean the lobbies of hotels" is no hotel.

Why: a user says what their business does as a verb and its object. When the verb is one by which goods are the
business's own — it sells, makes, publishes, runs, rents out or hosts them (:data:`OWN_GOODS`) — the object names the
business's trade ("we publish strategy games": gaming). Any other verb is work done *on* the object ("deep-clean",
"calibrate", "hem and mend", "refurbish"), and the business is the trade of that work: a cleaner of hotel lobbies, a
calibrator of bank vaults, a tailor. A vertical or label reached through the object's words ("hotels", "bank",
"Apparel", "Fitness and Gyms") is then the customer's goods, and its figures are another trade's —
unless the label itself names that work: the rest of the label, beyond the words the object says, shares the verb's
root ("clean houses" and "House Cleaning Services") or the sentence encoder finds it the same work ("fix … garage door
springs" and "Garage Door Repair" 0.63; "bathe and trim dogs" and "Dog Grooming" 0.50; other trades' work measured
0.18-0.40: "inspect" and "Installers", "repair" and "Consumer", "audit" and "financial services").

Read by grammar: the verb is the word after the subject ("we", "I", or "who" after a self-description); the
verbs of owning goods are a closed class of English verbs, no business names. Without an encoder the word match
stands, as in :mod:`mpa.labelmeaning`. A label whose rest only says a business's form ("Roofing Contractors") names those who work on its
goods, and a KB sentence that names the label's doers of the work ("Solar … installers") keeps it too.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from mpa.labelwords import parts, root, stems
from mpa.resolve import similarities

# verbs by which the goods named after them are the business's own: selling, making, running, renting out, hosting,
# teaching or handling them ("we handle divorces") — the object then names the trade. The analyzer's stems, so "sells", "selling", "sold" … compare
_OWN_WORDS = frozenset("""sell sold make made produce manufacture build built develop publish create brew bake grow grew
    roast craft distribute import export wholesale supply stock carry offer provide run ran own operate manage host open
    launch rent lease license issue book serve teach taught train tutor handle ship""".split())
OWN_GOODS = frozenset(s for w in _OWN_WORDS for s in stems(w))  # (a stop word has no stem: "own", "made" by form)
# words after a subject that are no work on an object: grammar, wanting, paying and asking, adverbs of scope
NOT_WORK = frozenset("""are am is was were be been have has had want wants need needs would will can could should might
    may must do does did spend spent pay paid get got see saw use used plan hope try tried expect know think budget put
    look looking ask asked advertise advertised market marketed promote promoted work worked just also only mostly
    mainly now still primarily largely actually all both often usually typically generally basically then really
    currently""".split())
# the same work in other words: the label's rest and the verb(s) at least this near ("fix" and "Repair" 0.63, "bathe
# and trim" and "Grooming" 0.50); another trade's work measured 0.18-0.40
SAME_WORK = 0.45
_ADVERB = r"(?:(?:also|mostly|mainly|only|just|now|still|primarily|largely|actually|often|usually) )?"
# "we calibrate …", "I refurbish …", "who frames …", "we hem and mend …", "we rent out …": the verb(s), then the
# object up to the end of its clause (a preposition of whom/where/how, a comma, a new clause) — "of" stays inside it:
# "the kitchens of hotels"
_WORK = re.compile(
    r"\b(?:we|i|who(?=\s+" + _ADVERB + r"[a-z]+s\b))\s+" + _ADVERB + r"(?P<verbs>[a-z][a-z\-]+(?: (?:out|up|off|back|down))?"
    r"(?: and [a-z][a-z\-]+(?: (?:out|up|off|back|down))?)?)\s+"
    r"(?P<obj>(?:(?:the|some|a|an)\s+)?(?!(?:for|to|at|in|on|with|from|by|and|or|but|so|a|an|the|our|my|"
    r"we|i|it|them|us|you|what|how|that|this|these|those|more|less|against|about|into|onto|over|through|across|"
    r"around|between|among|via|per|within|without|under|after|before|as|like|than|up|out|off|back|down|well|"
    r"better|worse|much|many|too|very|not|no|never|any|all|each|every|here|there|if|when|where|why|who|which)\b)"
    r"[a-z][a-z\-']*"
    r"(?:,? (?!(?:for|to|at|in|on|with|from|by|but|so|who|that|which|what|how|while|when|where|like|we|i|is|are|"
    r"was|typical|typically|usual|normal)\b)[a-z][a-z\-']*){0,6})", re.I)


# the words a label's rest may hold that say only the form a business takes ("Contractors", "Companies"): a label of
# such a form names those who do work on its other words' goods
_FORMS = frozenset(root(s) for w in """contractors companies services firms agencies providers specialists professionals
    businesses pros experts""".split() for s in stems(w))
_PARTS = {"and", "the", "for", "with"}
_DOERS = re.compile(r"\b[a-z]{3,}(?:er|or)s?\b", re.I)   # "installers": those who do a work, as a KB names them


def _verbs(said: str) -> list[str]:
    return [w for w in re.split(r"\s+and\s+", said.lower()) if w]


@lru_cache(maxsize=1024)
def works(text: str) -> tuple[tuple[str, int, int], ...]:
    """(verbs, start, end of the object) of each clause of ``text`` saying work done on an object (module doc):
    the verb(s) as written ("calibrate", "hem and mend"), none of them a verb of owning goods."""
    out = []
    for m in _WORK.finditer(text or ""):
        verbs = _verbs(m.group("verbs"))
        heads = [v.split()[0] for v in verbs]
        if any(h in NOT_WORK or owning(h) for h in heads):
            continue
        end = m.end("obj")
        for k in re.finditer(r"\s+and\s+([a-z]+)\b", m.group("obj"), re.I):  # "wills and handle divorces": a clause of
            if owning(k.group(1).lower()) or k.group(1).lower() in NOT_WORK:  # its own, whose goods are the trade's
                end = m.start("obj") + k.start()
                break
        out.append((" and ".join(verbs), m.start("obj"), end))
    return tuple(out)


def owning(verb: str) -> bool:
    """Is ``verb`` (any inflection) one of :data:`OWN_GOODS`?"""
    forms = {verb, re.sub(r"(?:e?s|ed|ing)$", "", verb), re.sub(r"(?:s|d|ing)$", "", verb)}
    return bool(forms & _OWN_WORDS or set(stems(verb)) & OWN_GOODS)


def _roots(text: str) -> set[str]:
    return {root(s) for s in stems(text)}


def other_work(verbs: str, obj: str, name: str, also: tuple[str, ...] = (), said_of: tuple[str, ...] = ()) -> bool:
    """Is ``name`` (a KB label or a vertical's name; ``also``: the other names that reach it, as the vocabulary's
    synonyms reach a vertical), reached through ``obj``'s words, the goods' trade rather than the trade of the work
    ``verbs`` does on them (module doc)? False when the object says none of its words, and when the rest of the label
    only says the form of a business ("Roofing Contractors": roofing done as work is that trade's), or when the KB's own
    sentences about it (``said_of``) name the doers of the work ("Solar …: too few installers met the spend floor")."""
    said = {r for n in (name, *also) for p in parts(n) for r in stems(p)}
    if not said & set(stems(obj)):
        return False   # reached by meaning (or by a root alone: "high schoolers", "higher education"): other rules'
    mine = _roots(obj)
    rest = [w for w in re.findall(r"[A-Za-z]{3,}", name) if not _roots(w) & mine and w.lower() not in _PARTS]
    work = {r for v in _verbs(verbs) for r in _roots(v.split()[0])}
    if any(_roots(w) & work for w in rest) or (rest and all(_roots(w) & _FORMS for w in rest)) \
            or any(_roots(w) & work for t in said_of for w in _DOERS.findall(t)):
        return False   # "clean two houses": "House Cleaning Services" names the work; "patch roofs": "Roofing Contractors"
    sims = similarities(verbs, [" ".join(rest) or name])
    return sims is not None and (not rest or max(sims) < SAME_WORK)   # without an encoder the word match stands


def worked_on(text: str, at: int, name: str, also: tuple[str, ...] = ()) -> bool:
    """Is the name said at ``at`` in ``text`` inside the object of work (:func:`works`) that ``name`` does not
    name — the goods a service works on, not the user's trade?"""
    return any(s <= at < e and other_work(v, text[s:e], name, also) for v, s, e in works(text))


def set_aside(phrase: str, name: str, texts: "Iterable[str]" = ()) -> bool:
    """Does the sentence ``phrase`` ("we calibrate bank vaults") say ``name`` — a KB label, or a vertical with the
    vocabulary's names for it — only as goods its work is done on (:func:`other_work`)? The benchmark tool's check,
    for each way a phrase reaches a vertical: a vocabulary name inside it, a label rule, or meaning. ``texts``: the
    KB's documents, whose sentences naming ``name`` may say the work is that vertical's."""
    from mpa.vocabulary import VOCABULARY
    key = name.lower().replace(" ", "-")
    also = tuple(VOCABULARY["verticals"].get(key, ()))
    found = works(phrase)
    said_of = _said_of(name.replace("-", " "), tuple(texts)) if found and texts else ()
    return any(other_work(v, phrase[s:e], name.replace("-", " "), also, said_of) for v, s, e in found)


@lru_cache(maxsize=256)
def _said_of(name: str, texts: tuple[str, ...]) -> tuple[str, ...]:
    """The KB's sentences that say ``name`` in full ("Solar is missing from the Bing Ads list because too few installers
    met the spend floor"), and the title line of each document that says it: a document titled "HOME SECURITY AND SMART
    HOME INSTALLERS" lists its "Monitored Alarm Systems" as kinds of installers, so "we install monitored alarm
    systems" is that trade, not goods worked on."""
    from rag.sentences import loose_sentences
    low = name.lower()
    said = [s for t in texts for s in loose_sentences(t) if low in s.lower()]
    return tuple(said + [_title(t) for t in texts if low in t.lower()])


def _title(text: str) -> str:
    """A document's first non-empty line (its title)."""
    return next((ln for ln in text.splitlines() if ln.strip()), "")


_OWNED = re.compile(r"^\s*(?:we|i)\s+" + _ADVERB + r"(?P<verb>[a-z]+)(?: (?:out|up|off|back))?\s+(?P<goods>\S.*)$", re.I)


def goods_only(phrase: str) -> str | None:
    """The goods of a sentence whose verb owns them, without the verb: "we rent out kayaks by the hour" → "kayaks by
    the hour"; None when ``phrase`` is no such sentence. Why: that verb only says how the goods are
    sold ("rent out" is near "vacation rentals" by meaning); the goods name the trade, so a vertical found for the
    sentence must be the one its goods alone find."""
    m = _OWNED.match(phrase or "")
    return m.group("goods") if m and owning(m.group("verb").lower()) else None

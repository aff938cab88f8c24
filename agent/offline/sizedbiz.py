"""A business said with its size or its clientele in front of its name, read as the kind of business it is.

Why: people describe their business the way they would to a friend, and the words they put before its name
say how big it is or whom it serves, not what it is — "a 12 room inn", "our 40-key hotel", "a 20-table bistro",
"a six chair salon" (a count of the units it has), "a children's dental practice", "a women's health clinic"
(whose), "a dog groomer's shop" (whose shop: the groomer's trade is the business). The sentence forms of
:mod:`agent.offline.business` read a name as plain words: a digit or an apostrophe stops them, so the business
was not read at all, or only a generic word for it was ("places like mine") and the look-up declined. And a
generic word for a business said as the user's own ("places like mine", "spots like ours") only points back to
the business the sentence has already named.

The message is rewritten before the forms read it — the count and its unit dropped, a clientele's possessive
dropped, an owner's name before it dropped ("Rosa's Bakery"), a trade's possessive with the generic place word after it read as the trade, a generic place word
pointing back read as "businesses" (which names none), a group of people of one trade read as the trade ("we're a pair of divorce lawyers"), of two verbs of
work joined by "and" the one that says
what is sold ("we roast and sell coffee", "we bake and ship cookies": sell) — and the character spans the caller passed (the metric's
words) are moved with the text, so they still cover the same words.
"""
from __future__ import annotations

import re

from agent.offline.business import _HEAD

_NUM = r"(?:\d{1,4}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a hundred)"
# the things a business counts to say its size: rooms and keys of a lodging, tables and seats of a restaurant, chairs and
# bays of a salon or a garage, beds of a clinic, units and sites of a rental or a campground, lanes, courts, screens
_UNIT = r"(?:rooms?|keys?|bedrooms?|beds?|suites?|cabins?|cottages?|units?|sites?|pitches|tables?|seats?|covers|chairs?|" \
        r"stations?|bays?|lanes?|courts?|screens?|doors?|stalls?|pumps?|acres?|holes?|locations?|stores?|shops?|trucks?|" \
        r"vans?|crews?|doctors?|dentists?|vets?|providers?|lawyers?|attorneys?|agents?|stylists?|therapists?|" \
        r"people|person|staff|employees?)"  # … or the people it employs: "a 2-doctor practice", "a 12-person agency"
# "a 12 room inn", "our 40-key hotel", "a six-chair salon": a count and its unit between the determiner and the name
_SIZED = re.compile(r"\b(?P<d>(?:an?|our|my|the|one|this)(?: (?:small|little|busy|family[- ]run|family[- ]owned|"
                    r"independent|local))?) " + _NUM + r"[- ]" + _UNIT + r"(?:[- ](?:independent|family[- ]run|"
                    r"family[- ]owned|boutique))? (?=[a-z])", re.I)
# whose it is, by a group of people it serves: "a children's dental practice", "kids' haircuts", "a men's barbershop"
_CLIENTELE = re.compile(r"\b(?:children|childrens|kids|women|womens|men|mens|ladies|girls|boys|teens|babies|seniors|"
                        r"gentlemen|veterans|families|pets|dogs|cats)(?:'s|’s|'|’) ?(?=[a-z])", re.I)
# whose shop it is, by a trade (a word for a person who does the work): "a dog groomer's shop", "the florist's store"
_KIN = r"(?:sister|brother|mother|father|daughter|partner|neighbou?r|mom|mum|dad|son|aunt|uncle|cousin|friend|wife|" \
       r"husband|boss|client|colleague|coworker|roommate|owner|founder|manager|customer)"
_TRADE_SHOP = re.compile(r"\b(?P<t>(?!" + _KIN + r"(?:'|’))[a-z]+(?:er|or|ist|ian|smith|maker|wright))(?:'s|’s) "
                         r"(?:shop|store|place|business|studio|office|salon|workshop|practice)\b", re.I)
# whose shop it is, by its owner's name: "I run Rosa's Bakery", "ads for Dr. Patel's dental office" — the name is the
# owner's, the words after it (ending in a word a business's name ends with) the kind; case-true, so "what's" is no name
_OWNER = re.compile(r"\b(?:(?:Dr|Mr|Mrs|Ms)\.? )?[A-Z][a-z]+(?:'s|’s) (?=(?:[A-Za-z&\-]+ ){0,3}?(?i:" + _HEAD + r")\b)")
# a few people of one trade: "we're a pair of divorce lawyers", "we are a team of three roofers" — the trade is the business
_GROUP = re.compile(r"\b(?P<s>we're|we’re|we are) (?:an? )?(?:small |little )?(?:pair|couple|team|group|handful|bunch|duo|trio|"
                    r"crew|band) of (?:" + _NUM + r" )?(?=[a-z])", re.I)
# two verbs of a trade's work joined by "and" before the goods ("we roast and sell coffee", "we design and build decks"):
# the one that names the trade by its goods is read, the other dropped — selling, making, then any other
_WORK = r"(?:sell|make|roast|bake|brew|bottle|design|build|install|repair|fix|grow|craft|print|produce|manufacture|ship|" \
        r"deliver|pack|package|blend|distil|distill|ferment|knit|sew|brand|market|import|distribute|rent|lease)"
_TWO_VERBS = re.compile(r"\b(?P<s>we|i) (?P<a>" + _WORK + r") and (?P<b>" + _WORK + r") (?=[a-z])", re.I)
# a generic word for a business said as the user's own: it points back to the one the message names
_POINTING = re.compile(r"\b(?:places|spots|joints|outfits|operations|setups|establishments)(?= like (?:mine|ours|us|me)\b)",
                       re.I)


def plain(text: str, spans: list[tuple[int, int]]) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with the size and clientele words before a business's name read away (module doc), and ``spans``
    (character spans of ``text``) moved to cover the same words of the result; the text itself when none is said."""
    edits: list[tuple[int, int, str]] = []   # (start, end, replacement) in ``text``, in order, never overlapping
    for m in _SIZED.finditer(text):
        edits.append((m.start(), m.end(), m.group("d") + " "))
    for m in _CLIENTELE.finditer(text):
        edits.append((m.start(), m.end(), ""))
    for m in _TRADE_SHOP.finditer(text):
        edits.append((m.start(), m.end(), m.group("t")))
    for m in _OWNER.finditer(text):
        edits.append((m.start(), m.end(), ""))
    for m in _GROUP.finditer(text):
        edits.append((m.start(), m.end(), m.group("s") + " a "))
    for m in _TWO_VERBS.finditer(text):
        a, b = m.group("a"), m.group("b")
        said = {a.lower(), b.lower()}
        keep = "sell" if said & {"sell", "ship", "deliver"} else "make" if "make" in said else a  # shipping goods sells them
        edits.append((m.start(), m.end(), f"{m.group('s')} {keep} "))
    for m in _POINTING.finditer(text):
        edits.append((m.start(), m.end(), "businesses"))
    if not edits:
        return text, list(spans)
    edits.sort()
    kept, last = [], -1
    for e in edits:
        if e[0] >= last:
            kept.append(e)
            last = e[1]
    out, pos = [], 0
    for s, e, r in kept:
        out += [text[pos:s], r]
        pos = e
    out.append(text[pos:])
    return "".join(out), [(_moved(s, kept), _moved(e, kept)) for s, e in spans]


def _moved(i: int, edits: list[tuple[int, int, str]]) -> int:
    """Where position ``i`` of the text lies after ``edits``: shifted by what each edit before it added or took away
    (a position inside an edit lands at the edit's start)."""
    shift = 0
    for s, e, r in edits:
        if i >= e:
            shift += len(r) - (e - s)
        elif i > s:
            return s + shift
    return i + shift

"""Whom or where a business says it works — "we cater lunches *for hospital staff*", "we wash the windows *at car
dealerships*", "we sell cargo insurance *to freight brokers*" — which names no business of the user's own.

Why: the vertical slot is read from every word of a message (a vocabulary name anywhere, a "for …" phrase, a KB
label said in full). In a sentence where the user says what their business does — a verb and what it works on —
a prepositional phrase after it names the customer ("for game studios", "to freight brokers") or the site of the
work ("at car dealerships", "in hotel lobbies", "on food trucks"), and a vertical named there is not the user's:
a logo designer is no game studio, a caterer no hospital. A wrong vertical gives confident figures for another
trade; with that phrase set aside the business is read from what it does ("logos", "lunches") and, when the KB
covers nothing like it, honestly declined.

Not set aside: work done for one's own business ("for our clinic": a possessive), and the advertising work an agency
does for a client ("we run ads for hotels", "we do marketing for dentists", "we manage google ads for a bank"):
there the client's vertical is exactly what is asked. Nor "we're a … for …": who the user is comes before whom
they serve, and an agency that says so is asking for its clients' figures.
"""
from __future__ import annotations

import re
from functools import lru_cache

from mpa.vocabulary import VOCABULARY, match_terms

# words of grammar and of wanting, paying or asking — no trade's work: "we need a cpc for hotels", "we want leads for"
_NOT_WORK = {"are", "am", "is", "was", "were", "be", "been", "have", "has", "had", "want", "wants", "need", "needs",
             "would", "will", "can", "could", "should", "might", "may", "must", "do", "does", "did", "spend", "spent",
             "pay", "paid", "get", "got", "see", "saw", "use", "used", "plan", "hope", "try", "tried", "expect", "know",
             "think", "budget", "budgeted", "allocate", "put", "look", "looking", "ask", "asked", "advertise",
             "advertised", "market", "marketed", "promote", "promoted", "work", "worked", "just", "also", "only",
             "end", "ended", "wind", "wound", "spending", "paying"}  # "what do I end up spending on ads for …": a cost
# what an agency does for a client: advertising work, whose client's figures are the ones asked
# … or the job one does at it ("I run performance for an online travel agency", "I run online fundraising for an animal
# shelter charity", "I head sales for a bank")
_AD_WORK = re.compile(r"\b(?:ads?|advert\w*|advertising|marketing|campaigns?|seo|ppc|sem|media|search|social|leads?|"
                      r"promotion|promos?|outreach|growth|acquisition|budgets?|money|spend|creative|pr|branding|"
                      r"performance|digital|demand|paid|partnerships?|content|comms|communications|analytics|strategy|"
                      r"sales|ecommerce|e-commerce|fundraising|donors?|donations?|appeals?|membership|enrol+ment|admissions|"
                      r"recruitment|bookings|reservations)\b", re.I)
# one person running a function "for" an organisation works there ("I run logistics for a hospital", "I manage IT for
# a bank"): that organisation is the business asked about
_STAFF_VERBS = {"run", "manage", "lead", "head", "handle", "oversee", "own", "direct", "coordinate", "do"}
# a pronoun object points back to goods already named ("what if i sold them in a little shop"): no work said here
_POINTING = re.compile(r"^(?:them|it|those|these|that|this|one|ones|some|stuff|things)$", re.I)
# where one sells is one's own premises or channel ("we sell mugs in a little shop", "… on amazon"): after a verb of
# selling only a customer ("for", "to") is someone else
_SELLING = {"sell", "sells", "sold", "selling"}
# "to" names a customer only after a verb of handing over ("we sell valves to refineries"); after any other verb it is
# an infinitive ("we teach teenagers to drive")
_GIVING = {"sell", "sells", "sold", "supply", "supplies", "ship", "ships", "deliver", "delivers", "provide", "provides", "offer",
           "offers", "rent", "rents", "lease", "leases", "license", "licenses", "distribute", "distributes", "export",
           "exports", "wholesale", "wholesales"}
# "we do the bookkeeping for food trucks": "do" with a task of its own is work (never "we do need …", "do we")
_DOING = re.compile(r"^(?:we|i) (?:(?:also|mostly|mainly|only|just) )?do the (?!(?:most|same|math|rest)\b)[a-z]", re.I)
_PREP = r"(?P<prep>for|to|at|in|on|inside)"
PREP_END = re.compile(r"\s+(?:for|to|at|in|on|inside)\s*$", re.I)  # the preposition a clause cut before such a phrase ends on
_FUNCTION = r"(?:for|to|at|in|on|inside|of|with|from|by|and|or|but|so|a|an|the|our|my|we|i|it|what|how)"
_SERVED = re.compile(
    r"\b(?:we|i) (?:(?:also|mostly|mainly|only|just|now|still|primarily|largely|actually) )?(?P<verb>[a-z]+)(?: (?:out|up|off|back))?(?: and (?!" + _FUNCTION + r"\b)[a-z]+)? "
    r"(?P<obj>(?:(?:the|some|a|an|our|my) )?(?!" + _FUNCTION + r"\b)[a-z][a-z\-]*(?: (?:and )?(?!" + _FUNCTION
    + r"\b)[a-z][a-z\-]*){0,4}) " + _PREP + r" (?P<span>(?!(?:our|my|us|me|you|them|it|itself|ourselves|free|less|more|"
    r"each|every|per|a living)\b)[a-z][a-z\-' ]{2,60}?)(?=\s*[.,;:?!()]|\s[-–—]\s|$|\s(?:and|but|so|with|who|that|which|"
    r"what|how|like|near|around)\b)", re.I)


@lru_cache(maxsize=1024)
def _found(text: str) -> tuple[re.Match, ...]:
    """The sentences of a business's work with a phrase of whom or where (module doc), as matched (cached: the
    parser, the business forms and the description retry each ask it of the same message)."""
    return tuple(m for m in _SERVED.finditer(text or "") if (m.group("verb").lower() not in _NOT_WORK or _DOING.match(m.group(0)))
            and (m.group("prep").lower() != "to" or m.group("verb").lower() in _GIVING)
            and (m.group("prep").lower() in ("for", "to") or m.group("verb").lower() not in _SELLING)
            and not _POINTING.match(m.group("obj"))
            and not (m.group(0)[:2].lower() == "i " and m.group("verb").lower() in _STAFF_VERBS and m.group("prep").lower() == "for")
            and not _AD_WORK.search(m.group("obj")) and not match_terms(m.group("obj"), VOCABULARY["metrics"])
            and not match_terms(m.group("obj"), VOCABULARY["platforms"]))


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each phrase of ``text`` that names whom or where the user's business works, per the module doc."""
    return [(m.start("span"), m.end("span")) for m in _found(text or "")]


def naming(text: str) -> list[tuple[int, int]]:
    """The :func:`spans` of ``text`` that name a vertical — the vocabulary's or one the served KB labels ("for game
    studios", "to freight brokers"): the ones a look-up would take for the user's own business."""
    from agent.offline import kblabels
    return [(s, e) for s, e in spans(text) if match_terms(text[s:e], VOCABULARY["verticals"]) or kblabels.named_in(text[s:e])]


def doing(text: str) -> str | None:
    """What the business does, in the user's words ("treat wastewater", "wash the windows"), when ``text`` says it
    before whom or where: the business to look up when no noun names it — looked up, it finds the vertical that work
    is, or none, and the tools say so; None when the text says no such thing."""
    m = next(iter(_found(text or "")), None)
    return " ".join(m.string[m.start("verb"):m.end("obj")].split()).lower() if m else None


def outside(text: str, named: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (position, name) pairs of ``named`` that are not said in a phrase of whom or where ``text``'s business
    works (:func:`spans`)."""
    found = spans(text)
    return [(i, k) for i, k in named if not any(s <= i < e for s, e in found)]


def blanked(text: str, found: list[tuple[int, int]]) -> str:
    """``text`` with the ``found`` spans blanked, same length (positions hold)."""
    for s, e in found:
        text = text[:s] + " " * (e - s) + text[e:]
    return text


def opens(text: str) -> bool:
    """The message opens with what the business does, said of "we" ("We haul junk in Tulsa …"): its trade, told first."""
    m = next(iter(_found(text or "")), None)
    return bool(m) and not text[:m.start()].strip() and m.group(0)[:3].lower() == "we " \
        and not re.search(r"\b(?:that|which|who|whose)\b", m.group("obj"), re.I)  # "hot sauce that gets stocked": its route

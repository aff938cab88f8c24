"""Metrics described by what they measure, not named: "what share of people who see the ad click it"
(a click-through rate), "how much revenue comes back per ad dollar" (a return on ad spend), "the going
rate for a thousand views" (a price per thousand), "what we pay for every visitor who clicks" (a
price per click).

Why a module: a user who does not know a metric's name says the ratio it is — what is counted over
what is paid or seen — and each of these is a sentence form of English, not a list of a metric's
names. Every form resolves to a key through the vocabulary's own names for the metric (the rate whose
name says "click", the metric named "return on ad spend", the price whose unit is "thousand …",
the "cost per <unit>" whose unit is the verb's noun), so nothing here lists a metric.
"""
from __future__ import annotations

import re

from agent.offline import cues, metricwords
from mpa.resolve import same_word
from rag.analyzer import get_analyzer

_A = get_analyzer(True, True)
# on a touch screen a tap is a click: the same act under the name people use for it on phones
_SAME_ACT = {"tap": "click", "tapp": "click"}


def _stem(word: str) -> str:
    got = _A(word)
    s = got[0] if got else word.lower()
    return _SAME_ACT.get(s, s)


def _keys_named(table: dict[str, list[str]], test) -> set[str]:
    return {k for k, syns in table.items() for s in syns if test(s)}


def _one(keys: set[str]) -> str | None:
    return next(iter(keys)) if len(keys) == 1 else None


def _spans(form: re.Pattern, text: str, table: dict[str, list[str]], names) -> list[tuple[int, int, str]]:
    """(start, end, key) of each match of ``form``, keyed by the one metric with a name ``names`` accepts
    (the table is read only when the form matches: most messages describe no metric; nor is the text scanned
    when it holds none of the form's cue words, :data:`_CUES`)."""
    found = [(m.start(), m.end()) for m in form.finditer(text)] if cues.may_say(text, _CUES.get(id(form), ("",))) else []
    key = _one(_keys_named(table, names)) if found else None
    return [(a, b, key) for a, b in found] if key else []


# a share of people who see an ad and then click it: "what share of folks who see our ads click",
# "what percent of viewers tap the ad", "how many people who see it click through"
_SHARE = r"\b(?:share|percentage|percent|proportion|fraction|portion|slice|rate at which|how many of|how many (?:people |users |folks )?" \
         r"out of|out of|what %|how often)(?![a-z])"  # "how many clicks" counts
_SEEN_CLICKED = re.compile(_SHARE + r"[^.?!;]{0,60}?\b(?P<verb>click(?:s|ed|ing)?|tap(?:s|ped|ping)?)\b", re.I)
# … the click said as an act: one counted as a unit ("cost per click", "each click", "a click") is a noun, a price's
# unit or what a conversion divides, so "how often should we check our cost per click" asks no share that clicks
_SEEN_CLICKING = re.compile(_SHARE + r"[^.?!;]{0,60}?(?<!\bper )(?<!\bper-)(?<!\beach )(?<!\bevery )(?<!\ba )(?<!\bone )"
                            r"(?<!\bthe )\b(?P<verb>click(?:s|ed|ing)?|tap(?:s|ped|ping)?)\b", re.I)
# … but the clicks themselves counted ("a share of clicks that turn into sales") are what a conversion rate divides
_CLICKS_COUNTED = re.compile(_SHARE + r"\s+(?:of\s+)?(?:the |our |my |your |those |these )?(?:ad |paid |our )?"
                             r"(?:click|tap)(?:s|pers?|ers)?\b", re.I)
_CONVERTED = re.compile(r"\b(?:buy|bought|purchas|order|sign|register|enrol|subscrib|book|reserv|apply|appli|install|"
                        r"open(?:s|ed|ing)? (?:an? |their |a new )?account|"
                        r"check(?:s|ed|ing)? ?out|pay|paid|donat|join|turn(?:s|ed|ing)? into|become|became|convert)", re.I)


def click_share(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a share of those who see an ad that click (or tap) it — the rate whose name says
    "click" — unless what the clickers go on to do is a conversion (then it is no click-through rate)."""
    out = []
    if not cues.may_say(text, _CLICK_CUE):
        return out
    for m in _SEEN_CLICKING.finditer(text):
        clause = re.split(r"[.?!;]", text[m.start():])[0]
        if _CLICKS_COUNTED.match(clause) or _CONVERTED.search(text[m.end():m.start() + len(clause)]):
            continue
        verb = _stem(m.group("verb"))
        key = _one(_keys_named(table, lambda s: s.endswith(" rate") and any(same_word(verb, t) for t in _A(s[:-5]))))
        if key:
            out.append((m.start(), m.end(), key))
    return out


# the partitive said first: "of the people who click, how many go on to buy", "of those tapping through, what share sign up"
_OF_CLICKERS = re.compile(r"\bof (?:the |those |all (?:the |those )?|our |your )?(?:[a-z]+ )?(?:who |that )?(?:click|tap)"
                          r"(?:s|ed|ped|ing|ping)?(?: through| on (?:it|them|the ads?))?\s*,?\s*(?:how many|what share|what "
                          r"(?:percent|percentage|portion|fraction|proportion))\b", re.I)


def clicks_converted(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a share of the clicks (or of those who click) that turn into something a conversion
    counts ("what fraction of ad clicks turn into sales", "what portion of shoppers who click end up buying")
    — the rate named "conversion rate"."""
    out = []
    if not cues.may_say(text, _CLICK_CUE):
        return out
    for m in [*_CLICKS_COUNTED.finditer(text), *_SEEN_CLICKED.finditer(text), *_OF_CLICKERS.finditer(text)]:
        clause = re.split(r"[.?!;]", text[m.end():])[0]
        if _CONVERTED.search(clause) and m.start() not in {p for p, _, _ in out}:
            key = _one(_keys_named(table, lambda s: s == "conversion rate"))
            if key:
                out.append((m.start(), m.end(), key))
    return out


# money back for money spent: "how much revenue comes back per ad dollar", "what do we get back for every
# dollar spent on ads", "sales per dollar of ad spend", "the return on our ad dollars"
_BACK = r"(?:revenue|sales|bookings|income|returns?|back)"
_AD_DOLLAR = (r"(?:ad(?:vertising)? |media |marketing )?(?:dollars?|bucks?|\$\s?1)(?: (?:spent|we spend|invested|put in)"
              r"(?: on (?:ads|advertising|media|marketing))?| (?:of|in|on) (?:ad|ads|advertising|media|marketing)"
              r"(?: spend)?)?|(?:ad|advertising|media|marketing) (?:spend|spending|budget|investment|dollars?)")
_MONEY_BACK = re.compile(r"\b" + _BACK + r"\b[^.?!;]{0,50}?\b(?:per|for every|for each|on every|on each|from every|"
                         r"from each|each|every|on (?:our|the|my|your|their)|on)\s+(?:single )?(?:" + _AD_DOLLAR + r")\b"
                         # the dollar first: "for every dollar we put into ads, how much revenue comes back"
                         r"|\b(?:per|for every|for each|each|every)\s+(?:single )?(?:" + _AD_DOLLAR + r")\b[^.?!;]{0,60}?\b"
                         r"(?:revenue|sales|bookings|income|return|returns|come back|comes back|make back|get back|bring in|"
                         r"brings in|earn|generate)\b"
                         # a multiple of what was spent: "what multiple of our ad spend should we make back"
                         r"|\b(?:multiple|times) (?:of |on )?(?:our |the |my )?(?:ad(?:vertising)? |media )?(?:spend|budget|"
                         r"dollars?)\b[^.?!;]{0,40}?\b(?:back|revenue|sales|return)", re.I)


def money_back(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): revenue back per advertising dollar — the metric named "return on ad spend"."""
    return _spans(_MONEY_BACK, text, table, lambda s: s == "return on ad spend")


# a price per thousand of anything shown: "the going rate for a thousand ad views", "what does it cost to
# reach a thousand people", "pay per thousand viewers"
_PER_THOUSAND = re.compile(r"\b(?:cost|costs|price|prices|pay|paying|rate|charge|charges|run|spend|go for|how much)\b"
                           r"[^.?!;$\d]{0,40}?\b(?:per|for|to reach|reaching|for every|for each|a|one|every|each)\s+"
                           r"(?:thousand|1,?000)\b(?!-)"
                           # the thousand as the times it happens: "what does it cost each time a thousand people see one"
                           r"|\b(?:cost|costs|price|pay|paying|rate|charge|charges|run|go for)\b[^.?!;$\d]{0,40}?\b(?:each|every|per) "
                           r"time (?:a|one) (?:thousand|1,?000)\b"
                           # the thousand first: "what do a thousand views of our banner cost"
                           r"|\b(?:a|one|per|each|every) (?:thousand|1,?000) [a-z][a-z ]{0,30}?\b(?:cost|costs|run|go for)\b", re.I)


def per_thousand(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a price per thousand — the one metric whose "cost per …" name is per thousand."""
    return _spans(_PER_THOUSAND, text, table, lambda s: s.startswith("cost per thousand"))


# a unit said as a person doing it: "pay for every person who clicks", "the cost of each visitor that installs",
# "the cost to get one person to install", "the charge every time someone taps the ad"
_PRICED = r"\b(?:pay|paying|cost|costs|price|spend|spending|charge|charged|fee)\b[^.?!;$\d]{0,25}?\b"
_ONE = r"(?:each|every|a|one|a single)\s+"
_PERSON = r"(?:person|people|user|visitor|viewer|shopper|someone|somebody|one|individual|player|customer|prospect)\s+"
_DOER = re.compile(_PRICED + r"(?:for|per|of)\s+" + _ONE + _PERSON + r"(?:who|that)\s+(?:actually |then |later )?(?P<verb>[a-z]+)"
                   r"|" + _PRICED + r"to (?:get|have|make) " + _ONE + _PERSON + r"to (?P<verb2>[a-z]+)", re.I)
_EACH_TIME = re.compile(_PRICED + r"(?:each|every|per) time (?:a |an )?(?:anyone|they|" + _PERSON[3:-4] + r")s?\s+"
                        r"(?:actually |then )?(?P<verb>[a-z]+)", re.I)


def doer_priced(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a price of one person doing something — the "cost per <unit>" whose unit is what
    they do ("who clicks" → cost per click, "who installs" → cost per install)."""
    out = []
    if not cues.may_say(text, _PRICED_CUE):
        return out
    for m in [*_DOER.finditer(text), *_EACH_TIME.finditer(text)]:
        verb = _stem(m.groupdict().get("verb2") or m.group("verb"))
        key = _one(_keys_named(table, lambda s: bool(re.fullmatch(r"cost per [a-z]+", s))
                               and same_word(verb, _stem(s.split()[-1]))))
        if key:
            out.append((m.start(), m.end(), key))
    return out


# a price compared or said per one unit: "which is cheaper per click", "it costs less per lead", "pricier per install"
_PER_UNIT = re.compile(r"\b(?:cheap(?:er|est)?|(?:more|less|most|least) expensive|pric(?:ey|ier|iest)|costl(?:y|ier|iest)|"
                       r"costs? (?:less|more)|pay (?:less|more))\b[^.?!;$\d]{0,12}?\bper (?P<verb>[a-z]+)\b", re.I)


def unit_priced(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a price compared per unit — the "cost per <unit>" whose unit is the one named."""
    return [] if not cues.may_say(text, ("per",)) else [(m.start(), m.end(), key) for m in _PER_UNIT.finditer(text) if (key := _one(_keys_named(
        table, lambda s, v=_stem(m.group("verb")): bool(re.fullmatch(r"cost per [a-z]+", s)) and same_word(v, _stem(s.split()[-1])))))]


# a price of one *new* person who buys: "what should each new shopper cost", "the price of a first-time guest" —
# a new buyer of any kind is a new customer (the "cost per new customer" metric), whatever the trade calls them
_NEW_ONE = (r"\b(?:each|every|a|an|one|per|our|your|their|the)\s+(?:brand[- ]new|new|first-time|first time)\s+(?:paying\s+)?(?:shopper|client|member|guest|"
            r"buyer|patient|student|subscriber|patron|account holder|customer)s?\b")
# … or one who has never bought, won over: "the cost to win someone who has never ordered", "spend to bring in a
# guest that never stayed" (people who never bought, merely reached, are an audience, not a price)
_NEVER = (r"\bto (?:win|get|land|acquire|bring in|convert|sign up|sign)\s+(?:someone|somebody|anyone|a person|one|"
          r"(?:a |an )?(?:shopper|client|guest|buyer|customer|patient))\s+(?:who|that)(?:'s| has| had)?\s+never\s+"
          r"(?:bought|purchased|ordered|shopped|booked|stayed|subscribed|signed up|paid|been (?:a |our )?(?:customer|client|"
          r"guest|patient))\b")
_NEW_BUYER = re.compile(r"\b(?:pay|paying|cost|costs|price|spend|spending|budget|(?:run|runs) (?:us |you |them )?to "
                        r"(?:win|get|land|acquire|bring in|sign))\b[^.?!;$\d]{0,30}?(?:" + _NEW_ONE + r")"
                        r"|\b(?:pay|cost|costs|price|spend|budget|run)\b[^.?!;$\d]{0,12}?" + _NEVER
                        + r"|" + _NEW_ONE + r"[^.?!;$\d]{0,25}?\b(?:cost|costs|run|set us back)\b", re.I)


def new_buyer_priced(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a price of one new buyer — the metric named "cost per new customer" — unless the buyer
    only qualifies the thing priced ("one new client enquiry form", "each new customer sign-up": a noun follows)."""
    one = _NEW_ONE_FORM
    return [(a, b, k) for a, b, k in _spans(_NEW_BUYER, text, table, lambda s: s == "cost per new customer")
            if not ((m := one.search(text, a, b)) and _COMPOUNDED.match(text, m.end()))]


# a noun after the buyer's: a content word that is no price verb, adverb (-ly) or participle (-ed) — "client *enquiry*"
_COMPOUNDED = re.compile(r"[ -](?!(?:cost|costs|run|runs|set|sets|usually|typically|normally|generally|actually|really|"
                         r"on average|we|you|they|us|our|who|that|which|in|at|on|from|for|to|with|through|via|is|are|"
                         r"would|will|should|could|might|do|does|did|and|or|but|now|then|each|every|per|here|there|"
                         r"these|those|this)\b)(?![a-z]+(?:ly|ed)\b)[a-z]{3,}\b", re.I)


# a view watched to its end, priced: "what do we pay for a clip people sit through to the end", "the price of
# an ad viewed in full" — a completed view (the metric whose name says a view and its completion)
_TO_THE_END = (r"\b(?:video|ad|clip|spot|commercial|trailer|view)s?\b[^.?!;]{0,40}?\b(?:watch|view|see|seen|sit|play)\w*\b"
               r"[^.?!;]{0,25}?\b(?:all the way(?: through| to the end)?|(?:through )?to the (?:very )?end|in full|to completion|"
               r"until the end|till the end|from start to finish|start to finish|without skipping)"
               # the act first: "for somebody to watch a video ad of ours all the way to the end"
               r"|\b(?:watch|view|sit through|play)\w*\s+(?:an? |the |our |their |your |one )?(?:[a-z]+ ){0,2}?(?:video|ad|clip|spot|"
               r"commercial|trailer)s?\b[^.?!;]{0,20}?\b(?:all the way(?: through| to the end)?|(?:through )?to the (?:very )?end|"
               r"in full|to completion|until the end|till the end|start to finish)"
               r"|\b(?:fully|completely) (?:watched|viewed|played)\b"
               # "someone watches our whole video", "sits through the entire spot"
               r"|\b(?:watch|view|see|sit through|play)\w*\s+(?:the |our |a |an |their |your )?(?:whole|entire|full|complete)\s+"
               r"(?:video|ad|clip|spot|commercial|trailer)s?\b")
_WATCHED = re.compile(r"\b(?:pay|paying|cost|costs|price|rate|charge|go(?:es)? for)\b[^.?!;]{0,60}?(?:" + _TO_THE_END + r")"
                      r"|(?:" + _TO_THE_END + r")[^.?!;]{0,40}?\b(?:cost|costs|run|go for|set us back)\b", re.I)


def watched_through(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(position, key): a price of a video watched to its end — the metric named for a completed view."""
    return _spans(_WATCHED, text, table, lambda s: "view" in s.split() and any(same_word(_stem(w), "complet")
                                                                                for w in s.split()))


def described(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(start, end, key) of every metric ``text`` describes by one of the module's forms, earliest first."""
    return sorted(click_share(text, table) + clicks_converted(text, table) + money_back(text, table)
                  + per_thousand(text, table) + doer_priced(text, table) + new_buyer_priced(text, table) + unit_priced(text, table)
                  + watched_through(text, table) + metricwords.described(text, table))


def unit_spans(text: str, table: dict[str, list[str]]) -> list[tuple[int, int]]:
    """Where a description says the thing paid for ("a clip viewers sit through to the end", "each brand-new
    member"): words that name no business, though the payer may sit beside them ("what does it cost a
    school to win a new student": the school pays)."""
    out = []
    for found, part in ((watched_through(text, table), _TO_THE_END_FORM), (new_buyer_priced(text, table), _NEW_OR_NEVER)):
        for a, b, _ in found:
            if m := part.search(text, a, b):
                out.append((m.start(), m.end()))
    return out + metricwords.unit_spans(text, table)



_NEW_ONE_FORM = re.compile(_NEW_ONE, re.I)
_TO_THE_END_FORM, _NEW_OR_NEVER = re.compile(_TO_THE_END, re.I), re.compile(_NEW_ONE + "|" + _NEVER, re.I)
# the words (:mod:`agent.offline.cues`) that every match of a form holds: a click or a tap; a price's verb before the
# person or the time priced; a thousand; "per"; a new or first-time buyer, or one who never bought; a video watched to
# the end, in full, complete(ly), whole, entire, start to finish or without skipping
_CLICK_CUE = cues.written_in(_SEEN_CLICKING, ("click", "tap"))
_PRICED_CUE = cues.written_in(_DOER, ("pay", "cost", "price", "spend", "charge", "fee"))
assert cues.written_in(_EACH_TIME, _PRICED_CUE) and cues.written_in(_CLICKS_COUNTED, _CLICK_CUE) \
    and cues.written_in(_SEEN_CLICKED, _CLICK_CUE) and cues.written_in(_OF_CLICKERS, _CLICK_CUE)
_CUES = {id(_PER_THOUSAND): cues.written_in(_PER_THOUSAND, ("thousand", "000")),
         id(_NEW_BUYER): cues.written_in(_NEW_BUYER, ("new", "first", "never")),
         id(_WATCHED): cues.written_in(_WATCHED, ("end", "all the way", "full", "complet", "start to finish", "without skipping",
                                                  "whole", "entire"))}

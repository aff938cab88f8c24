"""The question forms that ask the price of one unit of something ("what does a lead cost", "pay per
click", "the cost to land a new customer"): the unit they capture is what the parser turns into a
price metric (``cost per <unit>``: CPL, CPC, CAC …, or a phrase the KB's own labels resolve).

Why a module: people price a unit in many idioms ("what will a click set us back", "how much is a
thousand impressions", "the going rate per install"), and each form is a sentence pattern of
English, not a list of units — the unit is whatever noun the form captures.
"""
from __future__ import annotations

import re

from agent.offline import needed
from agent.offline.business import NOUN as _NOUN
from agent.offline.passages import terms
from mpa.counted import STOP_NOUNS
from mpa.vocabulary import VOCABULARY

# "cost per <unit>" synonyms give each price metric its unit (CPL → "lead", CPM → "thousand impressions")
UNIT_OF: dict[str, str] = {}
for _key, _syns in VOCABULARY["metrics"].items():
    for _s in _syns:
        _m = re.match(r"cost per (?:new )?([a-z ]+)$", _s)
        if _m and _key not in UNIT_OF:
            UNIT_OF[_key] = _m.group(1)
UNIT_OF.setdefault("CAC", "customer")
PER_THOUSAND = tuple(k for k, u in UNIT_OF.items() if u.startswith("thousand"))  # in UNIT_OF's order: its first is "the" one

# "that customer" points at a unit the message just described ("once a lead turns into a paying account, what does that
# customer cost?") as "the customer" does: the same one unit priced
_ARTICLE = r"(?:an? |the |that |this |one |each |every |per |our |your |my )?"
_COST_VERB = r"(?:cost|go for|run|set (?:us|me|you|them|him|her) back)"
PRICE_FORMS = [  # question forms that ask the price of one unit of something
    # "pay in ads for each booking" ("the amount a gym pays per member"): where the money goes may sit between the verb and what it buys
    re.compile(r"\b(?:pay|pays|paying)\s+(?:(?:in|on) (?:[a-z]+ ){0,2}?(?:ads|advertising|media|marketing) )?(?:for |per |a |an |each )"
               + _ARTICLE + _NOUN, re.I),
    # … with whom it costs between: "what do ads cost us for each reservation"
    re.compile(r"\b(?:cost|costs|price|charge|charged|expense|expenses|outlay)\s+(?:(?:us|me|you|them|him|her) )?"
               r"(?:per |each |for each |for every )" + _ARTICLE + _NOUN, re.I),
    # the price of one of a thing, counted as one: "the cost of one direct booking", "a typical price for each sign-up"
    re.compile(r"\b(?:cost|costs|price|prices)\s+(?:of|for)\s+(?:one|each|every|a single|one single)\s+" + _NOUN, re.I),
    re.compile(r"\b(?:costs?|price)\b[^.?!$\d]{0,30}? to (?:win|get|acquire|land|gain|bring in|buy|drive|sign up|sign|find|attract|recruit|secure) " + _ARTICLE
               + _NOUN, re.I),
    # a price said with the money first: "we pay about $45 to land a new customer" (one of them: a singular article)
    re.compile(r"\b(?:pay|pays|paying|paid|spend|spends|spending)\b[^.?!]{0,25}? to (?:win|get|acquire|land|gain|bring in|buy|drive|"
               r"sign up|sign|find|attract|recruit|secure) (?:an? |one |each |every |per )" + _NOUN, re.I),
    re.compile(r"\bwhat (?:does|do|should|would|will|might|did) " + _ARTICLE + _NOUN
               + r"(?: (?:on|at|from|with|through|via|of) (?:an? |the |our |my )?[a-z]+(?: [a-z]+)?)? (?:usually |typically |"
               r"normally |generally )?" + _COST_VERB + r"\b",  # "what does one meeting with a new client cost"
               re.I),
    # "what's a click cost" says "what does" in speech: the contraction before a noun and a bare verb of price
    # ("run" left out: "what's a typical test run" is no price)
    re.compile(r"\bwhat(?:'s|’s|s) " + _ARTICLE + _NOUN + r"(?: (?:on|at|from) [a-z]+(?: [a-z]+)?)? (?:usually |typically |"
               r"normally |generally )?(?:cost|go(?:ing)? for|set (?:us|me|you|them) back)\b", re.I),  # "what's a lead going for"
    # … not a noun after "of", which says whose the priced thing is ("each download of our app cost": a download),
    # nor one before "cost per …", which names the unit itself ("med spa cost per lead": the business's leads)
    # … with a word of how often between, in statement order ("a lead typically costs us": the unit still is "lead"; a
    # bare "cost" after one is a question's, "what does a meeting with a client usually cost", whose unit is the meeting)
    re.compile(r"(?<!\bof )" + "".join(rf"(?<!\bof {w} )" for w in ("a", "an", "my", "the", "our", "its", "your", "their")) + r"\b" + _NOUN
               + r"(?:(?: usually| typically| normally| generally) costs| costs?)\b(?! (?:us|me) (?:to|about))(?!\s+(?:per|for each|for every|for one)\b)", re.I),
    # an embedded question keeps statement order: "what a new customer should cost us"
    re.compile(r"\bwhat " + _ARTICLE + _NOUN + r" (?:should|would|will|does|do|might|did) (?:usually |typically )?"
               r"" + _COST_VERB + r"\b", re.I),
    # two things priced at once: "what do leads and new customers typically cost" (the second)
    re.compile(r"\bwhat (?:does|do|should|would|will|might|did) " + _ARTICLE + r"[a-z][a-z\-]*(?: [a-z][a-z\-]*)? "
               r"(?:and|or) " + _ARTICLE + _NOUN + r" (?:usually |typically |normally |generally )?" + _COST_VERB + r"\b", re.I),
    re.compile(r"\bwhat (?:does|do|should|would|will|might|did) " + _ARTICLE + _NOUN + r" (?:and|or) " + _ARTICLE +
               r"[a-z][a-z\-]*(?: [a-z][a-z\-]*)? (?:usually |typically |normally |generally )?" + _COST_VERB + r"\b", re.I),
    # … or a message that opens with it: "per click on google for hotel searches?" (the price just asked, per this unit)
    re.compile(r"(?:(?:,|\band\b|\bor\b)\s+(?:per|each)|^\W*(?:(?:so|ok|okay|what about|how about)\s+)?per(?= (?!(?:day|week|month|quarter|year|hour|annum|"
               r"person|head|capita|cent)s?\b))) " + _NOUN, re.I),
    # "how much is a thousand impressions", "how much is one lead" (what one is worth is no price)
    re.compile(r"\bhow much (?:is|are|does|do|would|will|'s) (?:an? |one |each |every )(?![^.?!]*\bworth\b)(?!(?:budget|spend|plan|campaign|month|year|week|day)\b)" + _NOUN,
               re.I),
    # "the going rate per install" — a rate *of* something per unit ("conversion rate per click") is no price
    re.compile(r"(?<!conversion )(?<!click )(?<!through )(?<!completion )(?<!response )\brates?\s+(?:per|for each|for every) "
               + _ARTICLE + _NOUN, re.I),
    # "run" as the verb of price, said of "it": "what does it usually run to get an inquiry" ("we run ads to get …" is no price)
    re.compile(r"\b(?:does|do|would|will|should|might|did) it (?:usually |typically |normally |generally )?run (?:us |me |you )?"
               r"to (?:win|get|acquire|land|gain|bring in|drive|sign up|find|attract|recruit|secure) (?:an? |one |each |every |a single )"
               + _NOUN, re.I),
]

# Looser forms that price one of a unit the metric names define ("cost per <unit>"): "how much per lead",
# "the price of one install". Loose enough to catch a price of anything ("how much per month", "the cost
# of a campaign"), so the parser keeps them only when the captured noun is such a unit.
UNIT_FORMS = [
    re.compile(r"\bhow much (?:[a-z']+ ){0,4}?(?:per|for each|for every|for one|for a single) " + _NOUN, re.I),
    # "the going rate for a lead": a rate put on one of a unit (a rate *of* clicks or conversions is no price)
    re.compile(r"(?<!conversion )(?<!click )(?<!through )(?<!completion )(?<!response )(?<!open )\brates? (?:for|on) "
               r"(?:a single |one single )?(?:an? |one |each |every |a single )" + _NOUN, re.I),
    re.compile(r"\b(?:price|cost)s? (?:of|for) (?:a single )?" + _ARTICLE + _NOUN, re.I),
    # a figure put on one of a unit: "a sensible figure for each lead", "the number per install"
    re.compile(r"\b(?:figure|number|amount|sum)s? (?:for|per|on) (?:each|every|one|a single|a|an) " + _NOUN, re.I),
    # how dear one is ("how pricey are installs"), what one goes for ("what are clicks going for")
    re.compile(r"\bhow (?:pricey|expensive|costly|cheap|dear) (?:is|are|would|will|do|does|'s|were|was) " + _ARTICLE + _NOUN, re.I),
    re.compile(r"\bwhat (?:are|is|'s|were) " + _ARTICLE + _NOUN + r" (?:going|selling) for\b", re.I),
    # what one runs, in speech: "what's a tour running on Caring.com", "what are clicks running us" (a unit only:
    # "what's a campaign running on?" asks no price)
    re.compile(r"\bwhat(?:'s|’s| is| are) " + _ARTICLE + _NOUN + r" running\b(?! on\s*[?.!]?\s*$)", re.I),
    # the unit after "per" in a price: "the per-click price", "looking at per lead", "budget per install"
    re.compile(r"\bper[- ]" + _NOUN + r" (?:price|cost|rate|fee)s?\b", re.I),
    re.compile(r"\b(?:looking at|budget|budgeting|spend|spending|shell out|fork out) (?:about |around |roughly )?per "
               + _NOUN, re.I),
    # the unit before its price, as "click cost" is said: "the click price on pinterest", "install prices" — not a
    # price pointed back at ("the top of that impression price": the figure already given)
    re.compile(r"(?<!\bthat )(?<!\bthis )(?<!\bthose )(?<!\bthese )(?<!\bsame )\b([a-z][a-z\-]*) prices?\b", re.I),  # one word: "ecommerce click price" prices a click
    # one unit's price set against another's: "which is cheaper per lead", "is a click dearer on X or on Y"
    re.compile(r"\b(?:cheaper|cheapest|pricier|priciest|dearer|costlier|(?:more|less|most|least) (?:expensive|costly))\s+"
               r"(?:per|for each|for every|for one|for a single|for an?) " + _NOUN, re.I),
    re.compile(r"\b(?:an? |one |each |the )" + _NOUN + r" (?:is |are |would be |will be |gets? )?(?:cheaper|pricier|dearer|"
               r"costlier|(?:more|less) (?:expensive|costly))\b", re.I),
]
# the words a form cannot match without (one of them, case-blind), for the forms whose scan of a message costs most:
# a message (ASCII, lower-cased) holding none of them is not scanned
_NEEDS = {PRICE_FORMS[0]: ("pay",), PRICE_FORMS[7]: ("cost",), PRICE_FORMS[11]: ("per", "each"), PRICE_FORMS[13]: ("rate",),
          UNIT_FORMS[1]: ("rate",), UNIT_FORMS[2]: ("price", "cost"), UNIT_FORMS[7]: ("per",),
          UNIT_FORMS[9]: ("price",)}
assert all(w in f.pattern for f, words in _NEEDS.items() for w in words)  # each word is the form's own
# … found by the form's identity: hashing a compiled pattern hashes its whole code (~1 µs a look-up, per form and
# message); the forms are these very objects, kept alive by the lists above, so an id names one for good
# (the other forms' words read from the forms themselves: agent.offline.needed)
_NEEDS_BY_ID = {**{id(f): needed.words(f) for f in PRICE_FORMS + UNIT_FORMS}, **{id(f): words for f, words in _NEEDS.items()}}


def may_match(form: re.Pattern, low: str | None) -> bool:
    """Can ``form`` match the message whose lower case (None: not ASCII, no shortcut) is ``low``?"""
    return low is None or (words := _NEEDS_BY_ID.get(id(form))) is None or any(w in low for w in words)


# adjectives that judge or summarise a price ("a normal cost", "the average cost"): never the unit priced
JUDGED = {"normal", "typical", "average", "real", "good", "usual", "fair", "reasonable", "healthy", "expected",
           "decent", "standard", "ballpark", "rough", "current", "actual", "overall", "total", "true", "median",
           "mean", "going", "realistic", "sensible", "acceptable", "low", "high", "cheap", "expensive"}


# a relative clause without "who"/"that" starts with its subject: "each form someone fills in", "every lead they send"
_CLAUSE_AFTER = re.compile(r"(?:someone|somebody|anyone|people|they|we|you|i|he|she|visitors|users|"
                           r"(?:the|a|an|our|their|its) [a-z][a-z\-]*$)\b")  # … or a noun's: "each applicant the issuer (approves)"
_PREPOSITION = re.compile(r"through|via|during|across|over|into|after|before|within|throughout")


def _content(w: str) -> bool:
    """A word that can name a unit: no stop word, no fragment — but a noun the stop list holds ("each tracked call",
    "a form fill") is one."""
    return len(w) >= 3 and bool(terms(w) or w in STOP_NOUNS)


def unit_words(words: list[str], content=_content) -> list[str]:
    """The words of a priced noun that name the unit: all of them when each is a ``content`` word; up to a
    clause about the unit ("each enquiry form someone fills in" → "enquiry form"); none when a stop word or
    a fragment sits inside ("cost of a lot" names no unit)."""
    cut = next((i for i, w in enumerate(words) if not content(w) or i and _CLAUSE_AFTER.fullmatch(w)), len(words))
    if cut < len(words) and (cut == 0 or not (_CLAUSE_AFTER.match(" ".join(words[cut:])) or _PREPOSITION.fullmatch(words[cut]))):
        return []  # … and so does a phrase a preposition opens: "each order placed through our ads"
    return words[:cut]


# the price asked of a plural pronoun ("what do those cost", "how much do they run"): it points back at
# a counted noun of the same message ("what about clicks — what do those cost")
_PRONOUN_PRICE = re.compile(r"\b(?:what (?:do|would|will|should|might|did) (?:those|these|they) (?:usually |typically |"
                            r"normally |generally )?" + _COST_VERB + r"|how much (?:are|do|would|will|did) (?:those|these|"
                            r"they)(?: (?:usually |typically )?" + _COST_VERB + r")?)\b", re.I)
_BACK_WORDS = 10   # how far back the pointed-at noun may be


def pronoun_priced(text: str, is_unit) -> list[tuple[int, str]]:
    """(position, noun) for each plural pronoun priced: the nearest plural word before it, within a few
    words, that ``is_unit`` accepts (a unit a price metric counts)."""
    out = []
    for m in _PRONOUN_PRICE.finditer(text):
        words = list(re.finditer(r"[a-z][a-z\-]*s\b", text[:m.start()], re.I))[-_BACK_WORDS:]
        noun = next((w for w in reversed(words) if is_unit(w.group(0).lower())), None)
        if noun:
            out.append((noun.start(), noun.group(0).lower()))
    return out


# a follow-up that swaps the unit for a person asking for something: "and someone who only requests a course
# guide?", "what about people just enquiring about fees?" — the price carried over is now of that request
_ASKS_FOR = re.compile(r"^\W*(?=(?:and|what about|how about|now|ok|okay)\b)(?:(?:and|now|ok(?:ay)?,?)\s+)?(?:(?:what|how) about\s+)?"
                       r"(?:for\s+)?(?:someone|somebody|"
                       r"anyone|a person|people|those|a prospect|prospects|a visitor|visitors)\s+(?:who(?:'s| is| are)?\s+|that\s+)?"
                       r"(?:just\s+|only\s+|merely\s+|simply\s+)?(?:ask|request|enquir|inquir)[a-z]*\s+(?:for\s+|about\s+)?"
                       r"(?:a |an |the |some |our |more )?" + _NOUN, re.I)


def requests_asked(text: str) -> list[tuple[int, str]]:
    """(position, "cost per <thing> request") for a follow-up that prices a person asking for a thing."""
    return [(m.start(1), f"cost per {m.group(1).lower()} request") for m in _ASKS_FOR.finditer(text)
            if not re.fullmatch(r"(?:it|that|this|one|them|those|these|more|info|information)", m.group(1).lower())]


# a price of one person doing something to a thing: "what do we pay for each person who fills in our contact form",
# "per visitor who asks for a quote" — the unit is the thing done ("contact form fill", "quote request"); a verb
# that names a price metric's own unit ("who clicks") is the metric forms' (agent.offline.metricforms.doer_priced)
_DOER_OBJECT = re.compile(r"\b(?:pay|paying|cost|costs|price|spend|spending|charge)\b[^.?!;$\d]{0,25}?\b(?:(?:for|of)\s+"
                          r"(?:each|every|a|one|a single)|per(?:\s+(?:each|every))?)\s+(?:person|visitor|user|customer|prospect|patient|student|parent|"
                          r"shopper|player|guest|client|member|someone|somebody|individual)\s+(?:who|that)\s+(?:actually |"
                          r"then |later |just |only )?(?P<verb>[a-z]+)(?P<up>\s+up)?(?:\s+(?:in|out|for|about|to|on))?\s+(?:an? |the |our |"
                          r"their |your |one |some )?" + _NOUN, re.I)
_ASKING = re.compile(r"(?:ask|request|enquir|inquir)", re.I)
_THING = _DOER_OBJECT.groups  # the thing done is the form's last group


def doers_priced(text: str) -> list[tuple[int, str]]:
    """(position, "cost per <thing> <act>") for each price of one person doing something to a thing."""
    out = []
    for m in _DOER_OBJECT.finditer(text):
        thing = unit_words(m.group(_THING).lower().split())
        act = "request" if _ASKING.match(m.group("verb")) else re.sub(r"(?:es|s)$", "", m.group("verb").lower()) \
            if not m.group("verb").lower().endswith("ss") else m.group("verb").lower()
        act += "-up" if m.group("up") else ""  # "signs up for a rate alert": a rate alert sign-up
        if thing and not re.fullmatch(r"(?:it|that|this|one|them|more)", " ".join(thing)):
            out.append((m.start(_THING), f"cost per {' '.join(thing)} {act}"))
    return out


# the spend it takes to make one thing happen: "how much ad spend does it take to sell one car", "what would it take to
# get one viewing booked" — the unit is the thing with what is done to it ("car sold", "viewing booked")
_DONE = {"sell": "sold", "book": "booked", "close": "closed", "fund": "funded", "sign": "signed", "enrol": "enrolled",
         "enroll": "enrolled", "schedule": "scheduled", "fill": "filled", "complete": "completed", "submit": "submitted"}
_TAKES = re.compile(r"\b(?:how much|what)\b[^.?!$\d]{0,30}?\b(?:does|do|would|will|should|did)\s+it\s+take\b[^.?!$\d]{0,40}?"
                    r"\bto\s+(?:(?P<verb>" + "|".join(_DONE) + r")\s+(?:a single|one|an|a|each)\s+" + _NOUN + r"|get\s+(?:a single|one|an|a|"
                    r"each)\s+(?P<thing>[a-z][a-z\-]*(?: [a-z][a-z\-]*)?)\s+(?P<done>" + "|".join(set(_DONE.values())) + r"))\b", re.I)


def takes_priced(text: str) -> list[tuple[int, str]]:
    """(position, "cost per <thing> <done>") for each spend asked that makes one thing happen (``_TAKES``)."""
    out, noun = [], _TAKES.groupindex["verb"] + 1  # the noun after the verb: the group right after it
    for m in _TAKES.finditer(text):
        thing = unit_words((m.group("thing") or m.group(noun)).lower().split())
        if thing and not re.fullmatch(r"(?:it|that|this|one|them|more)", " ".join(thing)):
            done = m.group("done").lower() if m.group("done") else _DONE[m.group("verb").lower()]
            out.append((m.start("thing") if m.group("thing") else m.start(noun), f"cost per {' '.join(thing)} {done}"))
    return out


# a word glossed in brackets right after it: "a sign-up (a lead)", "a download (i.e. an install)"
_GLOSS = re.compile(r"\b([a-z][a-z\-]*)(\s*\(\s*(?:i\.e\.,?\s*|aka\s+|or\s+|that is,?\s*)?(?:an?\s+|the\s+)?)"
                    r"([a-z][a-z\- ]{1,30}?)(\s*\))", re.I)


def glossed(text: str, is_unit) -> str:
    """``text`` with each bracketed gloss that names a priced unit standing in for the word it glosses
    ("what would a sign-up (a lead) run us" reads "what would a lead run us"): the user's own word is
    explained in the name the metrics use. Same length (the rest padded at the end), so positions barely move."""
    out = _GLOSS.sub(lambda m: m.group(3) if is_unit(m.group(3)) else m.group(0), text)
    return out + " " * (len(text) - len(out))

"""A price asked of a person doing something, in plain words: "what does a bike shop pay to get one new person
buying", "and per child who actually attends?", "what do we pay for somebody asking about a refinance, and for an
actual paying member?", "what does one household inquiry cost a roofer".

Why: people new to advertising do not name the metric; they describe who is paid for. The price forms
(:mod:`agent.offline.priceforms`) capture a noun after "pay for" / "per" / "to get one", and a person word there
("someone", "person", "child", "household") is no unit: "cost per asking", "cost per person buying" and "cost per
household inquiry" reached the benchmark tool as metric names and were declined — the user had asked a cost per
lead or per customer. English says what the unit is:

* a person who buys or pays ("a new person buying", "a paying member") is a customer: the unit is a
  (new) customer;
* a person asking for or about a thing ("somebody asking about a refinance") is a request for it: "<thing>
  request" (an inquiry when no thing is said);
* a person doing anything else ("a child who actually attends") is priced with the act kept whole ("child who
  attends"), which the tool resolves against what the KB says each metric counts (:mod:`mpa.counted`);
* a person word before a noun ("one household inquiry") only says whose the thing is: the unit is the noun.

A second price joined to the first ("…, and for an actual paying member") is priced too. The phrases found
here replace any other form's reading of the same words (:func:`merged`), so a fragment never becomes a metric.
"""
from __future__ import annotations

import itertools
import re

from agent.offline import kbmetrics
from agent.offline.passages import terms
from agent.offline.priceforms import JUDGED, _content, unit_words
from mpa.vocabulary import VOCABULARY

# words that name a person, not a thing a price counts
PERSON = (r"(?:person|people|someone|somebody|anyone|anybody|individual|folks?|kids?|child|children|family|families|"
          r"households?|parents?|guy|gal|man|woman|men|women)")
_ADJ = r"(?:(?:new|actual|single|real|extra|additional|brand[- ]new|first[- ]time|more)\s+)*"
_ADV = r"(?:(?:actually|just|only|then|really|finally|eventually|later|ever)\s+)?"
# where a price is put on one of something: "pay for", "per", "to get / bring in one", "for each"
_LEAD = (r"(?:\b(?:pay(?:s|ing)?|spend(?:s|ing)?|charge[sd]?)\s+(?:for|per)|\bper|\bfor\s+(?:each|every)|\bto\s+(?:get|bring\s+in|"
         r"land|win|attract|find|sign\s+up|reach)|\bcost\s+(?:of|for))\s+(?:(?:an?|one|each|every|a\s+single)\s+)?")
_DOER = re.compile(_LEAD + r"(?P<all>" + _ADJ + r"(?P<who>" + PERSON + r")\s+(?:(?:who|that)\s+)?" + _ADV +
                   r"(?P<verb>[a-z]+)(?P<rest>(?:\s+(?!(?:and|or|but|for\s+(?:a|an|our|my|the)\s+(?:store|shop|business|"
                   r"company|school|brand))\b)[a-z][a-z\-]*){0,4}))", re.I)
# a person word owning the priced noun: "what does one household inquiry cost", "per family signup"
_OWNER = re.compile(r"^cost per " + PERSON + r"\s+(?P<noun>(?!who\b|that\b)[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*)?)$", re.I)
_BUYS = re.compile(r"^(?:buy|bought|pay|paid|purchas|shop|order|spend|spent)", re.I)
_ASKS = re.compile(r"^(?:ask|request|enquir|inquir)", re.I)
# a second price joined to the first: "…, and for an actual paying member?"
_AND_FOR = re.compile(r"(?:,\s*|\s)(?:and|or)\s+(?:for|per|on)\s+(?:an?|one|each|every|a\s+single)\s+"
                      r"(?P<noun>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,2})\s*[?.!]*\s*$", re.I)
_CHANNELS = [terms(c) for c in VOCABULARY["topics"]["channels"] if c not in ("channel", "channels")]
_PARTICLES = {"up", "in", "out", "on", "off", "over", "back", "through", "by"}
# one of a thing pointed at, priced: "what does that customer usually cost?", "what would this booking run us" (the
# price forms read an article before the unit, not a pointer)
_POINTED = re.compile(r"\bwhat\s+(?:does|do|would|will|should|might)\s+(?:that|this|such\s+an?|each\s+such)\s+"
                      r"(?P<noun>[a-z][a-z\-]*(?:\s+(?!usually|typically|normally|generally)[a-z][a-z\-]*)?)\s+(?:usually\s+|typically\s+|normally\s+|generally\s+)?"
                      r"(?:cost|run|set\s+(?:us|me)\s+back)\b", re.I)
_PRICE = re.compile(r"\b(?:cost|costs|pay|paying|price|charge|spend|run)\b", re.I)


def _is_verb(word: str, relative: bool) -> bool:
    """A word saying what the person does: any word after "who"/"that", else a participle or a present form."""
    return relative or bool(re.search(r"(?:ing|ed)$", word, re.I))


def _unit(m: re.Match) -> str | None:
    verb, rest = m.group("verb").lower(), " ".join(m.group("rest").lower().split())
    relative = bool(re.search(r"\b(?:who|that)\b", m.group("all"), re.I))
    if not _is_verb(verb, relative):
        return None
    if _BUYS.match(verb):
        return "new customer" if re.search(r"\b(?:new|first[- ]time)\b", m.group("all"), re.I) else "customer"
    if _ASKS.match(verb):
        thing = re.sub(r"^(?:for|about)\s+(?:an?|the|some|our|more)?\s*", "", rest) if re.match(r"(?:for|about)\b", rest) else ""
        words = unit_words(list(itertools.takewhile(_content, thing.split()[:2])))
        return f"{' '.join(words)} request" if words else "inquiry"
    if [w for w in rest.split() if w not in _PARTICLES]:
        return None  # a thing done to an object ("who fills in our contact form"): the doer forms' reading
    return " ".join([m.group("who").lower()] + (["who"] if relative else []) + [verb] + rest.split())


def priced(text: str) -> list[tuple[int, int, str]]:
    """(start, end, "cost per <unit>") for each price of a person doing something, and of a second thing joined."""
    out = []
    for m in _DOER.finditer(text):
        if (u := _unit(m)) and (_PRICE.search(text) or not re.match(r"to\b", m.group(0), re.I)):
            out.append((m.start("all"), m.end("all"), f"cost per {u}"))
    for m in _POINTED.finditer(text):
        if words := unit_words([w for w in m.group("noun").lower().split() if w not in JUDGED]):
            out.append((m.start("noun"), m.end("noun"), f"cost per {' '.join(words)}"))
    for m in _AND_FOR.finditer(text):
        words = [w for w in m.group("noun").lower().split() if w not in JUDGED]
        if out or _PRICE.search(text[:m.start()]):
            if words := unit_words(words):
                out.append((m.start("noun"), m.end("noun"), f"cost per {' '.join(words)}"))
    return out


def _a_channel(phrase: str) -> bool:
    """A "cost per <a channel>" ("what do billboards go for"): the price of a medium, which its playbook states,
    no unit a metric counts — unless the KB prices that very thing itself."""
    unit = phrase[len("cost per "):] if phrase.startswith("cost per ") else ""
    return bool(unit) and terms(unit) in _CHANNELS and not kbmetrics.priced(unit)


def merged(found: list[tuple[int, str]], text: str) -> list[tuple[int, str]]:
    """The price phrases the parser found, with the ones a person-and-act reading covers replaced by it, and a
    person word owning the priced noun left out ("cost per household inquiry" → "cost per inquiry")."""
    mine = priced(text)
    kept = [(p, _OWNER.sub(lambda m: f"cost per {m.group('noun')}", ph)) for p, ph in found
            if not any(s <= p < e for s, e, _ in mine) and not _a_channel(ph)]
    return sorted(kept + [(s, ph) for s, _, ph in mine if ph not in {k for _, k in kept}])

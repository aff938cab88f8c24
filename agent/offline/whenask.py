"""A question asking WHEN in the year to do something — or when the business's demand comes — answered from
the part of the knowledge base that states times of year, for the business the conversation is about.

Why: "what time of year do leads pick up?", "our busy season is July — when should the money go out?" or
"when in the year should we push hardest?" share almost no word with the section that answers them
("<Vertical> seasonality and channel notes", "Seasonal verticals should be flighted …": months, seasons,
holidays, weeks before a peak). The question names neither the business (it was said turns ago) nor the
words the KB writes for timing, so the search returns other verticals' notes or a generic flighting table
and the reader quotes it or declines. Two general rules, read from English and the KB's own text:

* the question's form: a time of year asked in words ("what time of year", "when in the year", "which
  months", "what season") or a "when should … start / push / spend / go out" question whose message names a
  point of the calendar (a month, a season, a holiday, a peak or busy season) — :func:`asks`;
* the answer's form: a sentence naming a point of the calendar or a lead time before one
  (:data:`CALENDAR`) — added to the reader's answer forms (:mod:`~agent.offline.answerforms`), so a section
  stating no time of year cannot win on shared words alone;
* the business: the conversation's business (its vertical as the look-ups named it, or the words the user
  described it by) is added to a search of this turn (:func:`query`), so its own section is among the
  passages read.

A "what time of year" noun phrase asks for a time, not for the words "time" and "year" to be said
(:mod:`~agent.offline.focus` would otherwise ask a sentence to say both): :func:`time_asked`.
"""
from __future__ import annotations

import re

from agent.offline.calendarwords import MONTH_SHORT, MONTHS
from agent.offline.passages import Unit, is_instruction, is_pointer, terms, units
from rag.anyword import any_word

MAX_WORDS = 170  # an answer quotes, it does not paste a section (the reader's limit)
_MONTH = "(?:" + "|".join(MONTHS + MONTH_SHORT) + ")"
# a point of the calendar as sentences (and users) write it: a month, a season, a holiday, a quarter, a peak or
# busy season, the year's end or start, a lead time before one ("6 to 10 weeks before", "several months earlier")
CALENDAR = re.compile(
    rf"\b{_MONTH}\b(?!-)|\b(?:spring|summer|winter|autumn)\b|\b(?:in|the|this|next|last|early|late) fall\b|"
    r"\bholidays?\b|\bchristmas\b|\bthanksgiving\b|\beaster\b|\bhalloween\b|\bvalentine'?s?\b|\bblack friday\b|"
    r"\bcyber monday\b|\bprime day\b|\bback[- ]to[- ]school\b|\bnew year\b|\byear[- ]end\b|\bend of (?:the )?year\b|"
    r"\b(?:first|second|third|fourth|last|final) (?:quarter|months?|weeks?) of the year\b|\bq[1-4]\b|"
    r"\b(?:peak|busy|high|low|slow|off|tax|holiday|wedding|engagement|enrol?lment|booking|travel|open(?:ing)?) ?seasons?\b|"
    r"\bseasonal(?:ity)?\b|\bseason\b|\bcalendars?\b|\bpeaks?\b|\btime of (?:the )?year\b|"
    r"\b(?:\d+|a few|few|several|two|three|four|six|eight|ten)(?:\s*(?:to|-|–)\s*\d+)? (?:weeks?|months?) "
    r"(?:before|earlier|ahead|in advance|out)\b", re.I)
# a heading naming the timing it is about ("Financial calendar peaks", "Fiscal-year timing for software buyers")
_TIMED_HEAD = any_word("calendars?", "timing", "peaks?", "fiscal[- ]year")
# the question asks a time of year in words
_TIME_OF_YEAR = re.compile(r"\b(?:what|which) (?:time|times|part|parts|point) of (?:the )?year\b|"
                           r"\b(?:what|which) (?:months?|seasons?|quarters?)\b|\bwhen in the year\b|"
                           r"\bwhen (?:during|in) the (?:year|calendar|season)\b|\btime of (?:the )?year\b|"
                           r"\b(?:busiest|slowest|best|worst) (?:time|months?|season|part) of (?:the )?year\b", re.I)
# "when should prospecting start", "when should the ad money go out", "when do leads pick up": a when-question
# of spending or of demand — a time of year only when the message names a point of the calendar. A verb of
# starting or running asks it only of the spend ("when should we start the test?" asks no time of year)
_WHEN = r"\bwhen (?:should|do|does|would|could|can|must|will|to|is|are)\b"
_DEMAND_VERB = re.compile(_WHEN + r"(?: [\w'-]+){0,5}? (?:push|spend|peak|peaks|pick up|picks up|heat up|heats up|ramp(?: up)?|"
                          r"increase|scale(?: up)?|go heavy|go big|load up|front-?load|be heaviest|be highest)\b", re.I)
_START_VERB = re.compile(_WHEN + r"(?P<who>(?: [\w'-]+){0,5}?) (?:start|starts|begin|begins|kick off|launch|go out|go live|run|"
                         r"running|turn on|switch on|hit)\b", re.I)
_SPEND = re.compile(r"\b(?:ads?|advert\w*|money|budget|spend\w*|prospecting|retargeting|campaigns?|media|marketing|"
                    r"promotions?|promo)\b", re.I)
# a noun phrase naming a time ("what time of year …"): what is asked is a time, which :data:`CALENDAR` judges
_TIME_NP = re.compile(r"^\s*(?:time|times|part|parts|point|months?|seasons?|weeks?|quarters?)(?: of (?:the )?year)?\s*$",
                      re.I)


def asks(text: str) -> bool:
    """Does the message ask when in the year (see the module doc)?"""
    if _TIME_OF_YEAR.search(text):
        return True
    m = _DEMAND_VERB.search(text) or ((s := _START_VERB.search(text)) and _SPEND.search(s.group("who")) and s)
    return bool(m) and bool(CALENDAR.search(text[:m.start()] + " " + text[m.end():]))


def time_asked(noun_phrase: str) -> bool:
    """Is a wh-word's noun phrase a time ("time of year", "months")? Then a time is asked, not its words."""
    return bool(_TIME_NP.match(noun_phrase or ""))


def query(text: str, focus: str, business: str | None) -> str | None:
    """A search for the question with the conversation's business beside it, when it asks when in the year and
    does not say the business itself; else None."""
    if not business or not asks(text):
        return None
    words = [w for w in re.findall(r"[\w'-]+", business) if w.lower() not in focus.lower()]
    return f"{focus} {' '.join(words)}"[:400] if words else None


def _searched(question: str, focus: str, business: str, outcomes) -> list[dict]:
    """The passages of this turn's search with the business beside the question (:func:`query`)."""
    asked = query(question, focus, business)
    return [p for o in outcomes if o.name == "search_knowledge_base" and o.found and (o.input or {}).get("query") == asked
            for p in o.passages]


# a profile block of a plain-text KB: a capitalised caption over "Label: value" lines ("CHARTER SCHOOLS - ENROLLMENT
# PROFILE" / "Peak Season: January to April"), which the sentence reader leaves out as declared fields
_CAPTION = re.compile(r"^(?=[^a-z]*[A-Z]{3})[A-Z0-9][^a-z:]{6,}$")
_FIELD = re.compile(r"^(?!META)[A-Z][A-Za-z /&'-]{2,40}:\s+\S.*$")


def _blocks(text: str) -> list[tuple[str, list[Unit]]]:
    """Each profile block's caption and its "Label: value" lines naming a point of the calendar."""
    out: list[tuple[str, list[Unit]]] = []
    caption = ""
    for ln in text.splitlines():
        ln = ln.strip()
        if _CAPTION.match(ln) and not set(ln) <= set("-=_ "):
            caption = ln
            out.append((caption, []))
        elif not ln:
            caption = ""
        elif caption and _FIELD.match(ln) and CALENDAR.search(ln.partition(":")[2]):
            out[-1][1].append(Unit(caption, f"{caption.title()} — {ln.rstrip('.')}.", -1))
    return [(c, us) for c, us in out if us]


def _sections(passages: list[dict], named: set[str]) -> list[tuple[dict, str, list, bool]]:
    """Each section of ``passages`` in rank order: (passage, its heading, its sentences, does its heading path
    or file name name the business); a profile block's dated lines after its passage's sections."""
    out = []
    for ps in passages:
        where = ps.get("source", "")
        by: dict[str, list] = {}
        for u in units(ps.get("text", "")):
            if not is_instruction(u.text) and not is_pointer(u.text):
                by.setdefault(u.heading, []).append(u)
        for head, us in [*by.items(), *_blocks(ps.get("text", ""))]:
            path = f"{where} {head}".replace("-", " ").replace("_", " ")
            out.append((ps, head, us, bool(named & set(terms(path)))))
    return out


SUBJECT_WORDS = 6  # a sentence is about the business it names among its first words: its subject ("Wedding venues should …")


def _about(named: set[str], sentence: str) -> bool:
    """Does the sentence name the business as its subject, not in passing ("… less driven by the holiday quarter than
    in retail" is about another business)?"""
    return bool(named & set(terms(" ".join(sentence.replace("-", " ").split()[:SUBJECT_WORDS]))))


def read(question: str, focus: str, business: str, outcomes, answer: str, k: int) -> str | None:
    """The business's own statement of its times of year, cited, when the question asks when in the year and this
    turn searched with the business beside it; None when the answer already quotes it or no section of the
    business names a point of the calendar. The section whose heading or file names the business comes whole
    (its sentences naming a point of the calendar, as far as ``k``); in a section over several businesses, only those
    about this one (:func:`_about`)."""
    if not asks(question):
        return None
    passages = _searched(question, focus, business, outcomes)
    named = set(terms(business.replace("-", " "))) - set(terms(focus))
    if not named:
        return None
    best, score = None, 0
    for ps, head, us, whole in _sections(passages, named):
        own = [u for u in us if CALENDAR.search(u.text) and (whole or _about(named, u.text))]
        dated = len(own) + (2 if own and (CALENDAR.search(head) or _TIMED_HEAD.search(head)) else 0)  # about timing
        if dated > score:
            best, score = (ps, own), dated
    if best is None:
        return None
    ps, us = best
    said: list[str] = []
    for u in us:
        if len(said) >= k or (said and len(" ".join(said + [u.text]).split()) > MAX_WORDS):
            break
        said.append(u.text)
    if answer.partition("]: ")[2].startswith(said[0]):
        return None  # the reader quoted it already
    return f"Based on Knowledge Base [{ps['id']}]: " + " ".join(said)

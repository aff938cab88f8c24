"""What a sizing question asks: the words that describe the people, and whether "how many" counts
people at all ("how many times", "how many clicks" count events and priced units, not an audience).

Why a module: the policy decides *that* the sizing tool is called; what to hand it is read here,
from the sentence that asks the size.
"""
from __future__ import annotations

import re

from agent.offline import kbmetrics
from agent.offline.parse import HEADCOUNT
from agent.offline.unitmetric import unit_metric
from agent.offline.passages import STEP, message_sentences
from agent.offline.places import blanked, without_places
from rag.regexes import compiled


# the size something ought to have: "how big should the holdout group be", "how large must a test cell be"
_ADVISED_SIZE = re.compile(r"\bhow (?:big|large) (?:should|must|ought to|would|does|do) (?:[\w-]+ ){1,5}?(?:be|get|need to be)\b", re.I)


def counts_things(text: str) -> bool:
    """"how many times …" (how often), "how many steps …", "how many clicks …", "how many weeks …": a count of events, time,
    parts or priced units, not of people — no audience to size; nor is a question of which step is
    about a count."""
    if re.search(r"\b(?:which|what) (?:step|stage|phase)\b", text, re.I):  # "which step is about how many …": the framework
        return True
    if _ADVISED_SIZE.search(text):  # "how big should the holdout be?": the size advised, a rule — no people counted
        return True
    m = re.search(r"\bhow many (?:more |extra )?(?:of (?:those|these|the|our|them|all) )?([a-z]+)", text, re.I)
    noun = re.sub(r"ies$", "y", m.group(1).lower()) if m else ""  # "how many of those inquiries": an inquiry
    if re.search(r"\d\s*%\s+of\s+(?:those |these |the |our |them |all )?[a-z]+\s+(?:convert|turn|become|book|buy|sign)",
                 text, re.I):  # "how many patients if 8% of the clicks convert?": a rate on a count, no audience
        return True
    return noun in ("times", "steps", "stages", "phases", "hours", "days", "weeks", "months", "quarters", "years") or bool(
        noun and (unit_metric(re.sub(r"s$", "", noun)) or kbmetrics.priced(noun)))  # "how many months …": a span of
    # time, no people; "how many of those inquiries …": a unit the KB prices ("cost per qualified inquiry"), no people


# the size of a group of people asked as a noun phrase: "what's the size of the homeowner audience in texas?",
# "audience size for new parents", "the size of our market of retirees" — a sizing question without "how many"
SIZE_OF_PEOPLE = re.compile(r"\bsize of (?:the |our |my |that |this |an? )?[^.?!]{0,40}?\b(?:audience|people|households?|"
                            r"population|adults|consumers|buyers|shoppers)\b|\baudience size\b"
                            r"|\bpopulation (?:of|in)\b", re.I)  # "what's the population of Otago?": everyone there, counted


def audience_phrase(text: str, places: "list[str] | tuple[str, ...]" = ()) -> str:
    """The words that describe the people asked about, for the sizing tool to match: those of the
    sentence that asks the size, when one does ("We sell solar. How many homeowners are there?"),
    without the ``places`` the message was read to name, however they were typed ("in boise": a
    market the KB lists, in lower case, is the geography asked, not a word of who is counted)."""
    asked = [x for x in message_sentences(text) if re.search(r"\bhow (?:many|big|large)\b|" + HEADCOUNT.pattern, x, re.I)
             or SIZE_OF_PEOPLE.search(x)]
    said = _question_clause(asked[0]) if asked else text
    said = _AFTERTHOUGHT.sub("", said)  # "…, that's where our buyers are": a clause about them, not who they are
    said = _PLACE_KIND.sub(r"in \1", said)  # "in the Richmond area": in Richmond
    said = without_places(said)  # the places it reads itself ("the florida metro"), then those read another way
    for place in places:
        said = blanked(said, place)
    t = STEP.sub(" ", said)
    t = re.sub(r"^\s*(?:the\s+)?total\b|\b(?:(?:head)?count\s+(?:for|in|across)|number\s+of)\b", " ", t, flags=re.I)  # "household count for …"
    t = re.sub(r"\b(?:size|audience|pool|universe|segment)\s+of\b|^\s*what(?:'s|’s|\s+is)\b|\baudience(?:\s+size)?\b(?=\s*(?:in|for|across|[?.!]|$))",
               " ", t, flags=re.I)  # "the audience of moms", "what's … the homeowner audience in texas": moms, homeowner
    t = re.sub(r"\bhow (?:many|big|large)\b|\b(?:are|is|there|live|in|across|around|the|of|them|they|that|group|"
               r"do|does|we|our|us|i|my|a|an|actually|really|just|and|or|also|both|plus|anyway|again|exactly|roughly|"
               r"approximately|altogether|overall|though)\b|[?.!,]", " ", t, flags=re.I)
    t = _HAVE.sub(" with ", t)  # "how many households … have a child under five": households with a child under five
    return " ".join(t.split())[:200] or text[:200]


# a named place said with its kind: "in the Richmond area", "around the Denver metro", "across the Waikato region"
_PLACE_KIND = re.compile(r"\b(?:in|around|across|near)\s+the\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})\s+(?:area|region|metro(?:\s+area)?|"
                         r"market)\b")
# the people's own thing said with a verb ("households have a child", "people who own a dog"), as a label says it: "with"
_HAVE = re.compile(r"\s(?:who |that )?(?:have|has|own|owns)\s(?!(?:been|had|done|gone|seen|bought|used|visited|tried|got|"
                   r"to|not|no)\b)", re.I)


# a clause said after the question, about the people rather than naming them: "how many … in ohio, that's where our
# buyers are", "…, since we ship there", "…, because that's our market"
_AFTERTHOUGHT = re.compile(r"(?<=\w)\s*[,;–—]\s*(?:that'?s|thats|that is|which is|since|because|cause|as that|as we|so we)\b.*$",
                           re.I | re.S)
# a scene said before the question in the same sentence: "bridal shop in toronto, how many people planning a wedding …"
_SCENE_CUT = re.compile(r"[,;:–—]\s*(?=how (?:many|big|large)\b)|\s-\s+(?=how (?:many|big|large)\b)", re.I)
_NAMES_PEOPLE = re.compile(r"how (?:many|big|large)\s+(?!(?:is|are|was|were|do|does|did|would|could|can|should|will|too|of|"
                           r"more|less|much)\b)[a-z]", re.I)
_GENERIC = re.compile(r"\b(?:how (?:many|big|large)|people|persons|folks|individuals|are|is|there|in|the|of|a|an|live|"
                      r"living|total|altogether|roughly|about|around)\b|[?.!,]", re.I)


def _question_clause(sentence: str) -> str:
    """The clause of ``sentence`` that asks the size, when a scene ("bridal shop in toronto,") is said before it and
    the clause names the people itself (more than "how many people are there"); else the whole sentence."""
    cuts = list(_SCENE_CUT.finditer(sentence))
    if not cuts:
        return sentence
    clause = sentence[cuts[-1].end():]
    if not _NAMES_PEOPLE.match(clause):  # "…, how many is too many?": no people named after the question words
        return sentence
    return clause if _GENERIC.sub(" ", without_places(clause)).strip() else sentence


_SIZED_LIST = re.compile(r"\(sized(?: audiences)?: ([^)]*)\)")


def not_about_others(outcomes: list, passages: list[dict]) -> list[dict]:
    """The passages, less those whose section names another audience, when the sizing tool said it does
    not size the one asked ("sized audiences: new parents; retirees; …"): a worked example for new parents
    in Texas, or a list of solar-ready homeowners by market, is no answer to how many cyclists live there —
    its figure is another audience's."""
    sized = {n.strip().lower() for o in outcomes if o.name == "get_audience_sizing" and not o.found and not o.is_error
             for m in _SIZED_LIST.finditer(o.content) for n in m.group(1).split(";") if n.strip()}
    if not sized:
        return passages
    def about_other(ps: dict) -> bool:  # its section, or its text, names a sized audience: "SOLAR-READY HOMEOWNERS"
        said = (ps.get("source", "").partition("›")[2] + "\n" + ps.get("text", "")).lower()
        return any(compiled(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])").search(said) for n in sized)
    return [ps for ps in passages if not about_other(ps)]


def elsewhere(miss: tuple[str, str], para: str) -> bool:
    """The sizing tool's miss ("… only for United States, Florida, not for Ohio") still stands beside a
    passage read instead when that passage never names the place asked: its figure is another place's, so
    the answer says the asked place has none."""
    m = re.search(r"\bnot for ([^.;()]+?)\s*$", (miss[1] or "").strip(" .)"))
    if m:
        return m.group(1).strip().lower() not in (para or "").lower()
    # "it does not size 'golf players'": a passage that never names those people is no size of them
    # (a search after the miss can quote a sentence about the country the user named)
    who = re.search(r"does not size '([^']+)'", miss[1] or "")
    if not who:
        return False
    low = (para or "").lower()
    words = [w for w in re.findall(r"[a-z]{4,}", who.group(1).lower()) if w not in _GENERIC_WHO]
    if not words:  # "people", "households" alone: everyone there — a passage naming the place asked states that count
        place = re.search(r"\bin ([^()]+?)\s*$", miss[0] or "")
        name = re.sub(r"\s+dma$", "", place.group(1).strip().lower()) if place else ""
        return not (name and re.search(r"\b" + re.escape(name.split()[0]) + r"\b", low))
    return not any(w[:5] in low for w in words)


_GENERIC_WHO = {"people", "adults", "households", "owners", "players", "users", "customers", "buyers", "there", "many"}

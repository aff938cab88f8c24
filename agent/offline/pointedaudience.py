"""People named by reference in a sizing question: "our buyers are basically small business owners. how many of those in
Dallas?" asks how many small business owners there are in Dallas.

Why: the sizing tool is handed the words of the sentence that asks the size (:func:`~agent.offline.sizing.audience_phrase`),
and when that sentence names the people only by a pointer — "those", "them", "these people", "that group" — the tool
was asked to size "those" and declined, although the user had just said who they are. English says it in the
sentence before: a description of one's own buyers ("our customers are mostly X", "X are our main buyers"), or
of whom one sells to or targets ("we sell scrubs to X", "we go after X"). So the pointer is read as that noun
phrase: first from the earlier sentences of the same message, else from the previous user message — whose
description, when it has none, may be the audience that turn sized. A sentence that names the people itself
("how many of those gamers…") or a message with no such description is left as typed.
General rules only: English pointers, the copula and verbs of selling and targeting; no KB's or data set's words.
"""
from __future__ import annotations

import re

from agent.offline.passages import message_sentences

# a size asked of a pointer: "how many of those", "how many of them are", "how many of these people", "how big is that
# group", "how many such folks"
_GENERIC = r"people|persons|folks|guys|ones|individuals|customers|buyers|users|clients|shoppers|members|patients"
_POINTED = re.compile(r"\b(?P<ask>how (?:many|big|large)\s+(?:(?:is|are|would|will)\s+)?)(?P<ptr>(?:of\s+)?(?:all\s+)?(?:those|these|them|"
                      r"such|that (?:group|crowd|segment|audience|bunch)|this (?:group|crowd|segment|audience|bunch))"
                      rf"(?:\s+(?:{_GENERIC}))?)\b(?!\s+(?!(?:{_GENERIC}|are|is|live|living|work|working|based|located|"
                      r"in|across|around|there|out|of|do|we|would|could|might|will|nationally|nationwide|statewide)\b)[a-z]+s\b)",
                      re.I)
# who one's buyers are, in the words of a description: "our buyers are basically X", "X are our core customers",
# "we sell scrubs to X", "we mostly go after X"
_WHO = r"(?:buyers|customers|clients|users|patients|members|audience|market|shoppers|guests|students|subscribers|" \
       r"readers|donors|fans|players|base|target|targets|demographic|crowd|people)"
_QUALIFIER = r"(?:(?:basically|mostly|mainly|largely|primarily|usually|typically|generally|all|pretty much|really|just|" \
             r"kinda|kind of|sort of|almost all|nearly all|overwhelmingly|predominantly)\s+)*"
_OURS = re.compile(rf"\b(?:our|my)\s+(?:[a-z-]+\s+){{0,2}}?(?:{_WHO}|[a-z]+s)\s+(?:is|are|=|:)\s+{_QUALIFIER}(?P<np>.+)$", re.I)  # "our families are …"
_THEIRS = re.compile(rf"^(?:(?:and|so|but|well|ok|okay)\s+)*{_QUALIFIER}(?P<np>.+?)\s+(?:is|are)\s+{_QUALIFIER}(?:our|my)\s+"
                     rf"(?:[a-z]+\s+){{0,2}}?{_WHO}\b", re.I)
_SUBJECT = r"\b(?:we|i)\b(?:['’](?:re|m))?[^.?!]{0,60}?\b"  # "we sell …", "we're a bridal chain selling …", "we run car washes and go after …"
_SELL_TO = re.compile(_SUBJECT + r"(?:sell|selling|sells|market|marketing|pitch|pitching|advertise|advertising|cater|catering|supply|"
                      r"supplying|provide|providing)\b[^.?!]*?\b(?:to|for)\s+" + rf"{_QUALIFIER}(?P<np>.+)$", re.I)
_AIM_AT = re.compile(_SUBJECT + r"(?:target|targeting|serve|serving|reach|reaching|go after|going after|focus on|focusing on|aim at|"
                     r"aiming at|work with|working with)\s+" + rf"{_QUALIFIER}(?P<np>.+)$", re.I)
# where the noun phrase ends: a clause of its own, a question, a hedge
_END = re.compile(r"\s*(?:[,;:()]|\s[-–—]\s|\b(?:and|so|but|because|since|who are|which|that is|i think|i guess|tbh|honestly|"
                  r"mostly|basically|right now|these days)\b)", re.I)
_MAX_WORDS = 8  # a noun phrase, not a story
# a phrase that names no people: a pointer itself, a source or channel ("from google", "on tiktok"), a count ("40 stores")
_NOT_PEOPLE = re.compile(r"(?:those|these|them|they|it|that|from|on|in|at|by|via|through|over|under|with|into)\b|\d", re.I)
# what a headcount question says after its pointer besides the place: being there, living or working there, roughly —
# "how many of those convert?", "… should we visit?" ask about something else than how many there are
_COUNTED_THERE = frozenset("are is were be would will there here live living lives work working based located reside residing "
                           "exist in across around within throughout at near of out the whole all entire state country area "
                           "metro market dma region city total altogether roughly approximately about approx exactly do we "
                           "you think have has right now today".split())


def _phrase(sentence: str) -> str | None:
    """The noun phrase a sentence says the user's buyers are (module doc), or None."""
    s = " ".join(sentence.strip().rstrip(".!?").split())
    for pat in (_OURS, _SELL_TO, _AIM_AT, _THEIRS):
        m = pat.search(s)
        if not m:
            continue
        np = m.group("np")
        if pat is not _THEIRS:
            cut = _END.search(np, 1)
            np = np[:cut.start()] if cut else np
        np = re.sub(r"^(?:the|a|an)\s+", "", _placeless(np).strip(" .,"), flags=re.I)
        if np and len(np.split()) <= _MAX_WORDS and not _NOT_PEOPLE.match(np):
            return np
    return None


def _placeless(np: str) -> str:
    """``np`` without the place it ends with ("wealthy travellers around New York"): the message names its places
    where it said them, and the place asked is the question's own — said twice, it would be looked up twice."""
    from agent.offline.places import geographies  # imported late: places reads the vocabulary's tables
    found = geographies(np)
    if not found or found[0][0] == 0:
        return np
    cut = re.sub(r"(?:\s+(?:in|around|across|near|throughout|from|of|at|based in|located in|living in|who live in))+\s*$", "",
                 np[:found[0][0]].rstrip(), flags=re.I)
    return cut if cut.strip() else np


def _counted_there(rest: str) -> bool:
    """Does the rest of the asking sentence (after the pointer) only say where, or that they are there (a headcount)?"""
    from agent.offline.places import without_places  # imported late: places reads the vocabulary's tables
    said = re.split(r"[.?!;]", rest, maxsplit=1)[0]
    words = [set(re.findall(r"[a-z]+", without_places(form).lower())) for form in (said, said.title())]  # "the new york dma"
    return words[0] & words[1] <= _COUNTED_THERE


def _sized(outcomes: list) -> str | None:
    """The audience the sizing tool found on a turn, as it was asked."""
    return next((o.input.get("audience_type") for o in outcomes or [] if o.name == "get_audience_sizing" and o.found), None)


def named(text: str, earlier: list) -> str:
    """``text`` with the pointer of its sizing question read as the people the user just described: from an earlier
    sentence of ``text``, else from the last earlier message (``earlier``: (text, outcomes) pairs, or texts), else the
    audience that message sized; ``text`` unchanged when nothing is pointed at or no description is found."""
    m = _POINTED.search(text or "")
    if not m or not _counted_there(text[m.end("ptr"):]):
        return text
    before = [s for s in message_sentences(text[:m.start()]) if s.strip()]
    np = next((x for x in map(_phrase, reversed(before)) if x), None)
    if np is None and earlier:
        last = earlier[-1]
        said, outcomes = (last if isinstance(last, tuple) else (last, []))[:2]
        from agent.offline import typed  # the previous message as the rules read it ("biz", "ur")
        np = next((x for x in map(_phrase, reversed(message_sentences(typed.read(said or "")))) if x), None) or _sized(outcomes)
    if not np:
        return text
    return text[:m.start("ptr")] + np + text[m.end("ptr"):]

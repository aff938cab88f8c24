"""What a question asks FOR — its focus — must be something a passage states, not merely words the
passage happens to share. "What interest rate should I expect on a small-business loan?" shares
"small business" with an audience-sizing passage, but asks for an interest rate, which no sentence
there states; "can I sue a rival for bidding on my trademark?" shares "bidding" and "trademark" with
a search passage, but asks whether a lawsuit stands, which no sentence there speaks of.

Two kinds of focus are read from plain English structure:

- a wh-determiner's noun phrase ("what hourly rate should …", "what's the interest rate on …"): its
  words outside the media-planning vocabulary (:func:`~agent.offline.passages.domain_stems`) and
  outside the words every figure question uses must meet in one sentence of the passages, a sentence
  about the question's subject (sharing another of its words: a real-estate agent's commission is
  not an affiliate's);
- a legal verdict ("is it legal to …", "can we sue …", "take them to court"): one sentence must speak
  in the verdict's own terms (lawful / allowed … or a lawsuit) about every non-domain word of its subject.

A focus held by the planning vocabulary ("what weekly frequency cap …") is never second-guessed here.
"""
from __future__ import annotations

import re

from agent.offline import tradegoods, whenask
from agent.offline.aswritten import joined
from agent.offline.passages import _DOMAIN, domain_stems, sentences, terms
from rag.regexes import compiled

_AUX = r"(?:should|do|does|did|is|are|was|were|can|could|will|would|might|must|shall|have|has)"
# "what hourly rate should …": the noun phrase between the wh-determiner and the auxiliary is what is asked for
# ("what if …" and "what about …" open a condition or a topic, not a noun phrase: "what if the money can …")
_WH_NP = re.compile(rf"(?:^|[.!?,;]\s*|\b(?:so|and|ok|but)\s+)(?:what|which)\s+(?!{_AUX}\b|if\b|about\b)"
                    rf"(?P<np>(?:[a-z][\w-]*\s+){{1,3}}?){_AUX}\b"
                    # "what's the interest rate on …": the noun phrase after the copula, up to its preposition
                    rf"|(?:^|[.!?,;]\s*)(?:what|which)(?:['’]s|\s+is|\s+are)\s+(?:the|a|an|my|our|your)\s+"
                    rf"(?P<np2>(?:[a-z][\w-]*\s*){{1,3}}?)(?=\s+(?:on|for|of|in|at|to|with|when|if|per)\b|\s*[?,]|$)",
                    re.I)
# words any figure question uses; they say nothing of what is asked about
WH_NP = _WH_NP  # "what hourly rate should …", "what's the interest rate on …": a thing asked for by name
_PLAIN = set(terms("typical average usual normal good fair reasonable realistic sensible right ideal ballpark rough "
                   "going expected decent kind sort type level amount number figure range cost price rate much many "
                   "kind best top current standard "
                   # auxiliaries the stop list lacks ("what rate does X get?" asked the passages to say "does")
                   "does did doing gets got getting"))

_LAWSUIT = re.compile(r"\b(?:sue|sued|suing|lawsuits?|litigat\w*|take\s+(?:\w+\s+){0,3}to\s+court|liable|liability)\b",
                      re.I)
_LEGALITY = re.compile(r"\b(?:is|are|was|would|be)\s+(?:it\s+|this\s+|that\s+|they\s+)?(?:even\s+)?"
                       r"(?:legal|illegal|lawful|unlawful|against the law)\b|\b(?:legal|illegal|lawful)\s+to\b", re.I)
_VERDICT = re.compile(r"\b(?:legal\w*|illegal|lawful|unlawful|allowed|permitted|prohibited|banned|licensed|"
                      r"forbidden)\b", re.I)
# determiners, pronouns and pro-forms: "which one should we trust?" names no thing of its own
_FILLER = {"the", "a", "an", "of", "per", "to", "for", "in", "on", "kind", "sort", "type", "you", "we", "i", "they",
           "our", "my", "your", "their", "one", "ones", "else", "this", "that", "these", "those", "other", "others",
           "either", "neither", "another", "any", "each", "every", "all", "both", "some", "such", "thing", "things",
           "something", "anything", "option", "options", "way", "ways", "exactly"}
_LEGAL_WORDS = set(terms("legal illegal lawful unlawful law sue sued suing lawsuit court liable liability even"))


def _np_words(question: str) -> set[str]:
    """The words of a wh-determiner's noun phrase that neither the planning vocabulary nor a plain
    figure question accounts for ("interest" of "what interest rate should …"), stemmed — a word the
    analyzer drops as a stop word ("interest") kept as typed."""
    words: set[str] = set()
    for m in _WH_NP.finditer(question):
        if whenask.time_asked(m.group("np") or m.group("np2")):
            continue  # "what time of year …": a time is asked, which the reader's answer forms judge
        for w in re.findall(r"[a-z][a-z-]+", (m.group("np") or m.group("np2")).lower()):
            stem = terms(w)
            if w in _DOMAIN or (stem and stem[0] in domain_stems()):
                return set()  # a planning thing is asked for ("what weekly frequency cap …"): not second-guessed
            if (stem and stem[0] in _PLAIN) or w in _FILLER or (not stem and len(w) < 6):
                continue  # a short stop word the analyzer drops is a function word
            words.add(stem[0] if stem else w)  # compared stemmed, or as typed when the analyzer drops it
    return words


def planning_focus(question: str) -> list[str]:
    """The planning terms a wh-determiner's noun phrase asks a figure of, as typed ("payback" of "what's the
    typical payback period …", "MER" of "what's a good MER …") — not the look-up metrics (their tools say
    plainly when a figure is missing) nor the words every figure question uses."""
    from mpa.vocabulary import VOCABULARY, match_terms
    out = []
    for m in _WH_NP.finditer(question):
        np = m.group("np") or m.group("np2")
        if match_terms(np, VOCABULARY["metrics"]):
            continue
        out += [w for w in re.findall(r"[A-Za-z][\w:-]*", np) if (w.lower() in _DOMAIN or set(terms(w)) & domain_stems()
                                                               or re.fullmatch(r"[A-Z]{2,5}", w))
                and not set(terms(w)) & _PLAIN]  # a planning word, or an acronym ("MER")
    return out


def _says(word: str, sentence: str) -> bool:
    return word in terms(sentence) or bool(compiled(rf"\b{re.escape(word)}", re.I).search(sentence))


# the things of tax, pay, employment and law — other professions' questions, whatever planning words surround them
# ("charge sales tax when we resell media", "paid vacation days for our media buyers"): one sentence must name them
_TRADE = re.compile(r"\b(?:(?P<mod>[a-z][a-z-]+)\s+)?(?P<thing>tax|taxes|taxed|taxable|vat|deduct\w*|depreciat\w*|"
                    r"salary|salaries|wages?|payroll|hourly|vacation|pension|statute|invoic\w*|mortgage|loans?|visas?)\b"
                    r"(?:\s+of\s+(?P<of>[a-z]+)|\s+(?P<head>[a-z]+))?", re.I)
_FUNCTION = set("a an the our my your their its of for to on in at by with as and or any some this that what which how "
                "do does did is are be can could should would will we i you they it".split())


def trade_stated(question: str, said: list[str]) -> bool:
    """Is each tax, pay, employment or legal thing the question names ("sales tax") named by one sentence, with
    the word before it when that word qualifies it (a "trade-spend tax" is no sales tax) and its "of" complement
    (a "statute of limitations" is no privacy statute), compared stemmed ("deductibles" are no deduction)?"""
    for m in _TRADE.finditer(question):
        mod = (m.group("mod") or "").lower()
        mod = "" if mod in _FUNCTION or mod in _DOMAIN or set(terms(mod)) & domain_stems() else mod
        head = (m.group("head") or "").lower()  # "tax rate": the thing is a rate, said with its modifier
        if head and set(terms(head)) & _PLAIN and not any(re.search(rf"\b{re.escape(m.group('thing'))}[\s-]+"
                                                                   rf"{re.escape(head)}", u, re.I) for u in said):
            return False
        need = set(terms(f"{m.group('thing')} {m.group('of') or ''}")) - _PLAIN  # "statute of limitations": both
        if not any(need <= set(terms(u)) and (not mod or re.search(rf"\b{re.escape(mod)}[\s-]+{re.escape(m.group('thing'))}",
                                                                      u, re.I)) for u in said):
            return False
    return True


def trade_unstated(question: str, passages: list[dict]) -> bool:
    """Does the question name a tax, pay, employment or legal thing that no sentence of ``passages`` names
    (:func:`trade_stated`)? The passages are read only when it names one (most questions name none)."""
    question = _TRADE_BUSINESS.sub(" ", question)  # "we're a mortgage broker": the speaker's business, not the question
    question = tradegoods.as_goods(question)  # "pushing loans", "loan searches": the goods advertised, not the question
    return bool(_TRADE.search(question)) and not trade_stated(
        question, [u for ps in passages for u in sentences(ps.get("text", ""))])


# the thing names the speaker's own business when a word for a business follows it ("mortgage broker", "payroll
# app", "tax prep firm"): what they sell, which says nothing of what the question asks
_TRADE_BUSINESS = re.compile(r"\b(?:tax|vat|payroll|mortgage|loans?|visas?|invoic\w*|pension)(?:\s+(?:prep|preparation|"
                             r"filing|processing|advice|refinanc\w*))?\s+(?:brokers?|brokerage|company|companies|firms?|"
                             r"business|tool|app|software|startup|agency|lenders?|provider|service|practice|shop|office|"
                             r"platform|product|advisors?|consultan\w*|franchis\w*|chain|studio|clinic|"
                             r"officers?|agents?|reps?|specialists?|team|staff)\b", re.I)  # … or its people: "our loan officers"


def stated(question: str, passages: list[dict]) -> bool:
    """Do the passages state what the question asks for (see module doc)? True when no focus is read. The
    question is read with the passages' closed compounds it writes apart as one word ("the base line" is
    their "baseline", not a "base" and a "line" to be said)."""
    question = joined(question, passages)
    said = [u for ps in passages for u in sentences(ps["text"])]
    if not trade_stated(question, said):
        return False
    if _LAWSUIT.search(question) or _LEGALITY.search(question):
        verdict = _LAWSUIT if _LAWSUIT.search(question) else _VERDICT  # a lawsuit asked: a lawsuit spoken of
        subject = {w for w in terms(question) if w not in domain_stems() | _DOMAIN and w not in _LEGAL_WORDS}
        return any(subject <= set(terms(u)) for u in said if verdict.search(u))
    focus = _np_words(question)
    if not focus:
        return True
    # the sentence stating it is about the question's subject: it shares one more of the question's words, if any
    rest = set(terms(question)) - focus - _PLAIN - set(terms(" ".join(_FILLER)))
    if any(all(_says(w, (ps.get("source") or "").partition("›")[2]) for w in focus) for ps in passages):
        return True  # a section named for what is asked ("Travel seasonality: the booking-window offset rule") states it
    # a sentence is about what its passage's headings say ("… the complaint rate …" under "Email › Deliverability")
    about = {u: set(terms(u)) | set(terms(re.sub(r"[-_.]", " ", ps.get("source") or ""))) for ps in passages
             for u in sentences(ps["text"])}
    # … and a heading names what its sentences are about: "their completion rate" under "Section 2 - Twitch" states
    # Twitch's completion rate (one focus word at least said by the sentence itself), the section's subject the asked one
    head = {u: (ps.get("source") or "").partition("›")[2] for ps in passages for u in sentences(ps["text"])}
    return any(all(_says(w, u) or _says(w, head[u]) for w in focus) and any(_says(w, u) for w in focus)
               and (not rest or rest & about[u] or any(_says(w, head[u]) for w in focus)) for u in said)

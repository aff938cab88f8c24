"""A price asked as the cost of getting a person to do something ("how much does it cost to get someone to sign up?",
"what should it cost to get a person to ask for info?"): the price per that action, named as a noun the benchmark
tool resolves against what the KB says each metric counts ("cost per sign-up", "cost per inquiry").

Why a module: the price forms the parser reads name a thing ("the cost to land a new customer"); this idiom names an
action a person takes, so no unit was read and the question was searched as it stood — a passage on another metric
answered it, or nothing did. English gives the unit: the verb phrase after "get <someone> to", said as the noun of
that action. The common actions of advertising are named by their usual nouns (sign up → sign-up, ask for info →
inquiry, apply → application, buy → purchase …); any other verb phrase is handed over as said ("cost per <verb
phrase>"), for the tool to resolve or to say the KB has no such figure.
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

_WHO = r"(?:someone|somebody|anyone|a person|people|a customer|customers|a user|users|folks|them|a visitor|visitors|" \
       r"a prospect|prospects|a student|students|a patient|patients|a shopper|shoppers|a player|players|a lead|leads)"
_ASKED = re.compile(r"(?:^\s*(?:and|or|what about|how about|now)\s+(?=(?:to get|getting) )|"  # "and to get them enrolled?"
                    r"\b(?:what|whats|how much)\b[^.?!$\d]{0,40}?\b(?:cost|costs|price|pay|paying|spend|spending|run us|"
                    r"set us back)\b[^.?!$\d]{0,30}?|\bhow much (?:is it |would it be |does it take )?)\b(?:to|getting) "
                    r"(?:get|have|make|convince|persuade)?\s*(?P<who>" + _WHO + r"|(?:an?|more|new|some) [a-z][a-z\-]*(?: [a-z][a-z\-]*)?)"
                    r" (?:to )?(?P<act>[a-z][a-z\-']*(?: [a-z][a-z\-']*){0,4})",
                    re.I)
# the usual noun of each common action (general English, first word of the verb phrase and what may follow it)
_NOUNS = [
    (r"sign(?:ed|ing)?(?:\s|-)?up|register(?:ed)?|subscribe[d]?|join(?:ed)?", "sign-up"),
    (r"(?:ask|enquire|inquire)\b.*|request (?:info|information|details|a brochure|a callback)|get in touch|reach out|"
     r"contact us|call us", "inquiry"),
    (r"appl(?:y|ied|ying)\b.*|submit an application", "application"),
    (r"(?:buy|bought|purchased?|order(?:ed)?)\b.*|check(?:ed)? ?out", "purchase"),
    (r"(?:install|download)(?:ed|ing)?\b.*", "install"),
    (r"(?:get )?enrol(?:l|led|ling|s|ls)?\b.*", "enrollment"),
    (r"(?:book(?:ed)?|schedul(?:e|ed))\b.*", "booking"),
    (r"start a (?:free )?trial|try (?:it|us|the product)\b.*", "trial start"),
    (r"fill (?:in|out)\b.*|submit (?:a|the|our) form", "form fill"),
    (r"click\b.*", "click"),
]
# … the last word of each: a noun that names an action people take, so a price put on one prices a unit
_ACTION_WORDS = frozenset(terms(" ".join(n.split()[-1] for _, n in _NOUNS if " " not in n))  # ("start" of "trial start": too wide)
                          + terms("signup enquiry registration"))
_ANYONE = re.compile(r"cost per (?:person|people|someone|somebody|anyone|folks?|one)", re.I)
_END = re.compile(r"\s+(?:with|on|from|through|via|in|for|at|if|when|and|or|but|so|these|those|this|that|now|today|"
                  r"usually|typically|normally|roughly|nowadays)\b.*$", re.I)


def phrase(text: str) -> str | None:
    """"cost per <the action's noun>" when the message asks what getting a person to act costs, else None."""
    return _said(text)[0]


def _said(text: str) -> tuple[str | None, str]:
    """(:func:`phrase`, the words for the person: "a pet owner")."""
    m = _ASKED.search(text)
    if not m or not re.search(r"\bto\s+" + re.escape(m.group("act").split()[0]), text[m.start("who"):m.end("act")]) \
            and not m.group("who").lower().endswith(("someone", "somebody", "anyone", "them", "people", "folks")):
        return None, ""
    said = m.group("act").lower().strip()
    short = _END.sub("", said).strip()   # "sign up on tiktok": the action, not where
    noun = next((n for form in (said, short) for pat, n in _NOUNS if re.fullmatch(pat, form)), None) or short
    return (f"cost per {noun}" if noun else None), re.sub(r"^(?:an?|the|more|new|some) ", "", m.group("who").lower())


def read(p, text: str):
    """``p`` with the action's price as its metric phrase when it names no metric of its own (module doc)."""
    said, who = _said(text)
    if not said or p.metrics or p.calc or [ph for ph in p.metric_phrases if not _ANYONE.fullmatch(ph) and ph != f"cost per {who}"]:
        return p  # (a price form read "to get a pet owner" as the unit: the person says no unit, the action does)
    p.metric_phrases = [said]
    return p


def names_action(word: str) -> bool:
    """``word`` is the noun of a common action people take on an ad (module doc: "sign-up", "inquiry", "booking",
    "install" …), a unit a price may be put on ("how much per webinar sign-up") though no metric's name says it."""
    first = terms(word)[:1]
    return bool(first) and first != ["sign"] and first[0] in _ACTION_WORDS  # (a bare "sign" is the verb: "each person who signs")

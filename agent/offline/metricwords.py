"""Benchmark metrics said in everyday words that :mod:`agent.offline.metricforms` does not read yet:
"what return would she be looking at" (a return on ad spend asked bare), "the money we get back vs what
we spend on ads" (the same ratio said as two amounts compared), "the cost to get someone to sign up for
more info" (a lead: a request for information), "and a paying customer?" / "per student who actually
enrolls and pays" (one new paying customer) and "and to land a brand new customer?" (a price carried
from the last question to one new customer).

Why a module: each is a sentence form of English — a ratio said as "back vs spent", a lead said as the
act of asking for information, a customer said as the person who pays — not a list of one metric's names.
Every form resolves to a key through the vocabulary's own names (the metric named "return on ad spend",
the "cost per <unit>" whose unit is "lead", the one named "cost per new customer"), so nothing here
lists a metric's key; with a table that lacks the name, nothing is read.
"""
from __future__ import annotations

import re

from agent.offline import cues


def _key(table: dict[str, list[str]], name: str) -> str | None:
    keys = {k for k, syns in table.items() if name in syns}
    return next(iter(keys)) if len(keys) == 1 else None


def _spans(form: re.Pattern, text: str, table: dict[str, list[str]], name: str,
           skip: "re.Pattern | None" = None) -> list[tuple[int, int, str]]:
    found = [m for m in form.finditer(text) if not (skip and skip.search(re.split(r"[.?!;]", text[:m.start()])[-1]))]
    key = _key(table, name) if found else None
    return [(m.start(), m.end(), key) for m in found] if key else []


# a return asked bare, as a question's object: "what return would she be looking at", "what kind of return is
# normal", "a good return for a shop like ours" — in a media planner the return asked is the one on the ad money
# ("return policy", "returning customers", "tax return" name other things)
_RETURN_ASKED = re.compile(
    r"\b(?:what|which)\s+(?:kind of\s+|sort of\s+|type of\s+|level of\s+)?(?:a\s+)?(?:(?:normal|typical|usual|good|"
    r"decent|healthy|realistic|average|fair|reasonable)\s+)?returns?\b(?!\s*(?:policy|policies|rate|window|visit|"
    r"customer|shopper|buyer|label|shipping|process|form|number|figure|metric|stat|multiple|of\b|-))"  # "return number": clipped names
    r"|\b(?:a|the)\s+(?:normal|typical|usual|good|decent|healthy|realistic|average|fair|reasonable)\s+returns?\b"
    r"(?=\s+(?:is|for|on|would|should|to expect|we|she|he|they|i)\b|\s*[?,.]|\s*$)", re.I)
# … or on the money put in: "return on the ad money", "returns from our marketing cash"
_RETURN_ON = re.compile(r"\breturns?\s+(?:on|from)\s+(?:the\s+|our\s+|my\s+|your\s+|their\s+|her\s+|his\s+)?"
                        r"(?:ad(?:vertising)?|ads|marketing|media)\s+(?:money|cash|dollars?|bucks|budget|spend)?", re.I)
# … or as two amounts compared: "the money we get back vs what we spend on ads", "what we make back compared to
# what we put into ads" (not "how long until we make back what we spend": a time, the payback)
_BACK_VS_SPENT = re.compile(r"\b(?:get|gets|make|makes|bring|brings|earn|earns|take|takes)\s+(?:it\s+)?back\b[^.?!;]{0,30}?"
                            r"\b(?:vs\.?|versus|compared (?:to|with)|against|relative to|for)\s+(?:what|the money|how much|"
                            r"the amount)\s+(?:we|you|they|i|she|he)\s+(?:spend|spent|put in|invest|pay)", re.I)
_WHEN = re.compile(r"\b(?:how long|when|until|till|how soon|how many (?:months|weeks|days))\b", re.I)


def return_asked(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(start, end, key): a return on the ad money asked in everyday words — the metric named "return on ad spend"."""
    if not cues.may_say(text, ("return", "back")):  # every form says a return, or money back (agent.offline.cues)
        return []
    return sorted(_spans(_RETURN_ASKED, text, table, "return on ad spend", _WHEN)
                  + _spans(_RETURN_ON, text, table, "return on ad spend")
                  + _spans(_BACK_VS_SPENT, text, table, "return on ad spend", _WHEN))


# a lead said as the act of asking for information: "the cost to get a parent to sign up for more info", "what
# we pay for each person who requests a brochure", "to get someone to ask for details"
_INFO = (r"(?:sign(?:s|ed|ing)? up|register(?:s|ed|ing)?|ask(?:s|ed|ing)?|request(?:s|ed|ing)?|enquir(?:e|es|ed|ing)|"
         r"inquir(?:e|es|ed|ing)|get(?:s|ting)?)\s+"
         r"(?:for\s+)?(?:some\s+|more\s+|further\s+)?(?:the\s+|a\s+|an\s+|our\s+|your\s+)?"
         r"(?:info\b|information\b|details\b|brochures?\b|prospectus(?:es)?\b)")
# … or as the other acts a lead is (the trade's "a lead is a form fill … or qualified contact", as KB glossaries define
# it): a form filled in or sent ("fill in the booking form online", "submit a contact form"), contact details handed
# over ("send in their contact info", "leave their number"). An inquiry (a KB may price it by its own label) or a demo or a quote asked for stays out: a KB may count it under an action of its own (CPA); so
# does "each person who fills in our form", a unit that mpa.counted resolves by what the KB says each metric counts.
_FORM_ACT = (r"(?<!who )(?<!that )(?:fill(?:s|ed|ing)?\s+(?:in|out)|complet(?:e|es|ed|ing)|submit(?:s|ted|ting)?|send(?:s|ing)?(?:\s+in)?|sent(?:\s+in)?)"
             r"\s+(?:a|an|the|our|your|their|his|her|one)\s+(?:[a-z][a-z\-]*\s+){0,3}?(?:forms?|form-fills?)\b"
             r"|(?:send(?:s|ing)?|sent|leav(?:e|es|ing)|left|give(?:s)?|giving|hand(?:s|ing)?\s+over|share(?:s)?|sharing|submit(?:s|ted|ting)?)"
             r"(?:\s+(?:us|in|over))?\s+(?:their|his|her|your|some|the)\s+(?:contact\s+(?:info(?:rmation)?|details)|details|"
             r"phone\s+number|number|email(?:\s+address)?)\b"
             )
_LEAD_ACT = re.compile(r"\b(?:pay|paying|cost|costs|price|spend|spending|charge|run|going rate)\b[^.?!;$\d]{0,60}?\b(?:"
                       + _FORM_ACT + r")|\b(?:" + _FORM_ACT + r")[^.?!;$\d]{0,40}?\b(?:cost|costs|run|set us back)\b", re.I)
_LEAD = re.compile(r"\b(?:pay|paying|cost|costs|price|spend|spending|charge|run)\b[^.?!;$\d]{0,60}?\b" + _INFO
                   + r"|\b" + _INFO + r"[^.?!;$\d]{0,40}?\b(?:cost|costs|run|set us back)\b", re.I)


def lead_asked(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(start, end, key): the price of one request for information — the "cost per <unit>" whose unit is a lead."""
    return sorted((_spans(_LEAD, text, table, "cost per lead") if cues.may_say(text, _INFO_CUE) else [])
                  + (_spans(_LEAD_ACT, text, table, "cost per lead") if cues.may_say(text, _ACT_CUE) else []))


# what every match says (agent.offline.cues): the information asked for; the form, or the contact details, handed over
_INFO_CUE = cues.written_in(_LEAD, ("info", "details", "brochure", "prospectus"))
_ACT_CUE = cues.written_in(_LEAD_ACT, ("form", "info", "details", "number", "email"))


# a follow-up that moves the price just asked to one new or paying customer: "and a paying customer?", "and per
# student who actually enrolls and pays?", "and to land a brand new customer, not somebody who already bought?"
_OPENER = r"^\W*(?:(?:ok(?:ay)?|so|right|and|also|now|then|but|what about|how about|same for|same thing for)\b[\s,]*)+"
_BUYER = r"(?:customer|client|member|student|user|subscriber|patient|guest|buyer|shopper|account holder|player|person|one)s?"
# … a customer by any name that means one who buys ("a paying player" is a payer, a game's own unit)
_CUSTOMER = r"(?:customer|client|member|student|subscriber|patient|account holder|user)s?"
_PAYING = re.compile(_OPENER + r"(?:(?:the |one |a |an |each |every |per )?(?:cost |price )?(?:of |for |per )?)?"
                     r"(?:a |an |one |each |every |per )?(?:brand[- ]new |new |first[- ]time )?paying " + _CUSTOMER + r"\b"
                     r"|" + _OPENER + r"(?:(?:the )?(?:cost |price )?(?:for |of )?)?(?:per|each|every|a|one)\s+"
                     r"(?:[a-z]+\s+)?(?:who|that)\s+(?:actually\s+|then\s+|really\s+|also\s+|finally\s+)?"
                     r"(?:[a-z]+s\s+and\s+)?(?:pays|buys|purchases|pays up)\b"
                     r"|" + _OPENER + r"(?:(?:what |how much )?(?:does it |would it |will it )?(?:cost )?)?to\s+(?:win|get|land|"
                     r"acquire|bring in|sign|sign up)\s+(?:a |an |one |each |every )?(?:brand[- ]new|new|first[- ]time)\s+"
                     + _BUYER + r"\b", re.I)


def paying_followup(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(start, end, key): a short follow-up that prices one new paying customer — the metric named "cost per
    new customer" (a question of its own, "how many paying customers do we need", names no price)."""
    if len(text.split()) > 18:
        return []
    return _spans(_PAYING, text, table, "cost per new customer")


def described(text: str, table: dict[str, list[str]]) -> list[tuple[int, int, str]]:
    """(start, end, key) of every metric ``text`` says by one of this module's forms."""
    return return_asked(text, table) + lead_asked(text, table) + paying_followup(text, table)


_INFO_OR_ACT = re.compile(_INFO + "|" + _FORM_ACT, re.I)


def unit_spans(text: str, table: dict[str, list[str]]) -> list[tuple[int, int]]:
    """Where a lead is said as the act of asking ("sign up for more info"): words that name no business."""
    part = _INFO_OR_ACT
    return [(m.start(), m.end()) for a, b, _ in lead_asked(text, table) if (m := part.search(text, a, b))]


def blanked(sentence: str) -> str:
    """``sentence`` without the ad money a return is said on ("return on our ad money"): that "our" owns the money
    spent, not a figure of the user's own to be judged."""
    return _BACK_VS_SPENT.sub(" ", _RETURN_ON.sub(" ", sentence))


# the times an ad is shown, counted: "how many times would our ads get shown", "how many times will the banner be
# seen" — each showing of an ad is an impression, the unit a price per thousand counts
_TIMES_SHOWN = re.compile(r"\bhow many times\b[^.?!;]{0,40}?\b(?:ads?|adverts?|banners?|videos?|spots?|creatives?|it|they|"
                          r"them)\b[^.?!;]{0,25}?\b(?:shown|seen|served|displayed|viewed|show up|appear)\b", re.I)


def times_shown(text: str, unit: str) -> str:
    """The unit a count asks for: "impressions" when it counts the times an ad is shown, else ``unit``."""
    return "impressions" if unit in ("times", "time") and _TIMES_SHOWN.search(text) else unit

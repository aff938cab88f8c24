"""A short question that stands on its own: "should i spend more in december", "how do i lower my cpa".

Why a module: a message naming two content words or fewer is read as leaning on the last turn
(:func:`agent.offline.searchq.leans_on_previous`: "higher?", "why not?", "what about cpc"), and the
last turn's topic is added to its search. A question people type short but whole — an auxiliary or a
wh-word, then "I" or "we" and a verb — that names its own subject (a time of year, or a metric,
platform, channel, business or audience the vocabulary knows) asks something new: carrying the last
topic ("what's a holdout group?") into "should I spend more in December?" finds the holdout section
again instead of the seasonal one. General English only: the question's shape, the calendar's words
and the vocabulary's tables.
"""
from __future__ import annotations

import re

from agent.offline.calendarwords import MONTH_SHORT, MONTHS, SEASONS
from mpa.vocabulary import VOCABULARY, match_terms

# an auxiliary or a wh-word, then the asker and a verb: "should i …", "how do we …", "can i …"
_WHOLE = re.compile(r"^\W*(?:(?:hey|hi|so|ok(?:ay)?|also|btw|quick q(?:uestion)?)\W+)*(?:(?:how|when|where|why|what)\s+)?"
                    r"(?:should|do|does|did|can|could|would|will|must|shall|is it (?:worth|ok|okay|smart|wise) to)\s+"
                    r"(?:i|we)\s+[a-z]", re.I)
# a time of the calendar: a month (not "may", the verb as often) or its abbreviation, a quarter, a season or a holiday
_CALENDAR = (*(m for m in MONTHS if m != "may"), *MONTH_SHORT, "q1", "q2", "q3", "q4", *SEASONS, "holiday", "holidays",
             "christmas", "thanksgiving", "black friday", "cyber monday", "back to school", "back-to-school", "new year")
_WHEN = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in _CALENDAR) + r")\b", re.I)
_SLOTS = ("verticals", "uncovered_verticals", "industries", "metrics", "platforms", "audiences", "geographies")


def asks_own(text: str) -> bool:
    """Is the message a whole question (asker and verb) naming a subject of its own?"""
    if not _WHOLE.match(text or ""):
        return False
    return bool(_WHEN.search(text)) or any(match_terms(text, VOCABULARY[t]) for t in _SLOTS if t in VOCABULARY)


# a word standing for something said before ("how do I size it?", "what should we do with those?")
_POINTER = re.compile(r"\b(?:it|its|that|this|those|these|them|they|there|then|same|again|also|too|instead|other)\b", re.I)


def stands_apart(text: str, prev_text: str) -> bool:
    """Is the message a whole question (asker and verb) with two content words or more, no word pointing back (nor
    "the", unless it names a step by number), and no content word of the last message? "How do I size my audience?" after "we have 20,000 a month for a music
    festival" asks something new, and "what should I do in step 5 of the plan?" after a CPM question: the last turn's
    topic carried into its search ("… music festival") only pulls the earlier subject's sections back."""
    from agent.offline.passages import terms  # the reader's analyzer (imported late: passages is heavy)
    if not _WHOLE.match(text or "") or _POINTER.search(text) or len(set(terms(text))) < 2:
        return False
    if re.search(r"\bthe\b", text, re.I) and not re.search(r"\bstep\s*\d", text, re.I):
        return False  # "what's behind the jump?": a thing said before in other words ("CAC went up 35%"); a step by number is its own
    return not set(terms(text)) & set(terms(prev_text or ""))

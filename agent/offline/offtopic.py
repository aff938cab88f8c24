"""A question the user says is off the subject ("Off topic: what's a good brand of standing desk?", "totally
unrelated, but …"): declined unless it is itself plainly about media planning.

Why: the user tells us the question is outside the conversation — a media plan — and a media-planning KB is no
source for it; yet a search of its words finds the one passage that shares a noun ("coworking operators sell a
desk …") and the reader quoted it as the answer. Said off the subject and asking nothing of advertising (no word
of what ads are made of, no metric, audience or platform), the question is declined as unanswered.
"""
from __future__ import annotations

import re

from agent.offline import channelfig
from agent.offline.parse import parse
from mpa.vocabulary import VOCABULARY, match_terms

# what advertising is made of ("a good brand of desk" is a product, not a brand campaign: the word alone is no sign)
_MEDIA = re.compile(r"\b(?:ads?|advert\w*|campaigns?|marketing|media|budgets?|audiences?|impressions?|clicks?|leads?|"
                    r"conversions?|targeting|retargeting|bids?|bidding|pacing|reach|frequency|creatives?|keywords?)\b", re.I)
_MARKER = re.compile(r"\b(?:off[- ]topic|(?:totally |completely |slightly |a bit )?unrelated|random question|side question|"
                     r"(?:nothing|not) to do with (?:marketing|ads|advertising|media|this|work))\b", re.I)


def said(text: str) -> bool:
    """The user calls the question off the subject, and it asks nothing of media planning."""
    m = _MARKER.search(text)
    if not m:
        return False
    rest = (text[:m.start()] + " " + text[m.end():]).strip()
    p = parse(rest)
    return not (_MEDIA.search(rest) or p.metrics or p.metric_phrases or p.audiences or channelfig.named(rest)
                or match_terms(rest, VOCABULARY["platforms"]))

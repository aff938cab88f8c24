"""A proper name typed in a short form of a name the knowledge base writes: a clipping ("Cali" for "California",
"Mass" for "Massachusetts") or the pet form English builds on one — the clipped syllable with its last consonant
doubled and "-y" / "-ie" added ("Philly" for "Philadelphia").

Why: the reader declines a question whose proper names the passages never write (a passage about Meta does not
answer a question about Reddit, :func:`~agent.offline.passages.names_found`), and the answer notes each name its
passages do not write (:func:`~agent.offline.gaps.unsaid_names`). People type the places they live and sell in the
way they say them, so a question on "our Philly stores" was declined beside the very section that answers it,
because the KB writes "Philadelphia". A short form counts as written only when a capitalised word of the passages
begins with its stem and is three or more letters longer (the rule of
:func:`~agent.offline.placeshort.is_clipping`): "India" is not "Indiana", and a different name ("Reddit") shares no
such stem with the one written ("Meta").
"""
from __future__ import annotations

import re

from agent.offline.placeshort import is_clipping

_PET = re.compile(r"^(?P<stem>[a-z]{3,}?)(?P<double>[b-df-hj-np-tv-z])?(?P=double)?(?:y|ie|ey)$")
_NAME = re.compile(r"\b[A-Z][a-z]{3,}\b")


def stems(word: str) -> list[str]:
    """The word itself and, when it has a pet form's ending, the clipping under it ("philly" → "phil")."""
    low = word.lower()
    m = _PET.match(low)
    out = [low]
    if m:
        stem = m.group("stem") + (m.group("double") or "")
        out += [s for s in {stem, m.group("stem")} if len(s) >= 4]
    return out


def long_name(word: str, text: str) -> str:
    """The capitalised name of ``text`` that ``word`` (a proper name as typed) is a short form of, as written, else
    ""."""
    names = sorted(set(_NAME.findall(text)))
    return next((n for s in stems(word) for n in names if is_clipping(s, n.lower())), "")


def short_for(word: str, text: str) -> bool:
    """Does ``text`` write a capitalised name that ``word`` is a short form of?"""
    return bool(long_name(word, text))

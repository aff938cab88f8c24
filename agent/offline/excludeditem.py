"""The words a question must say to ask about an item a KB sentence excludes ("No figures for … radio bought from
stations").

Why: an excluded item is often a thing with a phrase saying how or where it is got — "<thing> <participle>
<preposition> <source>": "radio bought from stations", "leads sold by brokers", "search run through agencies". The
thing and its source name what is left out; the participle only links them, and a user asks in their own verb
("what does a radio station charge …", "brokers' leads"). Requiring it too meant the exclusion was never read and
the agent quoted a neighbouring figure (streaming audio) instead of the KB's own "no figures for that".
"""
from __future__ import annotations

import re

from agent.offline.passages import terms

# a participle that links a thing to where or how it is got: after a word, before a preposition of source or means
_LINK = re.compile(r"(?<=[a-z] )(?:[a-z]+(?:ed|en)|bought|sold|run|made|built|sent|paid|shown|held|put|set|done|won|"
                   r"brought|got)(?= (?:from|by|through|via|on|in|at|with|off|under|outside)\b)", re.I)


def needed(item: str) -> set[str]:
    """The terms of ``item`` a question must say to ask about it: all but a participle that links a thing to its
    source ("radio bought from stations" → radio, station)."""
    return set(terms(_LINK.sub(" ", item)))

"""The documents a conversation's answers have drawn on: a section nearest in meaning that lies in one of them.

Why: a user asks about their own business in words of their own — "may we put the ad pixel on our arthritis
pages?" from a clinic whose last answers quoted the healthcare page. That page's section on privacy answers it,
and the meaning search over the whole KB (:mod:`~agent.offline.meaningsearch`) ranks it nearest, yet declined:
the question shares no word with the section's heading, and this turn's word search never returned the page
(the words the user's business adds, "arthritis", are not the KB's). The documents the conversation's earlier
answers *cited* are the business's own pages: a section nearest in meaning that lies in one of them is taken
with the floor for a section this turn's own search returned (:data:`~agent.offline.meaningsearch.HELD`) in
place of the section's heading sharing a word, or the higher floor for a section anywhere in the KB.

Meaning alone near that floor is as close to questions off the KB's topic (the weather on a sale weekend came
nearest a retail page's seasonal peaks), so :func:`drew` also wants the section to say at least
:data:`SHARED` of the question's own content words ("pixel", "page"), the question to carry no figure of
the user's (a figure is data no section holds: the word retries drop it and find the rule that works it), and
the section to be no document's lead under its title alone (an overview of the document, no answer) nor an
illustration (a worked example of new parents in one state is no answer to "may I add two audiences up?").
Words most sections say ("new", "people": more than :data:`COMMON` of them) are no evidence of a topic shared.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent.offline.passages import terms
from agent.offline.sectionkind import EXAMPLE_HEAD
from agent.offline.searchq import CITED

SHARED = 2  # content words of the question the section itself says
COMMON = 0.10  # the share of the KB's sections beyond which a word is common


def stem(source: str) -> str:
    """A document's name without its extension: "benchmarks-healthcare.md" → "benchmarks-healthcare"
    (a passage id's part before "#")."""
    return re.sub(r"\.[A-Za-z0-9]+$", "", source.strip())


def files(said: list[str]) -> frozenset[str]:
    """The documents (by :func:`stem`) the earlier answers ``said`` cited."""
    return frozenset(m.split("#")[0] for a in said for m in CITED.findall(a or ""))


def drew(question: str, sec, near: bool, cited: frozenset[str], secs: tuple = ()) -> bool:
    """May ``sec`` (a :class:`~agent.offline.meaningsearch.Section` nearest in meaning, ``near`` enough) answer
    ``question`` because it lies in a document the conversation's answers ``cited``? ``secs``: every section of
    the KB (which words are common). See the module docstring."""
    if not (near and stem(sec.source) in cited and len(sec.path) >= 2) or re.search(r"\d", question) or any(
            EXAMPLE_HEAD.search(h) for h in sec.path):
        return False
    return len((set(terms(question)) & set(terms(sec.text))) - common(secs)) >= SHARED


@lru_cache(maxsize=8)
def common(secs: tuple) -> frozenset[str]:
    """The words more than :data:`COMMON` of the sections ``secs`` say (and more than three: in a KB of a few
    sections, a word two of them say is still a topic's)."""
    seen: dict[str, int] = {}
    for s in secs:
        for t in set(terms(s.encoded)):
            seen[t] = seen.get(t, 0) + 1
    return frozenset(t for t, n in seen.items() if n > max(COMMON * len(secs), 3))

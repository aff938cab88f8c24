"""A contraction typed without its apostrophe whose bare form is also a word — "were", "its", "wed", "lets",
"ill", "id" — read as the contraction where the words around it leave no doubt.

Why: :mod:`~agent.offline.shortforms` restores only the contractions whose bare form is no English word, and
leaves these as typed. But a user who types fast drops every apostrophe, and "were a dealer group in socal"
then says nothing about who "we" are — the rules that read the user's business from "we're a …" miss it and
every later turn loses it. English grammar settles most of them by the next word:

* "were" opening a sentence that does not ask ("?"), before an article, a number or an -ing form
  ("were a …", "were 9 shops …", "were spending …"): a statement about "we" (the raw mark, not
  :mod:`~agent.offline.asking`'s judgement: "were a lot of them bots" is worded as either, and this reading runs
  before the message is read at all);
* "its" before an article, "not", "been", "going"/"getting"/"looking" or an adverb of degree, or after a subordinating
  word and before the one word ending that clause ("once its live, …"): a clause needs its verb;
* "wed" / "id" before a verb of wanting or "rather"/"better" ("wed like", "id rather");
* "lets" opening a sentence before a verb ("lets say …");
* "ill" before a verb of the future ("ill need", "ill check").

Only lower-case words are touched (a capitalised one is the user's as written); the conversation keeps the
message as typed.
"""
from __future__ import annotations

import re

_ING = r"[a-z]{2,}ing"
_DEGREE = r"(?:just|only|still|too|so|very|really|pretty|about|already|probably|basically|kind of)"
_WANT = r"(?:like|love|want|need|prefer|rather|better|hate|guess|say|think|be|have)"
_RULES = [
    # "were" opening a statement
    (re.compile(rf"(?:^|(?<=[.!;:]\s))were(?=\s+(?:a|an|\d|{_ING}|{_DEGREE}|now|currently|also|based|located|in)\b)(?![^.!?]*\?)"),
     "we're"),
    # "its" where no noun can follow
    (re.compile(rf"\bits(?=\s+(?:a|an|the|not|been|going|getting|looking|{_DEGREE})\b)"), "it's"),
    (re.compile(r"\b((?:once|when|if|until|because|since|before|after|unless|while|whether)\s+)its(?=\s+[a-z]+\s*(?:[,.;!?]|$))"),
     r"\1it's"),
    (re.compile(rf"\bwed(?=\s+{_WANT}\b)"), "we'd"),
    (re.compile(rf"\bid(?=\s+{_WANT}\b)"), "I'd"),
    (re.compile(r"(?:^|(?<=[.!?;:]\s))lets(?=\s+(?:say|see|assume|try|go|do|look|talk|compare|start|plan|keep|make|get|"
                r"check|focus|take|use|figure|work|think|pretend|suppose)\b)"), "let's"),
    (re.compile(r"\bill(?=\s+(?:need|have|be|try|check|send|ask|get|go|just|probably|want|take|look|run|see)\b)"), "I'll"),
]


def read(text: str) -> str:
    """``text`` with its apostrophe-less contractions whose bare form is also a word written as the
    contraction where the next words settle it (see the module doc)."""
    for rule, full in _RULES:
        text = rule.sub(full, text)
    return text

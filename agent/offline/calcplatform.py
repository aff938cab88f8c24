"""A platform named after a calculation ("and on Bing alone?", "what about just TikTok?"): the same
calculation again, narrowed to that platform.

Why a module: the conversation's memory re-runs a calculation with a new *number* (``memory.carry``),
not with a new platform, and the message alone names no metric and no figure: searched as it stands it
finds prose about the platform. English gives its meaning: a follow-up that says nothing but a
platform (with words like "only", "just", "instead"), right after a turn that worked a calculation,
asks the last question again on that platform. It is restated as the last question with the platform
("on <name>", as the message says it) in place of any platform the last question named; the
benchmark tool then returns that platform's row, and the working uses it alone.
"""
from __future__ import annotations

import re

from agent.offline.parse import parse
from agent.offline.recall import read
from mpa.vocabulary import VOCABULARY, match_terms, term_pattern
from rag.analyzer import ENGLISH_STOP_WORDS

# words that narrow or swap without naming anything: "only", "just", "alone", "instead"
_NARROWING = frozenset(ENGLISH_STOP_WORDS) | {"only", "just", "alone", "instead", "solely", "purely", "exclusively",
                                              "now", "then", "ok", "okay", "say", "suppose", "use", "used", "using",
                                              "run", "ran", "went", "go", "buy", "bought", "spend", "spent", "put",
                                              # the same money moved there: "what if we shift all of it to X?"
                                              "shift", "shifted", "shifting", "move", "moved", "moving", "switch",
                                              "switched", "switching", "redirect", "redirected", "pour", "poured",
                                              "everything", "whole", "entire", "budget", "money", "lot"}


def _spans(text: str) -> list[tuple[int, int]]:
    low = text.lower()
    return sorted(m.span() for k in match_terms(text, VOCABULARY["platforms"])
                  for m in term_pattern(tuple(VOCABULARY["platforms"][k])).finditer(low))


def _only_platform(text: str) -> list[tuple[int, int]]:
    """Where the message names its platforms, when it names nothing else (see the module doc), else []."""
    said = _spans(text)
    p = parse(text) if said else None
    if not said or p.numbers or p.metrics or p.metric_phrases or p.vertical or p.industry_phrase or p.audiences \
            or p.step or p.geographies or p.calc:
        return []
    rest = text.lower()
    for s, e in reversed(said):
        rest = rest[:s] + " " + rest[e:]
    return [] if set(re.findall(r"[a-z]+", rest)) - _NARROWING else said  # "and how does Meta's audience differ?"


def restated(text: str, history: list) -> str | None:
    """The last question that was no such follow-up itself (``history``: (text, outcomes) of the earlier
    turns) asked on the platform this message names, or None: the message names no platform or
    something besides it (a number, a metric, a business, a place, a question of its own), or that
    question's turn worked no calculation."""
    if not history or not (said := _only_platform(text)):
        return None
    k = len(history) - 1
    while k > 0 and _only_platform(history[k][0]):  # "and on Bing?" then "and Meta alone?": the question both narrow
        k -= 1
    if read(history[:k + 1]).last_kind != "calc":
        return None
    names = " and ".join(dict.fromkeys(text[s:e] for s, e in said))
    last = history[k][0].strip()
    for s, e in reversed(_spans(last)):  # its own platform goes: "… on Google?" then "and Bing only?"
        m = re.search(r"\b(?:on|via|through|with|in|using)\s+$", last[:s], re.I)
        last = last[:m.start() if m else s].rstrip() + last[e:]
    m = re.search(r"[?.!\s]*$", last)
    return f"{last[:m.start()]} on {names}{last[m.start():] or '?'}"

"""Requests outside media planning: "can you write my game's storyline?", "compose a poem for our
launch party". The offline agent declines them in one plain sentence, without tools and without
quoting a benchmark — even when the conversation's slots hold a vertical ("game" is a vertical,
but a storyline is not a plan).

The rule is English grammar plus the shared vocabulary: a request (``can you …``, ``please …``, an
imperative) to *make* something (write, compose, draw, …) whose object's head noun — possessors
such as "my game's" set aside — is no media-planning word (:func:`~agent.offline.passages.domain_stems`).
"Write ad copy for the launch" or "draft a media plan" stay in scope: their objects are
planning words.
"""
from __future__ import annotations

import re

from agent.offline.passages import _DOMAIN, domain_stems, terms

_MAKE = (r"write|rewrite|compose|draft|create|design|generate|invent|draw|paint|sing|code|program|translate|"
         r"come up with|brainstorm|make (?:me|us)")
# a request: "can you …", "please …", "help me …", "I want you to …", or an imperative opening the message
_REQUEST = re.compile(
    rf"(?:\b(?:can|could|would|will) you|\bplease|\bhelp (?:me|us)|\b(?:i|we) (?:need|want|would like) you to|"
    rf"^\W*(?:(?:lol|haha|ok|okay|hey|also|and|now|pls|oh)\W+)*)"
    rf"\s*(?:also |please |just |maybe |quickly )*(?:{_MAKE})\b\s+(?:me |us |up )?(?P<obj>[^?.!,;]+)", re.I)
_STOP_AT = re.compile(r"\b(?:for|about|on|to|with|that|which|so|because|in|from|based|using|by|like)\b", re.I)
_DETERMINER = {"a", "an", "the", "my", "our", "your", "their", "his", "her", "its", "some", "this", "that", "these",
               "those", "new", "short", "quick", "little", "whole", "entire", "also", "another"}

DECLINE = ("That's outside what I can help with: I plan media (budgets, benchmarks, audiences, channels, measurement) "
           "from the knowledge base, and the knowledge base does not cover {what}.")


def request_object(text: str) -> str | None:
    """The thing a request to make something asks for ("my game's storyline" → "storyline"), or
    None when the message is not such a request."""
    m = _REQUEST.search(text)
    if not m:
        return None
    obj = _STOP_AT.split(m.group("obj"), maxsplit=1)[0]
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", obj) if w.lower() not in _DETERMINER]
    own = [w for w in words if not re.search(r"['’]s?$", w)]  # "game's" owns the thing; it is not the thing
    return " ".join(own) or None


def outside(text: str) -> str | None:
    """The requested thing when the message asks to make something that is not media planning."""
    obj = request_object(text)
    if not obj:
        return None
    words = obj.lower().split()
    if any(w in _DOMAIN for w in words) or set(terms(obj)) & domain_stems():
        return None
    return obj


def decline(what: str) -> str:
    return DECLINE.format(what=f"writing a {what}" if what and not what.endswith("s") else f"making {what}")

"""The places a message names: the vocabulary's geographies, two-letter codes said as places
("in TX", "the LA market", "NY DMA") and the whole country ("the US", "nationwide", "across the
country") — and the message with them blanked out, to read what else it says (an audience
described in the user's words, a follow-up that only swaps the place).

Why a module: both the audience look-up (which row: national, state or DMA) and the follow-up
rules (a message that names only a new place keeps the last audience) read the same places.
"""
from __future__ import annotations

import re

from agent.offline.metricnames import positions
from mpa.vocabulary import VOCABULARY, term_pattern

_CODE_PLACE = re.compile(r"\b([A-Z]{2})\s+((?i:market|area|metro|region|dma))\b|\b(?:in|across|for|around)\s+([A-Z]{2})\b")
_NATION = re.compile(r"\b(?:the\s+)?(US|U\.S\.|USA)\b|\b(?:whole|entire) (?:country|nation)\b|\bcountry-?wide\b|"
                     r"\b(?:across|throughout|all over|in) the (?:country|nation)\b")
_NOT_PLACE = ("US", "OK", "AI", "IT", "TV", "UK")
# a capitalised name said as a market ("the Denver market", "Salt Lake City metro"): a place the
# vocabulary may not list, for the sizing tool to find in the KB's own tables
_NAMED_MARKET = re.compile(r"\b((?:[A-Z][a-z]+|St\.)(?: [A-Z][a-z]+){0,2})\s+((?i:market|metro|metro area|dma))\b|"
                           r"(?:(?<=\bin )|(?<=\bnear )|(?<=\bacross )|(?<=\baround ))((?:[A-Z][a-z]+|St\.)(?: [A-Z][a-z]+){0,2})\b(?! (?:Ads|ads))")
_NOT_NAMED_PLACE = re.compile(r"^(?:January|February|March|April|May|June|July|August|September|October|November|"
                              r"December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Q[1-4]|Step|Section|The|"
                              r"Our|My|This|That)\b")


def geographies(text: str) -> list[tuple[int, str]]:
    found = positions(text, VOCABULARY["geographies"])
    for m in _CODE_PLACE.finditer(text):
        code = m.group(1) or m.group(3)
        if code not in _NOT_PLACE and not any(m.start() <= p < m.end() for p, _ in found):
            # "the LA market", "LA DMA": the place as said, for the sizing tool to read (a DMA first)
            found.append((m.start(), f"{code} {m.group(2).lower()}" if m.group(2) else code))
    for m in _NAMED_MARKET.finditer(text):
        if not any(m.start() <= p < m.end() for p, _ in found) and _a_place_name(m):
            found.append((m.start(), f"{m.group(1)} {'DMA' if m.group(2).lower() == 'dma' else m.group(2).lower()}"
                          if m.group(1) else m.group(3)))
    for m in _NATION.finditer(text):
        found.append((m.start(), "United States"))
    return sorted(found)


def _a_place_name(m: re.Match) -> bool:
    """A capitalised name said as a market or after "in" that names no platform, vertical, metric,
    month or step ("in Phoenix", not "in Google" or "in March")."""
    name = m.group(1) or m.group(3)
    return not _NOT_NAMED_PLACE.match(name) and not any(
        positions(name, VOCABULARY[t]) for t in ("platforms", "verticals", "metrics", "audiences"))


def without_places(text: str) -> str:
    """``text`` with the places it names blanked out, to read what else it says."""
    out = _CODE_PLACE.sub(lambda m: " " * len(m.group(0)) if (m.group(1) or m.group(3)) not in _NOT_PLACE
                          else m.group(0), text)
    out = _NATION.sub(lambda m: " " * len(m.group(0)), out)
    out = _NAMED_MARKET.sub(lambda m: " " * len(m.group(0)) if _a_place_name(m) else m.group(0), out)
    pat = term_pattern(tuple(s for syns in VOCABULARY["geographies"].values() for s in syns))
    if len(out.lower()) != len(out):
        return pat.sub(" ", out.lower())
    for m in reversed(list(pat.finditer(out.lower()))):
        out = out[:m.start()] + " " * (m.end() - m.start()) + out[m.end():]
    return out

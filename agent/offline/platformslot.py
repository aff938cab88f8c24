"""A platform the vocabulary does not know, named in the platform's slot of a follow-up.

Why: "what's a typical CPM on LinkedIn?" then "and on Quora?" swaps the platform and keeps the rest.
The vocabulary knows the KB's platforms; a name it does not know ("Quora", "Twitch") is still the
platform asked about, and the KB most likely has no figure for it. Looked up without a platform,
the vertical's general figure would come back as if it answered; looked up *with* the name, the
benchmark tool itself says the KB has no figure for that platform ("not broken down by platform;
no <name>-specific figure"), which the answer then says beside the general figure.

The slot is read by English structure, not by a list of names: the message only swaps one word in
("and X?", "what about X?", "X instead?", "and X? what's their CPM"), the question before it named a
platform, and the word names nothing the vocabulary knows in another slot (a business, a metric, a
place, an audience, a topic), nor a vertical the KB declares in its own words, nor a place by name or meaning
(:mod:`~agent.offline.placename`), and is no function word.
"""
from __future__ import annotations

import re

from agent.offline import kblabels, kbmarkets, placename
from mpa.vocabulary import VOCABULARY, match_terms
from rag.analyzer import ENGLISH_STOP_WORDS  # scikit-learn's list; importing sklearn costs ~1.5 s per process

# "and X?", "what about X", "how about on X", "or X instead?", "vs X" — then at most a short question about it
_SWAP = re.compile(r"^\s*(?:ok(?:ay)?,?\s+)?(?:and|or|what about|how about|vs\.?|versus)\s+(?:on\s+|for\s+|with\s+)?"
                   r"(?P<name>[a-z][a-z0-9.\-]{2,20})\s*(?:instead\s*)?(?:[?.!]|$)", re.I)
# the rest may only ask the same figure of it: "what's their CPM", "how much is it there"
_SAME = re.compile(r"^\s*(?:(?:what|how)(?:'s|s| is| are| much| about)?\s+(?:their|its|the|it|they)?\b[^?.!]{0,25}[?.!]?\s*)?$",
                   re.I)
_TABLES = ("platforms", "verticals", "uncovered_verticals", "metrics", "geographies", "audiences", "industries",
           "topics", "age_groups")
# what a metric counts ("cost per click", "cost per thousand impressions"): "and impressions?" asks a count, names no platform
_UNITS = frozenset(m.group(1) for syns in VOCABULARY["metrics"].values() for x in syns
                   if (m := re.match(r"cost per (?:thousand |completed )?([a-z]+?)s?$", x.lower())))
_SLOTLESS = frozenset(ENGLISH_STOP_WORDS) | {"now", "then", "instead", "also", "too", "them", "that", "this",
                                              "those", "these", "mine", "ours", "us", "me", "you", "it", "there",
                                              "here", "same", "both", "either", "neither", "else", "so", "yeah", "yes"}


def unknown_platform(text: str, previous: str, platform_before: bool = False) -> str | None:
    """The unknown platform name this follow-up swaps in (see module doc), or None; ``platform_before``: the
    last turn looked a figure up for a platform (one the vocabulary does not know, too)."""
    m = _SWAP.match(text or "")
    if not m or not (platform_before or match_terms(previous or "", VOCABULARY["platforms"])) or not _SAME.match(
            text[m.end():]):
        return None
    name = m.group("name").strip(".-")
    if name.lower() in _SLOTLESS or re.sub(r"s$", "", name.lower()) in _UNITS or re.search(r"\d", name) or any(match_terms(name, VOCABULARY[t]) for t in _TABLES
                                                                    if t in VOCABULARY):
        return None
    # "and accountants?": the KB's own vertical, swapped in; "and boise?": the KB's own market (agent.offline.marketswap);
    # "and Denver?", "and brazil?": a place the KB lacks, no platform (agent.offline.placename)
    return None if kblabels.named_in(name) or kbmarkets.market_named(name) or placename.is_place(name) else name


def looked_up_for_platform(outcomes: list) -> bool:
    """A benchmark of these outcomes was asked for a platform."""
    return any(o.name == "get_benchmark" and o.input.get("platform") for o in outcomes)


def notes(outcomes: list) -> list[str]:
    """What the answer says for each platform the vocabulary does not know that the benchmark tool reports
    it has no figure for (its "Platform: not in the knowledge base" line)."""
    out = []
    for o in outcomes:
        name = str(o.input.get("platform") or "") if o.name == "get_benchmark" and o.found else ""
        if name and not match_terms(name, VOCABULARY["platforms"]) and o.fields.get("Platform", "").startswith("not in"):
            out.append(f"The knowledge base has no {name} figure; the figures above are not {name}'s.")
    return list(dict.fromkeys(out))


# a platform's one-word name cut short after a preposition of where ads run: "on insta", "via snap"
_CLIPPED = re.compile(r"\b(on|via|through|across|from|with)\s+([a-z]{4,})\b(?!\s+(?:of|the)\b)", re.I)


def unclipped(text: str) -> str:
    """``text`` with each clipped platform name written out (a clipping is how people shorten a long name:
    its first letters, as "cali" for California): the one one-word platform name the word begins, two letters
    or more short of it ("insta" → "instagram"); a word that begins none, or several, stays."""
    def full(m: re.Match) -> str:
        w = m.group(2).lower()
        names = {x for syns in VOCABULARY["platforms"].values() for x in syns
                 if " " not in x and x.isalpha() and x.startswith(w) and len(x) - len(w) >= 2}
        return f"{m.group(1)} {names.pop()}" if len(names) == 1 else m.group(0)
    return _CLIPPED.sub(full, text or "")

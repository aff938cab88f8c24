"""A publisher a channel's list names ("STREAMING TV CPM - 2025 / BY STREAMING SERVICE / - Peacock: $31-37"): a
platform the user can name, whose business figures are its channel's.

Why: such rows keep their channel as their platform (Peacock's CPM is a streaming TV price, and "streaming TV CPM"
finds it), so the KB's own platform names left them out: "what's the CPM on Peacock?" and "compare Peacock vs Philo"
searched, and the agent never passed the name to the benchmark tool. Declared, a publisher asked for a business the
KB prices only by channel ("Peacock for a swim school" — swim schools have a streaming TV row, no Peacock row) finds
the business's figure on that channel, with the channel named, rather than "not for 'Peacock'". Read from the facts'
own shape (a "<dimension>: <label>" row of a list whose rows are platforms, no vertical): no names are listed.
"""
from __future__ import annotations

import re

from mpa.list_rows import names_platforms
from mpa.vocabulary import VOCABULARY, match_terms


# a row's qualifier "<dimension>: <its label>[; …]": the dimension (it holds no colon, so it ends at the first), then
# the label as written — a fixed pattern and the label compared as text (no pattern built per label: the KB's labels
# are ~300 new patterns for ``re`` to compile, most of a KB's first question once)
_DIMENSION = re.compile(r"([a-z][a-z ]*): ")
_LABEL_END = re.compile(r"(?:;|$)")


def listed_under(f) -> tuple[str, int] | None:
    """(the dimension, where the label ends in the qualifier) when a fact's qualifier opens "<dimension>: <its
    label>" ("publisher: Peacock; …", as the list reader keeps a row of another dimension), else None."""
    q = f.qualifier or ""
    m = _DIMENSION.match(q)
    return (m.group(1), m.end() + len(f.label)) if m and q.startswith(f.label, m.end()) else None


def listed_row(f) -> str | None:
    """The dimension when a fact's qualifier is "<dimension>: <its label>", then its end or a ";", else None."""
    under = listed_under(f)
    return under[0] if under and _LABEL_END.match(f.qualifier, under[1]) else None


def is_row(f) -> bool:
    """A row of a list whose rows are platforms ("BY PUBLISHER", "BY STREAMING SERVICE"), kept with no vertical."""
    return not f.vertical and bool(dim := listed_row(f)) and names_platforms(dim)


def names(facts) -> set[str]:
    """The labels of publisher rows filed under their channel ("Peacock" under Connected TV, "SoundCloud" under the
    KB's own "Streaming Audio"), but no name the vocabulary knows ("Microsoft Advertising" is Bing Ads already)."""
    return {f.label for f in facts if f.kind == "benchmark" and f.platform and f.platform != f.label and is_row(f)
            and not match_terms(f.label, VOCABULARY["platforms"])}


def narrowed(facts, asked: str | None, plats: set | None, mine: list, channel_word: bool) -> tuple[set | None, list]:
    """(platforms, facts) a business's look-up keeps for the platform ``asked`` (``plats``: the platforms it names
    among ``mine``, the business's facts). When none of ``mine`` is on them: no narrowing at all if the name is only
    a word of the metric's own name (``channel_word``: "Email" of "email open rate"); else, when ``asked`` is a
    publisher row of a channel, the business's facts on that channel that no other publisher states ("swim schools on
    Peacock": their streaming TV row — not kb_txt3's Roku row, though Roku's CPM is filed under streaming TV too)."""
    if plats is None or any(f.platform in plats for f in mine):
        return plats, mine
    if channel_word:
        return None, mine
    low = " ".join((asked or "").lower().split())
    rows = [f for f in facts if f.kind == "benchmark" and is_row(f)]
    chans = {f.platform for f in rows if f.label.lower() == low}
    others = {f.label.lower() for f in rows} - {low}
    on = [f for f in mine if f.platform in chans and (getattr(f, "platform_name", None) or f.platform).lower() not in others]
    return ({f.platform for f in on}, on) if on else (plats, mine)

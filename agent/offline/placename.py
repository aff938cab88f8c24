"""Whether a bare name swapped into a follow-up is a place, when no list the agent reads names it.

Why: "and Denver?" after "what does a Facebook click cost retailers in the Chicago DMA?" swaps a name into one of
the question's slots. :mod:`~agent.offline.platformslot` read any name the vocabulary does not know as a platform
("and Quora?"), so a market the KB lacks was looked up as the platform "Denver" and declined as "no Denver figure;
the figures above are not Denver's". A place is known first by name — a country or world region
(:mod:`~agent.offline.worldplaces`), a place of the vocabulary or a market the KB states facts for — and, for a
city no list holds, by what the name means: the sentence encoder places "Denver" beside the places the vocabulary
and the KB name (US states, DMAs) and far from the platforms, while an unlisted platform ("Quora", "Twitch") sits
nearer the platforms. Only a clear call counts (a floor and a margin); a name near neither stays a platform, as
before, and with the encoder off only the lists decide.
"""
from __future__ import annotations

from agent.offline import kbmarkets, semantic, servedkb, worldplaces
from mpa.vocabulary import VOCABULARY

FLOOR = 0.5   # the name must be this close to some place the vocabulary or the KB names …
MARGIN = 0.2  # … and this much closer to it than to any platform


def is_place(name: str) -> bool:
    """Is the bare ``name`` a place rather than an advertising platform (see the module doc)?"""
    if worldplaces.is_world_place(name):
        return True
    return nearer_place(name, list(VOCABULARY["platforms"]), FLOOR, MARGIN)


def nearer_place(text: str, others: list[str], floor: float, margin: float) -> bool:
    """A clear call by meaning that ``text`` is a place: at least ``floor`` near some place the vocabulary or the
    served KB names, and nearer to it by ``margin`` than to any of ``others`` (the platforms; the businesses, for
    :mod:`~agent.offline.placemeant`). False with the encoder off."""
    near_place = semantic.similarities(text, [*VOCABULARY["geographies"], *kbmarkets.markets(servedkb.folder())])
    near_other = semantic.similarities(text, others)
    if not near_place or not near_other:
        return False
    return max(near_place) >= floor and max(near_place) - max(near_other) >= margin

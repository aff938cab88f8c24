"""A follow-up that names another audience while sizing: "How many dog owners live in Austin?" then "what
about homeowners in Austin?" asks for homeowners — not for dog owners again in Austin.

Why: a short follow-up after a size is read as swapping a slot ("and in Denver?": the same people, another
place), so the remembered audience was carried over whatever else the message said. A message that is only
"what about / how about / and (for)" + a plural noun phrase (+ a place) names the people it asks about; when
their words are not the remembered audience's, that phrase is what the sizing tool is asked for. Anything
else ("vs nationwide?", "and the LA market specifically", "and what share of visitors book?") keeps the
remembered audience. The plural may carry what its people have or do ("households with a dog or cat",
"people who rent"), and an aside may follow it after a comma (:mod:`agent.offline.asidetail`).
"""
from __future__ import annotations

import re

from agent.offline import asidetail
from agent.offline.parse import Parsed
from agent.offline.passages import terms
from agent.offline.places import without_places
from mpa.vocabulary import VOCABULARY

_SWAP = re.compile(r"^\W*(?:(?:and|but|ok(?:ay)?|so)\W+)?(?:(?:what|how)\s+about|and(?:\s+for)?)\s+(?:the\s+|all\s+)?"
                   r"(?P<np>(?P<head>[a-z][a-z0-9'’-]*(?:\s+[a-z][a-z0-9'’-]*){0,3}?)(?:\s+(?:with|who|that|owning|having)"
                   r"(?:\s+[a-z][a-z0-9'’-]*){1,5}?)?)\s*(?:\b(?:in|for|across|around|then|instead|too)\b\s*)*"
                   r"[?.!]*\s*$", re.I)
# words that point back at the audience already sized, or say nothing of who
_BACK = frozenset(terms("same people person them those these folks group groups audience audiences one ones instead "
                        "too also then number size sizes count figure total market markets again nationally nationwide "
                        "statewide there here"))


def named(p: Parsed, left: frozenset[str], remembered: list[tuple[str, str | None]]) -> list[tuple[str, str | None]] | None:
    """[(the new audience's phrase, the place the message names)] when the message only swaps in a plural
    noun phrase (:data:`_SWAP`) whose words are not the ``remembered`` audiences' (nor ``left`` empty)."""
    m = _SWAP.match(" ".join(without_places(asidetail.counted(p.text)).split()))  # an aside after it: asidetail
    np, head = (m.group("np"), m.group("head")) if m else ("", "")
    words = set(terms(np)) - _BACK
    said = {w for a, _ in remembered for s in [a, *VOCABULARY["audiences"].get(a, [])] for w in terms(s)}
    if not left or not words or words & said or not re.search(r"(?:s|people|folks)$", head, re.I):
        return None
    return [(np, p.geographies[0] if p.geographies else None)]

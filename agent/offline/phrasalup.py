""""Up" as a verb's particle, not a rise: "4% of players end up paying", "a quarter of them show up", "2% sign up",
"those who pick up the phone".

Why: the percentage's direction is read from the words around it (:func:`agent.offline.roles.pct_sign`), and "up"
there means a figure rises ("CPC is up 20%"). English also uses "up" as the particle of a phrasal verb — what a share
of people *do* ("end up buying", "show up", "sign up") — and a share said that way is a rate on a count, not a
change to a price or a budget: read as a rise, "4% of players end up paying and each spends $24" became "$24 × (1 +
4%) — the new budget". So a particle "up" after such a verb is blanked before the direction is read.
"""
from __future__ import annotations

import re

# verbs whose particle "up" says what people do or become, never that a figure rises
_PARTICLE = re.compile(
    r"\b(?:ends?|ended|ending|winds?|wound|winding|shows?|showed|shown|showing|signs?|signed|signing|picks?|picked|"
    r"picking|follows?|followed|following|turns?|turned|turning|opens?|opened|opening|books?|booked|booking|"
    r"comes?|came|coming|takes?|took|taking|fills?|filled|filling|hooks?|hooked|starts?|started|starting|steps?|"
    r"stepped|lines?|lined|warms?|warmed|calls?|called|calling|looks?|looked|gives?|gave|giving|keeps?|kept|"
    r"catch(?:es)?|caught|sets?|setting|makes?|made|making)\s+up\b(?!\s+(?:by|to)\s+\d)", re.I)


def blank(text: str) -> str:
    """``text`` with each phrasal-verb "up" (module doc) replaced by spaces of the same length (offsets kept)."""
    return _PARTICLE.sub(lambda m: m.group(0)[:-2] + "  ", text)

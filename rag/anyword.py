"""One case-blind regex for "any of these words": ``any_word("cheap", "cheaper", r"min(?:imum)?")``.

Why: the message readers name their cue words as a list of alternatives on word boundaries,
``\\b(?:a|b|c)\\b`` with ``re.I``, and spelled that by hand, table after table, in module after module.
The builder keeps that one shape in one place and lets a table read as the words it lists. Each
alternative is a regex fragment (``lack\\w*``, ``max(?:imum)?``) in the order given, so the pattern is
exactly the one written by hand (the order of alternatives is kept: the first that fits wins).
"""
from __future__ import annotations

import re


def any_word(*alternatives: str) -> re.Pattern:
    """``re.compile(r"\\b(?:a|b|…)\\b", re.I)`` for the alternatives ``a``, ``b``, … given."""
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.I)

"""Confirm by meaning a vertical label that a business phrase matched through one shared word.

:func:`mpa.labels.match_labels` rule 3 accepts a label when the phrase's first content word shares a
root with a word of it. When that is the only word the two share, the word may be a homograph or a
modifier of another trade ("improv comedy club" and "Home Improvement", "charter boat trips" and
"Charter Schools", "automated car wash" and "Industrial Automation Equipment"), and word structure
alone cannot tell those from a true one-word match ("solar panels on roofs" → "Solar"). The
sentence encoder can: the match is kept only when the label is the KB's label nearest the phrase by
meaning and near enough (:data:`CONFIRM_AT`); otherwise the business is left unmatched, and the tools
say so and ask which covered vertical is closest, instead of serving another trade's figures.
Without an encoder plugged in (:func:`mpa.resolve.use_meaning`) the word match stands as before.
"""
from __future__ import annotations

from mpa.resolve import by_meaning

# the similarity a one-word match needs: true one-word matches measured 0.51-0.75 on the plain-text KBs,
# colliding ones 0.22-0.48 (or another label was nearer)
CONFIRM_AT = 0.5


def confirmed(phrase: str, hits: list[str], labels: list[str]) -> list[str]:
    """``hits`` when meaning agrees (or no encoder answers): one of them is the nearest of ``labels``
    to ``phrase`` with similarity at least :data:`CONFIRM_AT`; else []."""
    from mpa.headnoun import other_trade
    from mpa.headkind import other_kind
    hits = [lb for lb in hits if not other_trade(phrase, lb) and not other_kind(phrase, lb)]  # "dental clinics" is no
    # "Veterinary Clinics", a "wedding photographer" no "Wedding Venues"
    if not hits:
        return []
    ranked = by_meaning(phrase, {lb: [lb] for lb in labels})
    if not ranked:
        return hits
    sim, nearest = ranked[0]
    return hits if nearest in hits and sim >= CONFIRM_AT else []

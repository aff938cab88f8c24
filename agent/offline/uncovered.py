"""A business the benchmark look-up filed under a covered vertical by one shared word, although its
meaning sits with a vertical the KB says it does not cover: a "veterinary clinic" reaches the
healthcare table through "clinics" in its introduction, yet it is pet care, which the benchmark
edition lists as not covered. The healthcare CPC is then no answer; the honest one is that the KB
has no table for it.

The rule reads the shared vocabulary (covered verticals and the KB's not-covered verticals, each
with its names) and the one meaning signal (:mod:`~agent.offline.semantic`). It applies only when
the user's phrase names the vertical by none of the vertical's own names (a "telehealth startup"
says "telehealth"), and only when a not-covered vertical is clearly nearer in meaning than the
vertical the look-up chose (by ``MARGIN``): close calls stay with the look-up.
"""
from __future__ import annotations

from agent.offline import semantic
from agent.offline.passages import terms
from agent.offline.toolread import ToolOutcome
from mpa.vocabulary import VOCABULARY, find_first, term_pattern

MARGIN = 0.1  # cosine similarity: a clear lead, not a close call (a "dental practice" is no legal service)


def nearer(phrase: str, vertical: str, table: str) -> str | None:
    """The not-covered vertical ``phrase`` means, when it is clearly nearer than ``vertical``, else None.
    ``table`` is the text the look-up returned: the phrase was filed there by a word of it ("clinic"),
    while another of its words ("veterinary") is one the table never uses."""
    names = [vertical.replace("-", " "), *VOCABULARY["verticals"].get(vertical, [])]
    if not phrase.strip() or term_pattern(tuple(names)).search(phrase.lower()):
        return None  # the user named the vertical itself
    said = set(terms(table))
    words = set(terms(phrase))
    if not words & said or words <= said:
        return None  # filed there by meaning, not by a shared word (a close call left to the look-up) — or wholly
    own = semantic.similarities(phrase, names)
    if not own:
        return None
    best, key = max(((max(semantic.similarities(phrase, [k, *syns]) or [0.0]), k)
                     for k, syns in VOCABULARY["uncovered_verticals"].items()), default=(0.0, ""))
    return key if best - max(own) >= MARGIN else None


def miss(o: ToolOutcome) -> tuple[str, str] | None:
    """(what was asked, why the KB has none) for a found benchmark whose business is a not-covered vertical."""
    if o.name != "get_benchmark" or not o.found:
        return None
    phrase = str(o.input.get("vertical") or "")
    vertical = find_first(o.fields.get("get_benchmark", ""), VOCABULARY["verticals"])
    other = nearer(phrase, vertical, " ".join(ps["text"] for ps in o.passages)) if vertical else None
    if not other:
        return None
    a = "an" if phrase[:1].lower() in "aeiou" else "a"
    return (f"{a} {phrase} {o.input.get('metric', '')} benchmark".replace("  ", " "),
            f"{a} {phrase} is {other}, which the benchmark tables do not cover; the {vertical} figures are not for it")

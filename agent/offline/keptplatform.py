"""The platform a follow-up keeps when it swaps another slot of the same figure.

Why: "google cpc for dental offices?" then "and for real estate agents?" (or "whats the low end") swaps the
business (or asks an end of the range) and says nothing of the platform — English leaves unsaid what stays the
same, so the platform the last look-up was narrowed to still holds. Looked up without it, every platform's
figure came back, and the one the user buys on was one line among several. The platform stays only for the
same metric: a new metric ("and cpm?") may be priced on other platforms, and the KB's lists are by
platform × metric, so a message that changes the metric starts from no platform, as before. A message that
names a platform (the vocabulary's or the KB's own) is read for it, not here.
"""
from __future__ import annotations

from agent.offline import platformfig


def kept(text: str, last: list, metrics: list[str]) -> str | None:
    """The one platform the last turn's benchmark look-ups were narrowed to and found a figure on, when this
    message names no platform and asks the same metric(s) (a business swapped, an end of the range); else None."""
    if platformfig.platforms(text):
        return None
    looked = [o for o in last if o.name == "get_benchmark" and o.found and not o.is_error]
    plats = {str(o.input.get("platform") or "") for o in looked}
    if len(plats) != 1 or not all((o.input.get("vertical") or "").strip() for o in looked):
        return None  # several platforms or none; a platform's list by vertical is platformfig's
    same = {str(o.input.get("metric", "")).lower() for o in looked} == {m.lower() for m in metrics}
    return plats.pop() or None if same else None

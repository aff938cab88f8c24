"""An audience the sizing tool sizes only for other places, asked for one of them in the user's own words.

Why: "how many recent home buyers in orlando" — the place is a market of the KB's own ("Orlando-Daytona Beach"),
typed in lower case and by its first city, so the message names no place the vocabulary knows and the sizing
tool is asked for the nation; it answers that it sizes the audience "only for Orlando-Daytona Beach,
Sacramento-Stockton-Modesto, St. Louis". The message did name one of those: the look-up is made once more for
it (:func:`agent.offline.places.sized_place` reads the name in any case, without its dots, or by the first
city of a hyphenated market), and the answer keeps the size found in place of the miss it replaces
(:func:`superseded`).
"""
from __future__ import annotations

import re

from agent.offline.places import sized_place

_ONLY_FOR = re.compile(r"only for (?P<places>.+?), not for ")


def calls(user_text: str, outcomes: list) -> list[tuple[str, dict]]:
    """get_audience_sizing again for the place the message names among those the tool said it sizes; [] when no
    look-up missed so, the message names none of them, or that place was asked already."""
    tried = {(str(o.input.get("audience_type", "")), str(o.input.get("geography") or "")) for o in outcomes
             if o.name == "get_audience_sizing"}
    for o in outcomes:
        m = _ONLY_FOR.search(o.content) if o.name == "get_audience_sizing" and not o.found and not o.is_error else None
        place = sized_place(user_text, [g.strip() for g in m.group("places").split(", ")]) if m else None
        if place and (str(o.input.get("audience_type", "")), place) not in tried:
            return [("get_audience_sizing", {**o.input, "geography": place})]
    return []


def superseded(outcomes: list) -> list:
    """``outcomes`` without the sizing misses the retry by place replaced: a miss asked with no place (the nation by
    default) whose audience a later look-up found for one of the places the miss listed. A place the user asked
    for and the KB lacks ("Tampa") stays said."""
    found = {(str(o.input.get("audience_type", "")), str(o.input.get("geography") or "")) for o in outcomes
             if o.name == "get_audience_sizing" and o.found}

    def replaced(o) -> bool:
        m = _ONLY_FOR.search(o.content) if o.name == "get_audience_sizing" and not o.found and not o.is_error else None
        return bool(m) and not o.input.get("geography") and any(
            (str(o.input.get("audience_type", "")), g.strip()) in found for g in m.group("places").split(", "))
    return [o for o in outcomes if not replaced(o)]

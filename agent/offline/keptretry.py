"""A platform a follow-up kept from the last turn (:mod:`agent.offline.keptplatform`) that the new business has no row
for: the business's own figures, asked once without it.

Why: "cost per ticket sold for arena concerts on Spotify Marquee?" then "and for comedy shows?" keeps Spotify Marquee
(English leaves unsaid what stays the same), but the KB prices comedy shows only blended and on TikTok; the tool's
miss alone answered nothing the user asked (the reader then quoted a passing TikTok sentence). The user never named the
platform this turn, so the business's own figures are what is asked — looked up without the kept platform, and said
beside the miss for it.
"""
from __future__ import annotations

from agent.offline import platformfig
from agent.offline.parse import parse


def calls(user_text: str, outcomes: list) -> list[tuple[str, dict]]:
    """get_benchmark by the business alone for each look-up narrowed to a platform the message does not name that
    missed (not an error); [] when none did, the message names a platform, or it was asked already."""
    p = parse(user_text)
    if platformfig.platforms(user_text) or not (p.vertical or p.business_phrase or p.industry_phrase):
        return []
    tried = {(o.input.get("vertical"), o.input.get("metric")) for o in outcomes
             if o.name == "get_benchmark" and not o.input.get("platform")}
    out: list[tuple[str, dict]] = []
    for o in outcomes:
        if o.name != "get_benchmark" or o.found or o.is_error or not o.input.get("platform") \
                or not (o.input.get("vertical") or "").strip():
            continue
        ask = {"vertical": o.input["vertical"], "metric": o.input.get("metric", "")}
        if (ask["vertical"], ask["metric"]) not in tried and ("get_benchmark", ask) not in out:
            out.append(("get_benchmark", ask))
    return out

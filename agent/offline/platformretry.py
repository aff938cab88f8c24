"""A platform named inside a business's conversation whose figure that business's table lacks: the platform's own
figures, as the KB lists them.

Why: "thinking about Spotify too — what do those ads run per thousand?" after the user said they run vet clinics
is looked up as the clinics' Spotify CPM (:func:`agent.offline.policy.bench_inputs`). A KB that lists a platform's
figures by format or by vertical ("SPOTIFY CPM BENCHMARKS — BY FORMAT") has no row for the clinics, and the tool
says so; the platform's own list still answers what was asked — what that platform costs. So when a look-up of the
business × metric on a platform the message names misses (not an error) and the message does not name the business
itself (then its own figure or its miss is the answer), the same metric is asked of the platform
alone once (:func:`mpa.platform_figures` reads every list the KB states for it), and the answer quotes those
figures (:func:`agent.offline.platformfig.paragraph`) in place of the miss — only its lists by format or placement, never
another business's row of a list by vertical (:func:`kept`).
"""
from __future__ import annotations

import dataclasses
import re

from agent.offline import platformfig
from agent.offline.parse import parse


def calls(user_text: str, outcomes: list) -> list[tuple[str, dict]]:
    """get_benchmark by platform alone for each platform × metric the message names whose look-up with the business
    missed; [] when none did or it was asked already."""
    p = parse(user_text)
    if p.vertical or p.business_phrase or p.industry_phrase or p.calc or p.numbers:  # the business named here: its own
        return []  # figure or its miss; figures given: a working, whose price is the user's or the business's
    said = set(platformfig.platforms(user_text))
    tried = {(o.input.get("platform"), o.input.get("metric")) for o in outcomes if platformfig.asked(o)}
    out = []
    for o in outcomes:
        if o.name != "get_benchmark" or o.found or o.is_error or not (o.input.get("vertical") or "").strip():
            continue
        key = (o.input.get("platform"), o.input.get("metric"))
        if key[0] in said and key not in tried and ("get_benchmark", {"metric": key[1], "platform": key[0]}) not in out:
            out.append(("get_benchmark", {"metric": key[1], "platform": key[0]}))
    return out


# list dimensions whose rows are other businesses or other markets (and their averages): never the user's own figure
_OTHERS = re.compile(r" \(by (?:vertical|overall|industry|sector|trade|business|category|market|region|country|state|"
                     r"province|city|metro|dma|geography)\w*\b", re.I)


def kept(outcomes: list) -> list:
    """``outcomes`` with each retried look-up (one by platform alone beside the business's own miss for it) holding
    only its lists by another dimension than the vertical (by format, by placement): a list by vertical gives other
    businesses' figures, which never stand in for the user's (:mod:`agent.offline.declfirst`). A retry left with no
    such list is a miss (no passages), and the business's own miss is what is said."""
    missed = {(o.input.get("platform"), o.input.get("metric")) for o in outcomes if o.name == "get_benchmark"
              and not o.found and (o.input.get("vertical") or "").strip()}
    out = []
    for o in outcomes:
        if platformfig.asked(o) and o.found and (o.input.get("platform"), o.input.get("metric")) in missed:
            head, sep, rest = o.content.partition("<passage")
            lines = [ln for ln in head.splitlines() if not (ln.startswith("- ") and _OTHERS.search(ln))]
            listed = any(ln.startswith("- ") for ln in lines)
            o = dataclasses.replace(o, content="\n".join(lines) + "\n" + sep + rest if listed else o.content,
                                    passages=o.passages if listed else [])
        out.append(o)
    return out

"""A business the KB does not know by its goods, asked about again by how it sells.

Why: "we roast small-batch coffee, sold mostly through supermarket chains" names goods the KB's vertical descriptions
never mention, so get_benchmark reads "small-batch coffee" as no vertical ("matched_by: no match"). What the user
says next — how the goods reach buyers — is what the KB's descriptions *are* made of ("products sold
mainly through grocery, drug, mass and online retailers", "brands that sell through their own online
store"), and the benchmark tool reads such a clause against exactly those pieces
(:func:`mpa.business.resolve_business`). So when the tool finds no vertical for the business phrase and
the user said how the business sells, the look-up is made once more with that clause; the answer then
keeps the found figure and drops the miss it replaces (:func:`superseded`). With no route, or none that found,
the look-up is made with the user's whole description of the business instead (:mod:`agent.offline.selfdesc`).
"""
from __future__ import annotations

import re
from typing import Callable

from agent.offline import selfdesc, shelfroute
from agent.offline.business import business

NO_MATCH = "matched_by: no match"
NO_TABLES = "states no benchmark figures by vertical"  # a KB of prose: its sentences may still state the figure
# "sold mostly through grocery chains", "stocked by pharmacies", "carried in corner stores": a verb of selling,
# perhaps a degree word, a preposition, and the outlet — up to the end of its clause
_ROUTE = re.compile(r"\b((?:sold|sells?|selling|stocked|carried|distributed)(?:\s+(?:mostly|mainly|largely|primarily|"
                    r"chiefly|only|exclusively|usually|almost entirely))?\s+(?:through|thru|in|at|by|via|to|from)\s+"
                    r"[^.?!;:,()—–]{2,60}?)(?=\s*(?:[.?!;:,()—–]|$|\b(?:and|but|so|what|how|which|who|is|are|do|does)\b))",
                    re.I)


def route(text: str) -> str | None:
    """The clause saying how the user's business sells, as the KB would word it ("thru" written out); None."""
    m = _ROUTE.search(text or "")
    if not m:  # "our cans are in grocery stores": the same route in everyday words (agent.offline.shelfroute)
        return shelfroute.said(text)
    return re.sub(r"\bthru\b", "through", " ".join(m.group(1).split()), flags=re.I) if m else None


def calls(user_text: str, earlier: list[str], outcomes: list, queries: Callable[[], list[str]] = list) -> list[tuple[str, dict]]:
    """The tool calls to make next when a benchmark look-up's business phrase named no vertical: get_benchmark
    again by the route the user described; else by the whole clause the user described the business in
    (:mod:`agent.offline.selfdesc`), with, when this turn searched nothing yet, the searches
    (``queries()``: formed only then) the question would have had without a business phrase — the KB may still speak of it in
    words the vertical descriptions lack ("orthodontics" in a healthcare note). [] when nothing failed so, or
    everything was asked."""
    if again := glossed(user_text, earlier, outcomes):
        return again
    failed = [o for o in outcomes if o.name == "get_benchmark" and not o.found and not o.is_error and (
        NO_MATCH in o.content or NO_TABLES in o.content)]
    if not failed:
        return []
    phrase = str(failed[0].input.get("vertical", "")).lower()
    said = next((t for t in [user_text, *reversed(earlier)] if phrase and phrase in t.lower() and route(t)), user_text)
    clause = route(said)
    tried = {str(o.input.get("vertical", "")).lower() for o in outcomes if o.name == "get_benchmark"}
    if clause and clause.lower() not in tried:
        return [("get_benchmark", {**o.input, "vertical": clause}) for o in failed]
    searches = [] if any(o.name == "search_knowledge_base" for o in outcomes) else [
        ("search_knowledge_base", {"query": q, "top_k": 8}) for q in queries()]
    told = next((t for t in [user_text, *reversed(earlier)] if phrase and phrase in t.lower()), user_text)
    desc = selfdesc.description(told, phrase)  # the whole clause the business was described in
    found = {str(o.input.get("metric", "")) for o in outcomes if o.name == "get_benchmark" and o.found}
    again = [("get_benchmark", {**o.input, "vertical": desc}) for o in failed[:1]
             if NO_MATCH in o.content and desc and desc.lower() not in tried and str(o.input.get("metric", "")) not in found]
    return again + searches


# the tool's words for a business phrase it could not place ("no benchmark table for 'X'", a KB of lists: "no benchmark
# for the vertical 'X'"), not one the KB says it leaves out ("matched_by: not covered")
_UNPLACED = re.compile(r"no benchmark (?:table )?for (?:the vertical )?'", re.I)


def glossed(user_text: str, earlier: list[str], outcomes: list) -> list[tuple[str, dict]]:
    """get_benchmark again with the kind of business this message names ("for a lender like us", "stores like ours")
    when the phrase looked up was one remembered from an earlier message (``earlier``: "small invoice factoring") that
    the KB could not place: the user's own gloss on their business. [] otherwise."""
    failed = [o for o in outcomes if o.name == "get_benchmark" and not o.found and not o.is_error
              and _UNPLACED.search(o.content) and "not covered" not in o.content]
    phrase = str(failed[0].input.get("vertical", "")).lower() if failed else ""
    before = phrase and phrase not in user_text.lower() and any(set(phrase.split()) <= set(re.findall(r"[a-z][\w'-]*", t.lower()))
                                                                 for t in earlier)  # in the user's words, not a name the parser gave
    said = business(user_text) if before else None
    own = (said.phrase or "").strip() if said else ""
    tried = {str(o.input.get("vertical", "")).lower() for o in outcomes if o.name == "get_benchmark"}
    if not own or own.lower() in tried or own.lower() in phrase:
        return []
    return [("get_benchmark", {**o.input, "vertical": own}) for o in failed]


def superseded(outcomes: list, text: str | None = None) -> list:
    """``outcomes`` without the benchmark misses a later look-up of the same metric found (the retry by route or by
    description), nor a retry's miss that only says the first miss's business in more words (:mod:`selfdesc`): the
    answer says once that no vertical fits. With the message ``text``: nor the miss of a business remembered from earlier
    that the message's own gloss on it found (:func:`glossed`)."""
    found = {str(o.input.get("metric", "")) for o in outcomes if o.name == "get_benchmark" and o.found}
    first: dict[str, str] = {}
    out = []
    for o in outcomes:
        if o.name == "get_benchmark" and not o.found and not o.is_error and NO_MATCH in o.content:
            metric, said = str(o.input.get("metric", "")), str(o.input.get("vertical", "")).lower()
            if metric in found or (metric in first and first[metric] and first[metric] in said):
                continue
            first.setdefault(metric, said)
        elif o.name == "get_benchmark" and not o.found and not o.is_error and text is not None and _UNPLACED.search(
                o.content) and str(o.input.get("metric", "")) in found and str(o.input.get("vertical", "")).lower() \
                not in text.lower():
            continue
        out.append(o)
    return out

"""Look-ups over the facts of any KB text (:mod:`mpa.facts`), behind ``get_benchmark`` and
``get_audience_sizing``.

The KB's Markdown tables stay the first source (:mod:`mpa.lookups`): a vertical or audience
they cover is answered from them exactly as before. Anything else is answered from the facts
read from lists, metric lines and sentences — *every* matching fact, one per platform, each
with the chunk that states it, so a question that does not name a platform gets the search
CPC and the social CPC, not whichever came first. No match is a plain reason, never the
nearest other vertical.
"""
from __future__ import annotations

import re
import unicodedata
import weakref
from typing import Any

from mpa import (captioned, declaredrows, devices, ownwords, roles, platformrows, publisher, audience_described, audience_everyday, audience_lookups, audience_several, audience_there, business, counted, lookups, resolve, wordkin)  # noqa: E501
from mpa.audience_unsaid import keeper
from mpa.captions import platforms_in_kb
from mpa.fact_text import market_noted, measure_noted, number_range, own_metric
from mpa.facts import PLATFORM_SAID, Fact, kb_metric_names, text_facts
from mpa.glossed import kb_short_name
from mpa.labelmeaning import confirmed
from mpa.labels import match_audience, match_labels, norm
from mpa.labelwords import longer_names, one_within_other, row_within as _row_within, shorter_names, stems
from mpa.lookups import canonical_metric, canonical_vertical, tables
from mpa.results import AudienceSizingResult, BenchmarkResult, Lookup, citing
from mpa.vocabulary import VOCABULARY, unit_first
from mpa.headnoun import not_theirs
from mpa.ownmetric import own_metric_named
from rag.engine import RetrievalEngine

_FACTS: "weakref.WeakKeyDictionary[Any, tuple[Any, list[Fact]]]" = weakref.WeakKeyDictionary()
_POPULATION_QUERY = {"population", "total population", "people", "residents", "everyone", "all people", "adults",
                     "all adults", "people living there", "inhabitants", "total"}
_HEADCOUNT = {"population", "residents", "people", "inhabitants"}  # a place's whole count, by any of its names


def facts(engine: RetrievalEngine) -> list[Fact]:
    """The non-table facts of ``engine``'s KB (cached per engine and chunk list)."""
    t = tables(engine)
    hit = _FACTS.get(engine)
    if hit is None or hit[0] is not t:
        hit = (t, text_facts(list(t.texts.items())))
        _FACTS[engine] = hit
    return hit[1]


def _priced_unit(metric: str, known: list[str]) -> str | None:
    """A price of a unit the metric names do not say ("cost per inquiry", "cost per app download"): the
    known metric whose "cost per …" name prices the unit nearest it by meaning (:func:`mpa.resolve.unit_by_meaning`)."""
    labels = {k: next((s for s in VOCABULARY["metrics"].get(k, []) if s.startswith("cost per")), "") or (f"cost per {k[:-6]}" if k.endswith(" price") else k) for k in known}  # "day pass price": "cost per day pass"
    return resolve.unit_by_meaning(metric, {k: v for k, v in labels.items() if v != k})


def _names_of(mine: list[Fact]) -> dict[str, list[str]]:
    """Each money metric of ``mine`` → the names the KB may define it by: its key, the vocabulary's names and
    the "cost per …" name its label gives ("Cost per booking (CPB)")."""
    out: dict[str, list[str]] = {}
    for f in mine:
        if f.metric and f.unit == "$":
            own = own_metric(f.label) or own_metric(PLATFORM_SAID.sub("", f.label))
            out.setdefault(f.metric, [f.metric, *VOCABULARY["metrics"].get(f.metric, [])] + ([own[1]] if own else []))
    return out


def _result(t, f: Fact, metric: str) -> BenchmarkResult:
    chunk = t.chunk_at(f.source, f.start, f.end)
    return BenchmarkResult(metric=metric, vertical=f.vertical or f.label, value=f.value, low=f.low, high=f.high,
                           low_value=number_range(f.floor)[0] if f.floor else None,
                           high_value=number_range(f.ceiling)[1] if f.ceiling else None, low_text=f.floor,
                           high_text=f.ceiling, qualifier=f.qualifier, **citing(chunk, f.source),
                           metric_name=metric, unit=f.unit, matched_by=f.form, platform=f.platform_name or f.platform,
                           period=f.period)


def find_benchmarks(engine: RetrievalEngine, vertical: str, metric: str, platform: str | None = None) -> Lookup:
    """``Lookup(result=[BenchmarkResult, …], reason)`` — every fact for the pair (one per
    platform), narrowed to ``platform`` when one is named; ``[]`` with a reason when none."""
    t, low = tables(engine), " ".join((metric or "").lower().split())  # "placement test cost": the KB's "cost per …"
    metric = r if (r := unit_first(low)) != low and any(norm(f.metric or "") == r for f in facts(engine)) else metric
    key = canonical_vertical(vertical, t.verticals)
    bench = [f for f in facts(engine) if f.kind == "benchmark" and f.vertical]
    labels = sorted({f.vertical for f in bench})
    names = [n for n in match_labels(vertical, labels) if not not_theirs(vertical, n, t.texts.values())] if labels else []
    said = any(norm(n) == norm(vertical) for n in names)  # a vertical's own name, word for word, is that vertical
    if not names and key is None and devices.only(vertical):  # "phones": where a product runs (mpa.devices)
        return Lookup([], f"{vertical!r} names devices a product runs on, not a business: ask what the product is")
    if not names and key is None and roles.only(vertical):  # "owner": who someone is, not a business (mpa.roles)
        return Lookup([], roles.no_business(vertical, t.verticals, labels))
    if not said and (kept := _kept_rows(engine, vertical, metric, platform)):
        return kept  # "online MBA programs": a row of a list kept under its own dimension ("BY PROGRAM TYPE")
    if (key is not None and key in t.verticals) or (t.verticals and not names):
        found = lookups.lookup_benchmark(engine, vertical, metric) if key is not None or not business.ROUTE.match(
            vertical or "") else Lookup(None, f"it has no benchmark table for {vertical!r} (covered verticals: "
                                              f"{', '.join(t.verticals)})")  # "stocked at …": read by route only
        if found.result is None and key is None and found.reason.startswith("it has no benchmark table for") \
                and not lookups.match_terms(vertical or "", VOCABULARY["uncovered_verticals"]):
            found = _by_business(engine, vertical, metric, found)  # a business the words did not name
        elif found.result is not None and key is None:  # named by a word rule: unless the KB says it does not cover it
            how = business.resolve_business(tables(engine), facts(engine), vertical)
            if how.matched_by == "not covered":
                found = Lookup(None, f"it has no benchmark table for {vertical!r}{_unmatched(how)} (covered verticals: "
                                     f"{', '.join(t.verticals)})")
        return Lookup([found.result] if found.result is not None else [], found.reason)
    how = None
    if not names and labels:  # a business the label rules did not name: the KB's own text, by meaning
        how = business.resolve_business(tables(engine), facts(engine), vertical)
        names = [how.label] if how.label else []
    if not names and (in_market := _market_rows(engine, vertical, metric, platform)):
        return in_market  # "Google Ads CPC in Canada": a list's row for that market, not a vertical
    if not names:
        if not labels:
            return Lookup([], "it states no benchmark figures by vertical")
        return Lookup([], f"it has no benchmark for the vertical {vertical!r}{_unmatched(how)} (verticals it covers: "
                          f"{', '.join(labels)})")
    known_metrics = sorted({f.metric for f in bench if f.metric})
    mine = [f for f in bench if f.vertical in names]
    # the KB's own name as asked before a vocabulary metric near it by meaning: "cost per qualified lead" is the KB's,
    # not the cost per lead
    # — when the vertical states it: the KB's own "cost per app install" of a restaurant profile is not asked of a
    # crypto exchange, whose cost per install is the vocabulary's CPI
    own = own_metric_named(metric, bench)

    def reading(mine: list[Fact]) -> str | None:  # "CAC payback": the vertical's own name word for word, before the
        said_whole = next((f.metric for f in mine if f.metric and norm(f.metric) == norm(metric)), None)  # (CAC)
        have = {f.metric for f in mine}
        first = said_whole or canonical_metric(metric, known_metrics) or (own if own in have else None) \
            or _priced_unit(metric, known_metrics) or own
        if first in have or first in known_metrics:  # a metric the KB states for other verticals: this one lacks it
            return first
        defined = ownwords.read_otherwise(metric, first, mine, t.texts, _names_of(mine))  # "cost per new customer"
        return defined if defined in have or first is None else first
    m = reading(mine)
    for other in (shorter_names, longer_names):  # "Quick Service Restaurants" is its "Quick Service", and
        if m not in {f.metric for f in mine} and (more := other(names, labels)):  # "Coworking" its "Coworking Spaces"
            theirs = [f for f in bench if f.vertical in more]
            if (m2 := reading(theirs)) in {f.metric for f in theirs}:
                names, mine, m = more, theirs, m2
    if m not in {f.metric for f in mine} and (kin := wordkin.retry(metric, [names, shorter_names(names, labels), longer_names(names, labels)], bench)):  # noqa: E501
        names, mine, m = kin  # "cost per appointment": its "cost per booked visit", by the kinship of words (mpa.wordkin)
    if m not in {f.metric for f in mine} and said and (kept := _kept_rows(engine, vertical, metric, platform)) \
            and wordkin.akin(metric, [r.metric for r in kept.result]):  # "… Caterer Profile": its list's "… Caterers"
        return kept
    if m is None or m not in {f.metric for f in mine}:
        have = sorted({f.metric for f in mine if f.metric})
        return Lookup([], f"it has {', '.join(names)} figures for {', '.join(have)} but none for {metric!r}")
    mine = _at_age_asked([f for f in mine if f.metric == m], metric)
    stated = {f.platform for f in mine if f.platform}  # "digital out-of-home": the "DOOH" its glossary spells out
    plats = platforms_in_kb(kb_short_name(platform, t.texts.values(), stated), stated)
    plats, mine = publisher.narrowed(facts(engine), platform, plats, mine, _channel_of(platform, m, metric))
    if plats is not None:
        wanted = [f for f in mine if f.platform in plats] or [f for f in captioned.subject_rows(engine, facts(engine), platform, m) if f in mine]
        if not wanted and (kin := wordkin.on_platform(metric, [f for f in bench if f.vertical in names], platform)):
            m, wanted = kin  # "cost per call" on Local Services Ads: the CPL it states there, not the booked job's cost
        if not wanted:
            on = sorted({f.platform or "no named platform" for f in mine})
            return Lookup([], f"it has {', '.join(names)} {m} only for {', '.join(on)}, not for {platform!r}")
        mine = wanted
    out, seen = [], set()
    for f in mine:  # one fact per vertical × platform (× market a caption names): lists and metric lines before sentences
        k = (f.vertical, f.platform, market_noted(f.qualifier)[0], measure_noted(f.qualifier))
        if k not in seen:
            seen.add(k)
            out.append(_result(t, f, m))
            out[-1].vertical_matched_by = business.described(how, vertical)
    return Lookup(out)


def _at_age_asked(mine: list[Fact], metric: str) -> list[Fact]:
    """The figures measured at the age the asked metric names by its number ("day-180 cohort ROAS" → the day-180
    list's, not the day-30 one's); all of them when it names none (each then says its age)."""
    asked = set(re.findall(r"\d+", metric or ""))
    said = [f for f in mine if asked & set(re.findall(r"\d+", measure_noted(f.qualifier) or ""))]
    return said or mine


def _row_metric(engine: RetrievalEngine, metric: str, mine: list[Fact]) -> str | None:
    """The metric of ``mine`` (rows of a list kept by market or by a dimension of their own) the asked ``metric`` names:
    its own label, a KB metric's name, the unit its price counts, or the unit the KB's glossary defines ("cost per
    booking" of a booked stay) — as a vertical's look-up reads it; None without rows."""
    if not mine:
        return None
    ms = sorted({f.metric for f in mine})
    return canonical_metric(metric, ms) or own_metric_named(metric, mine) or _priced_unit(metric, ms) \
        or counted.defined_metric(tables(engine).texts, metric, _names_of(mine))


def _market_rows(engine: RetrievalEngine, place: str, metric: str, platform: str | None) -> Lookup | None:
    """The figures a list states for the market ``place`` names (``BY COUNTRY``/``BY DMA`` rows) for the
    metric (and platform), when the name given as a vertical is such a market; None otherwise."""
    rows = [f for f in facts(engine) if f.kind == "benchmark" and f.geography and f.metric]
    mine = _in_market(rows, place) if rows and place else []
    m = _row_metric(engine, metric, mine)
    mine = [f for f in mine if f.metric == m]
    plats = platforms_in_kb(platform, {f.platform for f in mine if f.platform})
    wanted = [f for f in mine if plats is None or f.platform in plats]
    if mine and not wanted:  # the market is the KB's, on other platforms: say what is missing, not that the market is
        on = sorted({f.platform or "no named platform" for f in mine})
        return Lookup([], f"it has {mine[0].geography} {m} only for {', '.join(on)}, not for {platform!r}")
    return Lookup([_result(tables(engine), f, m) for f in wanted]) if wanted else None


def _kept_rows(engine: RetrievalEngine, name: str, metric: str, platform: str | None) -> Lookup | None:
    """The figures of the metric a list states for a row the name given as a vertical names, when the list
    groups its rows by a dimension of its own ("BY PROGRAM TYPE" over "- Online MBA Programs: $240-295")
    and the KB names no such vertical: the row answers for what it is named, as a market's row does; None
    otherwise — or no figures with the reason, when the row states the metric on other platforms only. Only the
    row's own label decides (no vocabulary synonym stretches a row to a vertical)."""
    rows = [f for f in facts(engine) if f.kind == "benchmark" and not f.vertical and not f.geography and f.metric
            and market_noted(f.qualifier)[1].split(";")[0].endswith(f": {f.label}")]  # ("market: Sweden; venue type: …")
    hit = match_labels(name, sorted({f.label for f in rows}), use_vocabulary=False) if rows and name else []
    hit = [lb for lb in hit if one_within_other(name, lb)] or confirmed(name, hit, sorted({f.label for f in rows})) \
        or _row_within(name, sorted({f.label for f in rows}))  # one shared word: only when meaning agrees
    mine = [f for f in rows if f.label in hit]
    m = _row_metric(engine, metric, mine)
    mine = [f for f in mine if f.metric == m]
    stated = {f.platform for f in mine if f.platform}  # "digital out-of-home": the "DOOH" its glossary spells out
    plats = platforms_in_kb(kb_short_name(platform, tables(engine).texts.values(), stated), stated)
    if plats is not None and not any(f.platform in plats for f in mine) and _channel_of(platform, m, metric):
        plats = None
    wanted = [f for f in mine if plats is None or f.platform in plats]
    if mine and not wanted and not platformrows.elsewhere(facts(engine), sorted({f.label for f in mine}), m, platform, tables(
            engine).texts.values()):  # the row is the KB's, on other platforms: say so, not a neighbour's figures
        on = sorted({f.platform or "no named platform" for f in mine})
        return Lookup([], f"it has {', '.join(sorted({f.label for f in mine}))} {m} only for {', '.join(on)}, "
                          f"not for {platform!r}")
    return Lookup([_result(tables(engine), f, m) for f in wanted]) if wanted else None


def _channel_of(platform: str | None, *metrics: str | None) -> bool:
    """Whether the platform asked is only a word of the metric's own name ("Email" of the KB's "email open rate"):
    the channel the metric is measured in, which a caller passes as a platform (the KB's "EMAIL CLICK RATE"
    caption names Email as one) — not a narrowing of figures the KB states with no platform."""
    words = set(norm(platform or "").split())
    return bool(words) and any(m and words <= set(norm(m).split()) for m in metrics)


def _by_business(engine: RetrievalEngine, vertical: str, metric: str, found: Lookup) -> Lookup:
    """A table KB's vertical for a business the vocabulary and the label rules left unnamed
    (:func:`mpa.business.resolve_business`); ``found`` (the plain "no table") when none is near enough."""
    how = business.resolve_business(tables(engine), facts(engine), vertical)
    if how.label is None:
        return Lookup(None, found.reason.replace(f"for {vertical!r}", f"for {vertical!r}{_unmatched(how)}", 1))
    again = lookups.lookup_benchmark(engine, how.label, metric)
    if again.result is not None:
        again.result.vertical_matched_by = business.described(how, vertical)
    return again


def _unmatched(how: "business.BusinessMatch | None") -> str:
    """Why a business phrase named no vertical, for the tool's reason."""
    if how is None or how.matched_by == "no match" and not how.evidence:
        return ""
    if how.matched_by == "not covered":
        return f" — matched_by: not covered (the knowledge base lists {how.evidence!r} among what it does not cover)"
    return " — matched_by: no match (no vertical's description is near enough to decide; ask which is closest)"


def kb_metric_note(engine: RetrievalEngine) -> str:
    """A sentence naming the metrics this KB states in its own words ("CPB (cost per booking); cost per
    consultation"), for get_benchmark's description: the fixed examples name only the vocabulary's."""
    items, names = [], kb_metric_names(facts(engine))
    said = counted.definitions(tables(engine).texts, {k: [k] for k in names if k.isupper()})  # "CPV - Cost per view."
    spelled = {f.metric: f.metric_name for f in facts(engine) if f.kind == "benchmark" and f.metric_name}
    for key, label in names.items():
        own = own_metric(label) or own_metric(PLATFORM_SAID.sub("", label)) or (
            (key, spelled[key]) if key in spelled else None)  # "VTR (view-through rate)": the name its glossary gives
        if own is None and (m := re.match(r"((?:cost|price) per [a-z][a-z -]{1,40}?)\s*[.;,(]", said.get(key, ""), re.I)):
            own = (key, m.group(1).lower())
        items.append(f"{key} ({own[1]})" if own and own[1] != key.lower() else key)
    return f" This knowledge base also states its own: {'; '.join(items)}." if items else ""


def kb_by_business_note(engine: RetrievalEngine) -> str:
    """For get_benchmark's metric description: the metrics this KB states for two or more businesses ("CPC; CTR") — a
    question naming none is asked whose first — and those it states for one business only, with it ("CPI (gaming)";
    its own too, "cost per mug club member (Craft Brewery)", unless a row of no vertical states it as well, a kind of
    its own or a platform): nothing to choose between, so that business's figure is the answer."""
    owners: dict[str, set[str]] = {}
    for vertical, metric in tables(engine).bench:  # the benchmark tables' rows, then the lists' and lines' facts
        owners.setdefault(metric, set()).add(vertical)
    for f in (f for f in facts(engine) if f.kind == "benchmark" and f.metric and f.vertical):
        owners.setdefault(f.metric, set()).add(f.vertical)
    keys = [k for k, v in owners.items() if len(v) >= 2]
    unowned = {f.metric for f in facts(engine) if f.kind == "benchmark" and f.metric and not f.vertical}
    sole = [f"{k} ({next(iter(v))})" for k, v in owners.items() if len(v) == 1 and "(" not in k and (
        k in VOCABULARY["metrics"] or k not in unowned)]
    return (f" Figures by business in this knowledge base: {'; '.join(keys)}." if keys else "") + (
        f" For one business only: {'; '.join(sole)}." if sole else "")


def kb_platform_note(engine: RetrievalEngine, also: list[str] = ()) -> str:
    """A sentence naming the platforms this KB states figures for that the vocabulary does not know ("Apple
    Search Ads, Reddit, Spotify"), for get_benchmark's platform description: the examples name only the usual."""
    own = sorted({getattr(f, "platform_name", "") or f.platform for f in facts(engine)  # as the KB writes it
                  if f.kind == "benchmark" and f.platform and f.platform not in VOCABULARY["platforms"]} | set(also))
    return f" This knowledge base's own platforms: {', '.join(own)}." if own else ""


def kb_vertical_note(engine: RetrievalEngine, most: int = 40) -> str:
    """A sentence naming the verticals this KB states figures for in its own lists and lines ("Boutique
    hotels and inns, Legal Services, …"), for get_benchmark's description (the fixed examples are the
    shipped KB's); "" when its tables name them (the examples) or it names more than ``most``."""
    labels = sorted({f.vertical for f in facts(engine) if f.kind == "benchmark" and f.vertical} | declaredrows.rows(engine, facts(engine)))
    return f" This knowledge base's own: {', '.join(labels)}." if labels and len(labels) <= most else ""


def find_audience(engine: RetrievalEngine, audience_type: str, geography: str | None = None) -> Lookup:
    """The KB's audience table first (:func:`mpa.audience_lookups.lookup_audience_sizing`); else the
    audience facts read from lists and lines: ``Lookup(AudienceSizingResult | None, reason)``."""
    t = tables(engine)
    aud = [f for f in facts(engine) if f.kind == "audience"]
    audience_type = audience_everyday.kb_worded(audience_type, [*t.audience_names, *(f.audience for f in aud)])
    if t.audience:
        found = audience_lookups.lookup_audience_sizing(engine, audience_type, geography)
        if found.result is not None:
            return found
    if not aud:
        return audience_lookups.lookup_audience_sizing(engine, audience_type, geography) if t.audience else \
            Lookup(None, "the knowledge base states no audience sizes")
    q = norm(audience_type)
    if q in _POPULATION_QUERY or q.endswith(" population"):
        pool = [f for f in aud if norm(f.audience or "") in _HEADCOUNT]  # "Sintra has about 385,600 residents"
    else:
        here = {f.audience for f in _in_market(aud, geography) if f.audience and norm(f.audience) != "population"}
        every = sorted({f.audience for f in aud if f.audience})
        said = audience_described.fact_definitions(aud, t.texts)
        places = sorted({f.geography for f in aud if f.geography})
        names = match_audience(audience_type, every, sorted(here), keeper(audience_type, said, places))
        if not names:  # a shipped audience name ("pet-owning households"): the one label its synonyms name here
            found = {n for syn in VOCABULARY["audiences"].get(norm(audience_type), []) for n in
                     match_audience(syn, every, sorted(here), keeper(syn, said, places))}
            found = (found & here) or found  # of those, the ones sized in the market asked about
            names = sorted(found) if len(found) == 1 else []
        if len(names) > 1 and not (geography and str(geography).strip()):  # "dog households in minneapolis":
            placed = [n for n in names if audience_lookups.place_said(  # the one of them sized in the place said
                audience_type, sorted({f.geography for f in aud if f.audience == n and f.geography}), n)]
            names = placed if len(placed) == 1 else names
        if len(names) != 1:  # described, not named (or words naming several): by what the KB says each audience is
            key = audience_described.described(audience_type, said, keeper(audience_type, said, places))
            names = [key] if key else names
        pool = [f for f in aud if f.audience in names]
    if not pool:
        return Lookup(None, f"it does not size {audience_type!r} (sized: "
                            + "; ".join(sorted({f.audience for f in aud if f.audience})) + ")")
    geos = sorted({f.geography for f in pool if f.geography})
    if geography is None or not str(geography).strip():  # "dog owning households in atlanta": the place said with them
        geography = audience_lookups.place_said(audience_type, geos, pool[0].audience or "")
    pool = _in_market(pool, geography) or (audience_there.relabelled(audience_type, aud, _in_market(aud, geography), {
        f.audience for f in pool}, t.texts) if geography and str(geography).strip() else [])  # "Households with a dog" there
    if not pool:
        return Lookup(None, f"it sizes {audience_type!r} only for {', '.join(geos)}, not for "
                            f"{geography or 'the United States'}")
    if len(several := sorted({f.audience or "" for f in pool})) > 1:  # "households": of a dog, of a cat, renting …
        one = audience_several.bare(audience_type, several)
        if len(one) != 1:
            return Lookup(None, f"it sizes several audiences {audience_type!r} may mean there ({'; '.join(several)}); "
                                "ask which one")
        pool = [f for f in pool if f.audience == one[0]]
    f = pool[0]
    chunk = t.chunk_at(f.source, f.start, f.end)
    return Lookup(AudienceSizingResult(
        audience_type=f.audience or audience_type, total_size=f.low, size_text=f.value,
        # a qualifier that only names the unit ("24,000 people") says nothing of how the count was made
        methodology=f.qualifier if f.qualifier and not _UNIT_ONLY.fullmatch(f.qualifier.strip(" .,;"))
        else "stated in the knowledge base", geography=f.geography or "United States",
        **citing(chunk, f.source), other_geographies=[g for g in geos if g != f.geography],
        # "Pet owners: about 86 million households own a pet" counts households, not people
        unit="households" if re.match(r"households?\b", f.qualifier or "", re.I)
        or "household" in (f.audience or "").lower() else "people"))


_UNIT_ONLY = re.compile(r"(?:people|persons?|individuals|adults|households?|homes|users|residents)", re.I)


def _in_market(pool: list[Fact], geography: str | None) -> list[Fact]:
    """The facts of ``pool`` about the market ``geography`` names (an exact name first: "Denver
    DMA" is "Denver"), or the national ones when it names none."""
    if not geography:
        return [f for f in pool if norm(f.geography or "") in ("united states", "national", "")]
    geos = sorted({f.geography for f in pool if f.geography})
    hit = match_labels(_geo(geography), [_geo(g) for g in geos], use_vocabulary=False)
    return [f for f in pool if f.geography and _geo(f.geography) in hit and _geo(f.geography) == _geo(geography)] \
        or [f for f in pool if f.geography and _geo(f.geography) in hit]


_STROKED = str.maketrans("ŁłØøĐđ", "LlOoDd")


def _geo(name: str) -> str:
    """"Denver DMA" and "Denver" are the same market for matching, and so are "São Paulo" and "Sao Paulo" (a place
    name typed without its accents, as most keyboards type it: "Łódzkie" is "Lodzkie", its stroke no accent Unicode
    takes apart)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name.translate(_STROKED)) if not unicodedata.combining(c))
    return " ".join(w for w in norm(bare).split() if w not in ("dma", "metro", "market", "area", "the"))

"""Facts from KB text in the forms real KBs use (mpa.facts), label matching (mpa.labels), the
fact look-ups behind get_benchmark/get_audience_sizing (mpa.fact_lookups), and generic parsing
of framed headings and META_ lines (rag.documents). The snippets are written here, in the
format family, not copied from any fixture."""
from __future__ import annotations

import pytest

from mpa.engine import build_engine
from mpa.fact_lookups import find_audience, find_benchmarks
from mpa.facts import extract_facts, kb_facts, sentence_facts
from mpa.labels import match_labels, platforms_named
from mpa.tools import ToolExecutor
from rag.documents import parse_text

RULE = "-" * 40
LISTS = f"""PAID MEDIA COST NOTES - VERSION 2.1
META - Document: costs by platform

{RULE}
SECTION 1 - SEARCH CLICK COSTS
{RULE}
META_WORKFLOW_STEPS: 5
META_TOPICS: CPC, paid_search
META_VERTICALS: ALL
META_INTENT: BENCHMARK_LOOKUP

Figures are medians of the accounts sampled.

GOOGLE ADS CPC BENCHMARKS - 2025
BY VERTICAL - HIGHEST TO LOWEST
- Veterinary Clinics and Pet Hospitals: $3.10-3.70 (rising)
- Yoga Studios: $1.20
- Overall Average: $2.00-2.50

BING ADS CPC BENCHMARKS - 2025
BY VERTICAL
- Veterinary Clinics and Pet Hospitals: $2.40-2.90
- Germany: $1.80

GOOGLE ADS CPC BY COUNTRY - 2025
- France: $1.10-1.30 (12% increase YoY)

Yoga Studios running on Bing Ads paid $0.90-1.05 per click last spring.

{RULE}
SECTION 2 - LEAD COSTS
{RULE}
META_WORKFLOW_STEPS: 2,5

YOGA STUDIOS - LEAD PROFILE
Cost Per Lead: $18-24
Conversion Rate: 6.5%
Average Membership Length: 14 months

CONNECTED TV CPM BENCHMARKS - 2025
BY PLACEMENT TYPE
- Live Sports: $40.00-48.00
"""

AUDIENCE = f"""MARKET SIZES - VERSION 1.0

{RULE}
SECTION 1 - METRO POPULATIONS
{RULE}
METRO POPULATIONS - LATEST
- Boise DMA population 1.1M: census estimate
- Tulsa DMA population 1.0M: census estimate

NEW HOMEOWNERS
Definition: bought a first home in the past two years.
Boise: 48,000 target audience (4% of population)
Tulsa: 39,000 target audience (4% of population)

In prose: the Omaha DMA holds roughly 52,000 new homeowners, and the Wichita DMA holds about 30,000 of them.

NATIONAL COUNTS - UNITED STATES
- Adults who cycle to work: 0.9M
"""


def _facts():
    return extract_facts("costs.txt", LISTS)


def test_list_rows_keep_vertical_metric_platform_period_value_and_note():
    by = {(f.vertical, f.platform): f for f in _facts() if f.kind == "benchmark"}
    vet = by[("Veterinary Clinics and Pet Hospitals", "Google Ads")]
    assert (vet.metric, vet.period, vet.value, vet.low, vet.high, vet.unit, vet.qualifier) == \
        ("CPC", "2025", "$3.10-3.70", 3.1, 3.7, "$", "rising")
    assert by[("Veterinary Clinics and Pet Hospitals", "Bing Ads")].value == "$2.40-2.90"
    assert by[("Yoga Studios", "Google Ads")].low == by[("Yoga Studios", "Google Ads")].high == 1.2


def test_aggregate_country_and_other_dimension_rows_are_not_verticals():
    rows = {f.label: f for f in _facts() if f.kind == "benchmark"}
    assert rows["Overall Average"].vertical is None
    assert rows["Germany"].vertical is None and rows["Germany"].geography == "Germany"
    assert rows["France"].vertical is None and rows["France"].geography == "France"
    assert rows["Live Sports"].vertical is None and "placement type" in rows["Live Sports"].qualifier


def test_metric_lines_take_the_vertical_from_their_heading():
    lines = [f for f in _facts() if f.form == "metric-line"]
    assert {(f.vertical, f.metric, f.value) for f in lines} == {("Yoga Studios", "CPL", "$18-24"),
                                                                 ("Yoga Studios", "CVR", "6.5%"),
                                                                 # a span of time is a figure (kb_txt5's payback)
                                                                 ("Yoga Studios", "average membership length", "14 months")}


def test_sentences_about_known_verticals():
    found = sentence_facts("costs.txt", LISTS, ["Yoga Studios"])
    assert [(f.vertical, f.metric, f.platform, f.value) for f in found] == [("Yoga Studios", "CPC", "Bing Ads",
                                                                              "$0.90-1.05")]
    assert not sentence_facts("x.txt", "Yoga Studios never paid $5 per click on Bing Ads.", ["Yoga Studios"])


def test_audience_bullets_target_lines_prose_and_national_counts():
    aud = {(f.audience, f.geography): f for f in extract_facts("m.txt", AUDIENCE) if f.kind == "audience"}
    assert aud[("population", "Boise DMA")].low == 1_100_000
    assert aud[("New Homeowners", "Boise")].low == 48_000
    assert aud[("Adults who cycle to work", "United States")].low == 900_000
    prose = {(f.geography, f.low) for f in kb_facts([("m.txt", AUDIENCE)]) if f.form == "sentence"}
    assert prose == {("Omaha DMA", 52_000), ("Wichita DMA", 30_000)}


@pytest.mark.parametrize("query,expected", [
    ("Veterinary Clinics and Pet Hospitals", ["Veterinary Clinics and Pet Hospitals"]),
    ("pet hospitals", ["Veterinary Clinics and Pet Hospitals"]),  # a compound label's part
    ("yoga", ["Yoga Studios"]),
    ("pilates studios", []),  # the specific word is missing: absent, not a near miss
    ("hospitals", ["Veterinary Clinics and Pet Hospitals"]),
])
def test_label_matching(query, expected):
    assert match_labels(query, ["Veterinary Clinics and Pet Hospitals", "Yoga Studios"]) == expected


def test_platform_names():
    assert platforms_named("Microsoft Advertising") == {"Bing Ads"}
    assert "Meta" in platforms_named("paid social")
    assert platforms_named(None) is None and platforms_named("carrier pigeon") == set()


def test_framed_headings_and_declared_lines_are_generic(tmp_path):
    title, secs = parse_text(LISTS, "x")
    assert title == "Paid Media Cost Notes - Version 2.1"
    assert [s.path[-1] for s in secs][-2:] == ["Section 1 - Search Click Costs", "Section 2 - Lead Costs"]
    assert not any("Google Ads" in p for s in secs for p in s.path)  # list captions are not sections


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    kb = tmp_path_factory.mktemp("kbtxt")
    (kb / "costs.txt").write_text(LISTS)
    (kb / "markets.txt").write_text(AUDIENCE)
    return build_engine(kb)


def test_meta_lines_become_metadata_not_index_text(engine):
    c = next(c for c in engine.chunks if c.section_path[-1] == "Section 1 - Search Click Costs")
    assert c.metadata["steps"] == [5] and "benchmarks" not in c.metadata["topics"]
    assert c.metadata["declared"]["INTENT"] == "BENCHMARK_LOOKUP" and c.metadata["has_benchmarks"]
    assert "META_" in c.text and "META_" not in c.index_text
    assert "workflow" not in engine.index.term_id and "lookup" not in engine.index.term_id  # META_ words unindexed


def test_get_benchmark_returns_every_platform_with_its_own_citation(engine):
    found = find_benchmarks(engine, "pet hospitals", "cost per click")
    assert {(b.platform, b.value) for b in found.result} == {("Google Ads", "$3.10-3.70"), ("Bing Ads", "$2.40-2.90")}
    assert all(b.chunk_id and "Veterinary" in engine.chunk(b.chunk_id).text for b in found.result)
    assert [b.platform for b in find_benchmarks(engine, "pet hospitals", "CPC", "bing").result] == ["Bing Ads"]
    assert not find_benchmarks(engine, "pet hospitals", "CPC", "TikTok").result
    assert not find_benchmarks(engine, "pilates studios", "CPC").result
    none = find_benchmarks(engine, "yoga studios", "cost per install")
    assert not none.result and "none for" in none.reason
    ex = ToolExecutor(engine)
    r = ex.execute("get_benchmark", {"vertical": "pet hospitals", "metric": "CPC"})
    assert "Google Ads 2025: $3.10-3.70" in r.content and "Bing Ads 2025: $2.40-2.90" in r.content
    assert len(r.data["facts"]) == 2
    r = ex.execute("get_benchmark", {"vertical": "funeral homes", "metric": "CPC"})
    assert r.data is None and "not in the knowledge base" in r.content and "$" not in r.content


def test_audience_lookups_from_lines_and_prose(engine):
    assert find_audience(engine, "population", "Tulsa").result.total_size == 1_000_000
    assert find_audience(engine, "new homeowners", "Boise DMA").result.total_size == 48_000
    assert find_audience(engine, "new homeowners", "Omaha").result.total_size == 52_000
    assert find_audience(engine, "adults who cycle to work").result.total_size == 900_000
    missing = find_audience(engine, "new homeowners", "Denver")
    assert missing.result is None and "only for" in missing.reason


def _score(expected, data, response="", sources=None):
    from scorers import benchmark_accuracy
    from scorers.base import View

    return benchmark_accuracy.score_view(View(response=response, expect={"kind": "benchmark", "facts": expected},
                                              data=data, sources=sources or {}))[0]


EXPECTED = [{"platform": "Google Ads", "value": "$3.10-3.70", "low": 3.1, "high": 3.7, "unit": "$", "source": "c.txt"},
            {"platform": "Bing Ads", "value": "$2.40-2.90", "low": 2.4, "high": 2.9, "unit": "$", "source": "c.txt"}]


def _fact(platform, value, chunk="c#1", source="c.txt"):
    return {"platform": platform, "value": value, "chunk_id": chunk, "source": source}


def test_expected_facts_scorer_catches_bad_answers():
    good = {"facts": [_fact("Google Ads", "$3.10-3.70"), _fact("Bing Ads", "$2.40-2.90")]}
    assert _score(EXPECTED, good) == 1.0
    assert _score(EXPECTED, {"facts": [_fact("Google Ads", "$3.10-3.70")]}) == 0.5  # one platform missing
    swapped = {"facts": [_fact("Google Ads", "$2.40-2.90"), _fact("Bing Ads", "$3.10-3.70")]}
    assert _score(EXPECTED, swapped) == 0.0  # values under the wrong platform
    extra = {"facts": good["facts"] + [_fact("Meta", "$1.00")]}
    assert _score(EXPECTED, extra) == pytest.approx(2 / 3)  # an invented extra fact costs
    uncited = {"facts": [_fact("Google Ads", "$3.10-3.70", chunk=""), _fact("Bing Ads", "$2.40-2.90")]}
    assert _score(EXPECTED, uncited) == pytest.approx(1 / 3)  # uncited: missing, and an unexpected fact
    elsewhere = {"facts": [_fact("Google Ads", "$3.10-3.70", source="other.txt"), _fact("Bing Ads", "$2.40-2.90")]}
    assert _score(EXPECTED, elsewhere) == pytest.approx(1 / 3)
    assert _score(EXPECTED, None) == 0.0


def test_expected_facts_scorer_absent_pairs():
    assert _score([], None, "not in the knowledge base — it has no figures for that vertical") == 1.0
    assert _score([], None, "not in the knowledge base, but a typical figure is $2.50") == 0.0  # a number slipped in
    assert _score([], {"facts": [_fact("Meta", "$1.00")]}) == 0.0

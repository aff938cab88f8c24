"""The plain-text fixture KB (tests/fixtures/kb_txt) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt_datasets were written by reading the KB. These tests re-read
the KB text with a deliberately small scanner that knows only this fixture's layout (benchmark
lists under ``<PLATFORM> <METRIC> BENCHMARKS - <YEAR>`` headings, ``Metric: value`` lines under a
vertical's profile heading, plain sentences) — they do NOT use the product's fact extractor, so a
golden cannot agree with the extractor by sharing its bugs. What is checked:

* the KB follows the conventions it stands for (title line with VERSION, META lines, dash-framed
  sections with META_ lines, RELATED lines naming real files) and is big enough;
* every expected benchmark fact's value occurs in its source next to the vertical's label (same
  bullet line or sentence, or a ``Metric: value`` line under that vertical's profile heading), under
  the named platform; low/high/unit are what the value says; a look-up without a platform expects
  every platform's bullet for the pair and a look-up with one expects only that platform's;
* absent pairs are really absent; audience sizes occur next to their geography and parse to
  ``expected_size``; retrieval answers occur verbatim inside the expected section; paraphrase
  queries share no stemmed keyword with their answers; scenarios hold only KB figures.
"""
from __future__ import annotations

import copy
import functools
import re
from pathlib import Path

from tests import kbtext_goldens as kg
from tests.kbtext_goldens import DASHES, tagged

ROOT = Path(__file__).resolve().parent
KB = ROOT / "fixtures" / "kb_txt"
DATA = ROOT / "fixtures" / "kb_txt_datasets"
TEXTS = kg.read_kb(KB)

LIST_HEADING = re.compile(r"^([A-Z][A-Z ]*?) (CPC|CPM|CTR|CPA|ROAS|CONVERSION RATE) BENCHMARKS - (\d{4})$")
BULLET = re.compile(r"^- ([^:]+): (.+)$")
KV_LINE = re.compile(r"^([A-Z][A-Za-z -]+): (\S.*)$")
HEADING_METRIC = {"CONVERSION RATE": "CVR"}
KV_METRIC = {"Cost Per Lead": "CPL", "Conversion Rate": "CVR"}
UNIT_OF = {"CPC": "$", "CPM": "$", "CPA": "$", "CPL": "$", "CTR": "%", "CVR": "%", "ROAS": "x"}
PLATFORM_OF_HEADING = {"GOOGLE ADS": "Google Ads", "GOOGLE ADS SHOPPING": "Google Ads", "BING ADS": "Bing Ads",
                       "META": "Meta", "LINKEDIN": "LinkedIn", "TIKTOK": "TikTok", "CONNECTED TV": "Connected TV"}

# The fixture's own reading of user words (test data, not the product's synonym table).
VERTICAL_LABELS = {
    "tax preparers": "Accountants and Tax Services", "accountants": "Accountants and Tax Services",
    "hvac contractors": "Plumbers and HVAC", "plumbers": "Plumbers and HVAC",
    "solar installers": "Solar", "dentists": "Dental Practices", "credit unions": "Banking and Credit Unions",
    "lawyers": "Attorneys and Legal Services", "b2b saas": "B2B Software", "online retail": "Ecommerce and Retail",
    "ecommerce": "Ecommerce and Retail", "car dealerships": "Auto Dealers", "universities": "Higher Education",
    "hotels": "Travel and Hospitality", "gyms": "Fitness and Gyms", "assisted living": "Senior Living",
    "insurance agents": "Insurance Agencies", "skincare brands": "Beauty and Personal Care",
}
PLATFORM_WORDS = {
    "google ads": "Google Ads", "google": "Google Ads", "google shopping": "Google Ads", "bing ads": "Bing Ads",
    "bing": "Bing Ads", "microsoft ads": "Bing Ads", "meta": "Meta", "facebook": "Meta", "instagram": "Meta",
    "linkedin": "LinkedIn", "tiktok": "TikTok", "connected tv": "Connected TV", "ctv": "Connected TV",
    "programmatic": "Programmatic Display", "programmatic display": "Programmatic Display",
}
METRIC_WORDS = {"cost per click": "CPC", "cost per lead": "CPL", "click-through rate": "CTR",
                "conversion rate": "CVR", "cost per acquisition": "CPA", "cost per install": "CPI"}


# ------------------------------------------------------------------ scanning the KB text
def stripped_lines():
    """``(source, stripped line, is the file's first line)`` over every fixture file: the fact
    readers below keep a heading state that must not leak from one file into the next."""
    for source, text in TEXTS.items():
        for n, line in enumerate(text.splitlines()):
            yield source, line.strip(), n == 0


@functools.lru_cache(maxsize=None)
def bullet_facts() -> tuple[dict, ...]:
    """Every ``- Label: value`` bullet under a ``<PLATFORM> <METRIC> BENCHMARKS - YEAR`` heading."""
    facts, current = [], None
    for source, s, first in stripped_lines():
        m = LIST_HEADING.match(s)
        if m:
            current = (PLATFORM_OF_HEADING[m.group(1)], HEADING_METRIC.get(m.group(2), m.group(2)))
        elif first or DASHES.match(s) or s.startswith("SECTION "):
            current = None
        elif current and (b := BULLET.match(s)):
            facts.append({"label": b.group(1), "platform": current[0], "metric": current[1],
                          "value": b.group(2).split(" (")[0], "source": source, "line": s})
    return tuple(facts)


@functools.lru_cache(maxsize=None)
def kv_facts() -> tuple[dict, ...]:
    """``Metric: value`` lines under a ``<VERTICAL> - BLENDED ... PROFILE`` heading (no platform)."""
    facts, label = [], None
    for source, s, first in stripped_lines():
        if first:
            label = None
        if s.endswith("PROFILE") and " - " in s and s.isupper():
            label = s.split(" - ")[0]
        elif not s:
            continue
        elif label and (kv := KV_LINE.match(s)):
            if kv.group(1) in KV_METRIC:
                facts.append({"label": label, "platform": None, "metric": KV_METRIC[kv.group(1)],
                              "value": kv.group(2), "source": source, "line": s})
        elif label and s.isupper():
            label = None
    return tuple(facts)


def sentences(source: str) -> list[str]:
    return kg.sentences(TEXTS[source])


def kb_label(phrase: str) -> str | None:
    p = phrase.strip().lower()
    if p in VERTICAL_LABELS:
        return VERTICAL_LABELS[p]
    labels = {f["label"] for f in bullet_facts()} | {f["label"].title() for f in kv_facts()}
    return next((lab for lab in labels if lab.lower() == p), None)


def kb_metric(phrase: str) -> str:
    p = phrase.strip().lower()
    return METRIC_WORDS.get(p, phrase.strip().upper())


# ------------------------------------------------------------------ loading goldens
def load(name: str) -> list[dict]:
    return kg.load(DATA, name)


# ------------------------------------------------------------------ the KB itself
def test_kb_size_and_conventions():
    assert len(TEXTS) >= 8, f"{len(TEXTS)} documents < 8"
    total = sum(len(t.encode("utf-8")) for t in TEXTS.values())
    assert total >= 60_000, f"KB is {total} bytes < 60 KB"
    errors = kg.convention_errors(TEXTS)
    assert not errors, "\n".join(errors)


def test_some_verticals_have_different_values_on_several_platforms():
    by_pair: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for f in bullet_facts():
        by_pair.setdefault((f["label"], f["metric"]), set()).add((f["platform"], f["value"]))
    multi = [k for k, v in by_pair.items() if len({p for p, _ in v}) >= 2 and len({x for _, x in v}) >= 2]
    assert len(multi) >= 10, f"only {len(multi)} vertical × metric pairs span several platforms"


# ------------------------------------------------------------------ benchmarks.jsonl
BENCH_TAGS = frozenset({"platform", "ambiguous", "absent", "synonym", "sentence", "kv-line", "bullet"})


def fact_is_stated(fact: dict, label: str, metric: str) -> str | None:
    """Why ``fact`` is not stated in its source next to ``label``, or None when it is."""
    src, value = fact["source"], fact["value"]
    if src not in TEXTS:
        return f"source {src!r} is not a KB file"
    for f in (*bullet_facts(), *kv_facts()):
        if f["source"] == src and f["label"].lower() == label.lower() and f["metric"] == metric \
                and f["value"] == value and f["platform"] == fact["platform"]:
            return None
    for s in sentences(src):  # a benchmark stated in a plain sentence: label, platform and value together
        if value in s and label in s and (fact["platform"] is None or fact["platform"].lower() in s.lower()):
            return None
    return f"{label} × {metric} = {value!r} ({fact['platform']}) is not stated in {src}"


def listed(label: str, metric: str, platform: str | None) -> set:
    return {(f["platform"], f["value"]) for f in bullet_facts()
            if f["label"] == label and f["metric"] == metric and (platform is None or f["platform"] == platform)}


def stating(label: str, metric: str, platform: str | None) -> list:
    """Every bullet, ``Metric: value`` line or sentence that states ``label`` × ``metric``."""
    found = [f for f in (*bullet_facts(), *kv_facts()) if f["label"].lower() == label.lower()
             and f["metric"] == metric and (platform is None or f["platform"] == platform)]
    return found + [s for src in TEXTS for s in sentences(src) if label in s and metric in s
                    and re.search(r"\$\d|\d%|\dx", s) and (platform is None or platform.lower() in s.lower())]


READER = kg.BenchReader(texts=TEXTS, label=lambda p: kb_label(p), metric=lambda p: kb_metric(p),
                        platforms=PLATFORM_WORDS, why_not_stated=fact_is_stated, listed=listed, stating=stating,
                        tags=BENCH_TAGS, unit_of=UNIT_OF)


def check_benchmark_row(row: dict) -> list[str]:
    return kg.benchmark_row_errors(row, READER)


def test_benchmark_goldens_sizes():
    rows = load("benchmarks.jsonl")
    assert len(rows) >= 40
    for tag, minimum in (("absent", 8), ("ambiguous", 8), ("platform", 8), ("synonym", 8), ("sentence", 3),
                         ("kv-line", 3)):
        assert tagged(rows, tag) >= minimum, f"benchmarks.jsonl: fewer than {minimum} rows tagged {tag!r}"


def test_benchmark_goldens_match_the_kb_text():
    errors = [e for row in load("benchmarks.jsonl") for e in check_benchmark_row(row)]
    assert not errors, f"{len(errors)} problem(s):\n  " + "\n  ".join(errors)


def test_benchmark_checker_catches_bad_goldens():
    rows = {r["id"]: r for r in load("benchmarks.jsonl")}
    ambiguous = next(r for r in rows.values() if "ambiguous" in r["tags"])
    absent = next(r for r in rows.values() if "absent" in r["tags"] and kb_label(r["vertical"]))
    wrong_value = copy.deepcopy(ambiguous)
    wrong_value["expected_facts"][0]["value"] = "$99.99"
    dropped = copy.deepcopy(ambiguous)
    dropped["expected_facts"] = dropped["expected_facts"][1:]
    present = copy.deepcopy(absent)
    present["vertical"], present["metric"], present["platform"] = "Pet Supplies", "CPC", "Google Ads"
    assert any("not stated" in e for e in check_benchmark_row(wrong_value))
    assert any("lists more facts" in e for e in check_benchmark_row(dropped))
    assert any("tagged absent, but" in e for e in check_benchmark_row(present))


# ------------------------------------------------------------------ audience.jsonl
AUD_FIELDS = {"id", "audience_type", "geography", "expected_source", "expected_size", "expected_size_text",
              "expected_row", "tags", "why"}


def misplaced(row: dict, src: str, text: str) -> list[str]:
    place = (row.get("geography") or "").replace(" DMA", "")
    lines = [ln for ln in TEXTS[src].splitlines() if re.search(rf"(?<![\d.,]){re.escape(text)}(?![\d,])", ln)]
    lines += [s for s in sentences(src) if text in s]
    if not any(place.split()[0] in ln for ln in lines) if place else not lines:
        return [f"{text!r} does not occur in {src} next to {place or 'a national row'}"]
    return []


def check_audience_row(row: dict) -> list[str]:
    return kg.audience_row_errors(row, TEXTS, AUD_FIELDS, misplaced)


def test_audience_goldens():
    rows = load("audience.jsonl")
    assert len(rows) >= 15 and tagged(rows, "absent") >= 3
    assert sum(r["geography"] is None for r in rows) >= 3 and sum(r["geography"] is not None for r in rows) >= 5
    errors = kg.audience_checker_errors(rows, check_audience_row, ("solar-ready homeowners", "Denver"))
    assert not errors, "\n".join(errors)


# ------------------------------------------------------------------ retrieval.jsonl
def section_texts(source: str) -> dict[str, str]:
    return kg.section_texts(TEXTS[source])


def test_retrieval_goldens():
    rows = load("retrieval.jsonl")
    assert len(rows) >= 40 and tagged(rows, "paraphrase") >= 10
    errors = kg.retrieval_errors(rows, TEXTS)
    assert not errors, "\n".join(errors)


# ------------------------------------------------------------------ abstain.jsonl
def test_abstain_goldens():
    rows = load("abstain.jsonl")
    assert len(rows) >= 15
    errors = kg.abstain_errors(rows)
    assert not errors, "\n".join(errors)


# ------------------------------------------------------------------ scenarios
def value_is_stated(vertical: str, metric: str, value: str) -> bool:
    label, metric = kb_label(vertical) or vertical, kb_metric(metric)
    facts = [f for f in (*bullet_facts(), *kv_facts()) if f["label"].lower() == label.lower() and f["metric"] == metric]
    return any(f["value"] == value for f in facts) or any(
        value in s and label in s for src in TEXTS for s in sentences(src))


def audience_is_stated(geography: str, size: int) -> bool:
    """Some line or sentence names the geography and states ``size`` as "612,000" or "3.9M"."""
    forms = {f"{size:,}", f"{size / 1e6:.1f}M"}
    place = geography.replace(" DMA", "").split()[0]
    return any(place in s and any(f in s for f in forms)
               for src, text in TEXTS.items() for s in text.splitlines() + sentences(src))


def check_scenario(name: str, sc: dict) -> list[str]:
    return kg.scenario_errors(name, sc, TEXTS, value_is_stated, audience_is_stated)


def test_scenarios():
    assert len(list((DATA / "scenarios").glob("*.json"))) >= 3
    errors = kg.scenario_file_errors(DATA, check_scenario)
    assert not errors, "\n".join(errors)


def test_scenario_checker_catches_bad_values():
    kg.assert_scenario_checker_catches(DATA, check_scenario)


def test_own_gate_keeps_the_shipped_weights():
    """The fixture's gate has its own threshold and floors, measured on this KB, but the shipped weights."""
    assert kg.own_gate_errors(DATA, "kb_txt") == []

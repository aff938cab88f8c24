"""The second plain-text fixture KB (tests/fixtures/kb_txt2) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt2_datasets were written by reading the KB, to run the evals and
the mutation suite on a KB the scorers were not tuned on. These tests re-read the KB text with a
small scanner of kb_txt2's own list layout — NOT the product's fact readers, so a golden cannot
agree with the product by sharing its bug. kb_txt2 names the platform and the metric of a list in
more ways than kb_txt (``GOOGLE ADS CPC BENCHMARKS - 2025``, ``COST PER LEAD BENCHMARKS - GOOGLE ADS
2025``, ``COST PER BOOKED CALL - GOOGLE ADS 2025``, ``COST PER INQUIRY - 2025`` with no platform,
``COST PER DEMO REQUEST - 2025`` over ``BY PLATFORM - SAAS (MID-MARKET TIER)`` whose rows are
platforms) and states two figures in one sentence ("clicks cost $0.55-0.80 for Home and Kitchen and
$0.95-1.20 for Supplements and Vitamins"). What is checked:

* every expected benchmark fact is a row of a list with that label, metric and platform, or a
  sentence saying ``<value> for <label>`` with the metric's word; a look-up without a platform
  expects every platform's row for the pair, one with a platform only that platform's;
* absent pairs are really absent; audience sizes stand next to their geography; retrieval answers
  are verbatim inside their framed section; paraphrases share no stemmed keyword with the answer;
  scenarios hold only KB figures and correct arithmetic (shared checks: tests/kbtext_goldens.py).
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATA, TEXTS = FIXTURES / "kb_txt2_datasets", kg.read_kb(FIXTURES / "kb_txt2")
DASHES, tagged = kg.DASHES, kg.tagged

# A list caption: "<HEAD> - [<PLATFORM> ]<YEAR>", HEAD = "[<PLATFORM> ]<METRIC>[ BENCHMARKS]".
CAPTION = re.compile(r"^([A-Z][A-Z :()-]*?)(?: BENCHMARKS)? - (?:([A-Z][A-Z ]*?) )?(20\d\d)$")
BY_PLATFORM = re.compile(r"^BY PLATFORM - (.+)$")
BULLET = re.compile(r"^- ([^:]+): (.+)$")
PLATFORMS = {"GOOGLE APP CAMPAIGNS": "Google App Campaigns", "GOOGLE ADS": "Google Ads",
             "MICROSOFT ADVERTISING": "Microsoft Advertising", "LINKEDIN": "LinkedIn", "TIKTOK": "TikTok",
             "PINTEREST": "Pinterest", "REDDIT": "Reddit", "SNAPCHAT": "Snapchat", "YOUTUBE": "YouTube",
             "AMAZON ADS": "Amazon Ads", "APPLE SEARCH ADS": "Apple Search Ads", "SPOTIFY": "Spotify",
             "STREAMING TV": "Streaming TV"}
CAPTION_METRIC = {"COST PER LEAD": "CPL", "LTV:CAC TARGETS": "LTV:CAC"}
UNIT_OF = {"CPC": "$", "CPM": "$", "CPV": "$", "CPI": "$", "CPL": "$", "ACOS": "%", "ROAS": "x", "VIEW RATE": "%",
           "COST PER BOOKED CALL": "$", "COST PER INQUIRY": "$"}
SENTENCE_WORD = {"CPC": "clicks cost"}  # a figure stated in prose names what it prices

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {
    "personal injury lawyers": "Personal Injury Law Firms", "roofers": "Roofing Contractors",
    "exterminators": "Pest Control", "animal hospitals": "Veterinary Clinics",
    "enterprise saas": "SaaS (Enterprise Tier)", "credit card issuers": "Credit Cards",
    "fintech apps": "Fintech and Banking Apps",
}
PLATFORM_WORDS = {"bing": "Microsoft Advertising", "walmart connect": "Walmart Connect", **{k.lower(): v for k, v in PLATFORMS.items()}}
METRIC_WORDS = {"cost per click": "CPC", "cost per lead": "CPL", "cost per install": "CPI", "cost per view": "CPV",
                "return on ad spend": "ROAS"}
BENCH_TAGS = frozenset({"platform", "ambiguous", "absent", "synonym", "sentence", "bullet"})


def read_caption(caption: str) -> tuple[str | None, str]:
    """(platform, metric) a list caption names: "COST PER LEAD BENCHMARKS - GOOGLE ADS 2025" →
    ("Google Ads", "CPL"); "TIKTOK CPV BENCHMARKS - 2025" → ("TikTok", "CPV")."""
    m = CAPTION.match(caption)
    head, platform = m.group(1), PLATFORMS.get(m.group(2) or "")
    for name, written in PLATFORMS.items():
        if head.startswith(name + " "):
            head, platform = head[len(name) + 1:], written
            break
    return platform, CAPTION_METRIC.get(head, head)


@functools.lru_cache(maxsize=None)
def list_facts() -> tuple[dict, ...]:
    """Every ``- Label: value`` row under a list caption; under ``BY PLATFORM - <VERTICAL>`` the row's
    label is the platform and the vertical is the sub-caption's."""
    facts = []
    for source, text in TEXTS.items():
        current, vertical = None, None
        for line in text.splitlines():
            s = line.strip()
            if CAPTION.match(s) and not s.startswith("META"):
                current, vertical = read_caption(s), None
            elif DASHES.match(s) or not s:
                current = None if DASHES.match(s) else current
            elif current and (m := BY_PLATFORM.match(s)):
                vertical = "" if m.group(1).startswith("HIGHEST") else m.group(1)  # "": no vertical named
            elif current and (b := BULLET.match(s)):
                platform, label = (b.group(1), vertical) if vertical is not None else (current[0], b.group(1))
                facts.append({"label": label, "platform": platform, "metric": current[1],
                              "value": b.group(2).split(" (")[0], "source": source, "line": s})
    return tuple(facts)


def sentence_facts(label: str, metric: str, value: str | None = None) -> list[tuple[str, str]]:
    """(source, sentence) pairs stating ``<value> for <label>`` with the metric's own word."""
    word = SENTENCE_WORD.get(metric)
    if not word:
        return []
    figure = re.escape(value) if value else r"\$\d[\d.,-]*"
    return [(src, s) for src, text in TEXTS.items() for s in kg.sentences(text)
            if word in s and re.search(rf"{figure} for {re.escape(label)}\b", s)]


def kb_label(phrase: str) -> str | None:
    p = phrase.strip().lower()
    if p in VERTICAL_LABELS:
        return VERTICAL_LABELS[p]
    return next((f["label"] for f in list_facts() if f["label"].lower() == p), None)


def kb_metric(phrase: str) -> str:
    return METRIC_WORDS.get(phrase.strip().lower(), phrase.strip().upper())


def stated(label: str, metric: str, platform: str | None) -> list[dict]:
    return [f for f in list_facts() if f["label"].lower() == label.lower() and f["metric"] == metric
            and (platform is None or f["platform"] == platform)]


def fact_is_stated(fact: dict, label: str, metric: str) -> str | None:
    """Why ``fact`` is not stated in its source for ``label``, or None when it is."""
    if fact["source"] not in TEXTS:
        return f"source {fact['source']!r} is not a KB file"
    if any(f["source"] == fact["source"] and f["value"] == fact["value"] and f["platform"] == fact["platform"]
           for f in stated(label, metric, None)):
        return None
    if fact["platform"] and any(src == fact["source"] and fact["platform"] in s
                                for src, s in sentence_facts(label, metric, fact["value"])):
        return None
    return f"{label} × {metric} = {fact['value']!r} ({fact['platform']}) is not stated in {fact['source']}"


def listed(label: str, metric: str, platform: str | None) -> set:
    return {(f["platform"], f["value"]) for f in stated(label, metric, platform)}


def stating(label: str, metric: str, platform: str | None) -> list:
    """Every list row or sentence that states ``label`` × ``metric`` (on ``platform``)."""
    prose = [s for _, s in sentence_facts(label, metric) if platform is None or platform in s]
    return stated(label, metric, platform) + prose


def prose_figure_expected(facts: list[dict], label: str, metric: str, platform: str | None) -> list[str]:
    """A sentence that states the pair must have its figure among the expected facts."""
    prose = [s for _, s in sentence_facts(label, metric) if platform is None or platform in s]
    return [f"a sentence states {label} × {metric} too, and no expected fact is its figure: {s[:60]!r}"
            for s in prose if not any(f["value"] in s for f in facts)]


READER = kg.BenchReader(texts=TEXTS, label=lambda p: kb_label(p), metric=lambda p: kb_metric(p),
                        platforms=PLATFORM_WORDS, why_not_stated=fact_is_stated, listed=listed, stating=stating,
                        tags=BENCH_TAGS, unit_of=UNIT_OF, extra=prose_figure_expected)


def check_benchmark_row(row: dict) -> list[str]:
    return kg.benchmark_row_errors(row, READER)


def test_kb_follows_the_conventions():
    assert len(TEXTS) >= 8
    assert kg.convention_errors(TEXTS) == []
    assert len(list_facts()) >= 120, "the list scanner lost rows"


def test_benchmark_goldens_match_the_kb_text():
    minimum = {"absent": 6, "ambiguous": 6, "platform": 10, "synonym": 6, "sentence": 2}
    errors = gf.benchmark_file_errors(DATA, check_benchmark_row, 30, minimum)
    assert not errors, f"{len(errors)} problem(s):\n  " + "\n  ".join(errors)


def test_benchmark_checker_catches_bad_goldens():
    present = ("Home and Kitchen", "CPC", "Walmart Connect")
    assert gf.benchmark_checker_misses(DATA, check_benchmark_row, kb_label, "Snapchat", present, "Walmart Connect") == []


# ------------------------------------------------------------------ audience.jsonl
def misplaced(row: dict, src: str, text: str) -> list[str]:
    """The figure stands on a line or in a sentence naming the geography; a national one in a list row
    that names no DMA."""
    where = gf.figure_places(TEXTS[src], text)
    geo = row.get("geography")
    place = (geo or "").replace(" DMA", "").split(" ")[0]
    if geo and not any(place in w for w in where):
        return [f"{text!r} does not stand next to {place} in {src}"]
    if not geo and not any(w.startswith("- ") and "DMA" not in w for w in where):
        return [f"{text!r} is not a national row of {src}"]
    return []


def check_audience_row(row: dict) -> list[str]:
    return kg.audience_row_errors(row, TEXTS, gf.AUD_FIELDS, misplaced)


def test_audience_goldens():
    rows = kg.load(DATA, "audience.jsonl")
    assert len(rows) >= 12 and tagged(rows, "absent") >= 3
    assert sum(r["geography"] is None for r in rows) >= 3 and sum(r["geography"] is not None for r in rows) >= 5
    errors = kg.audience_checker_errors(rows, check_audience_row, ("dog-owning households", "Boise"))
    assert not errors, "\n".join(errors)


# ------------------------------------------------------------------ retrieval, abstain, scenarios, gate
def value_is_stated(vertical: str, metric: str, value: str) -> bool:
    label = kb_label(vertical) or vertical
    rows = [f for f in list_facts() if f["label"].lower() == label.lower() and f["value"] == value]
    return any(f["metric"] == kb_metric(metric) for f in rows) or bool(sentence_facts(label, kb_metric(metric), value))


def audience_is_stated(geography: str, size: int) -> bool:
    return gf.size_next_to(TEXTS, geography.replace(" DMA", "").split()[0], size)


def test_retrieval_and_abstain_goldens():
    errors = gf.retrieval_and_abstain_errors(DATA, TEXTS, 25, 5, 12)
    assert not errors, "\n".join(errors)


def test_scenarios_hold_only_kb_figures_and_right_arithmetic():
    gf.assert_scenarios_hold(DATA, TEXTS, value_is_stated, audience_is_stated)


def test_own_gate_keeps_the_shipped_weights():
    assert kg.own_gate_errors(DATA, "kb_txt2") == []

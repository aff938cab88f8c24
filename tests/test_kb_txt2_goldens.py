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

import copy
import functools
import json
import math
import re
from pathlib import Path

from tests import kbtext_goldens as kg
from tests.kbtext_goldens import DASHES, tagged

ROOT = Path(__file__).resolve().parent
KB = ROOT / "fixtures" / "kb_txt2"
DATA = ROOT / "fixtures" / "kb_txt2_datasets"
TEXTS = kg.read_kb(KB)

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
BENCH_FIELDS = {"id", "vertical", "metric", "platform", "expected_value", "expected_low", "expected_high",
                "expected_source", "expected_facts", "canonical_metric", "tags"}
FACT_FIELDS = {"platform", "value", "low", "high", "unit", "source"}
BENCH_TAGS = {"platform", "ambiguous", "absent", "synonym", "sentence", "bullet"}


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


def check_benchmark_row(row: dict) -> list[str]:
    i = row.get("id", "?")
    errors = [f"{i}: unknown field(s) {sorted(set(row) - BENCH_FIELDS)}"] if set(row) - BENCH_FIELDS else []
    tags, facts = set(row.get("tags") or []), row.get("expected_facts")
    if not tags or not tags <= BENCH_TAGS:
        errors.append(f"{i}: tags {sorted(tags)} must be a non-empty subset of {sorted(BENCH_TAGS)}")
    if not isinstance(facts, list):
        return errors + [f"{i}: expected_facts must be a list"]
    label, metric = kb_label(row["vertical"]), kb_metric(row["metric"])
    platform = PLATFORM_WORDS.get((row.get("platform") or "").lower()) if row.get("platform") else None
    if row.get("platform") and platform is None:
        errors.append(f"{i}: platform {row['platform']!r} is not a platform of this KB")
    if ("platform" in tags) != bool(row.get("platform")):
        errors.append(f"{i}: tag 'platform' must be set exactly when the row names a platform")
    if not facts:
        if "absent" not in tags:
            errors.append(f"{i}: empty expected_facts must be tagged 'absent'")
        if any(row.get(k) is not None for k in ("expected_value", "expected_low", "expected_high", "expected_source")):
            errors.append(f"{i}: absent row must have null expected_value/low/high/source")
        if label is None:
            words = [w for w in re.findall(r"[a-z]+", row["vertical"].lower()) if len(w) > 3]
            if all(any(re.search(rf"\b{w}", t.lower()) for t in TEXTS.values()) for w in words):
                errors.append(f"{i}: absent vertical {row['vertical']!r}: every word occurs in the KB")
        else:
            prose = [s for _, s in sentence_facts(label, metric) if platform is None or platform in s]
            if stated(label, metric, platform) or prose:
                errors.append(f"{i}: tagged absent, but the KB states {label} × {metric} ({platform})")
        return errors
    if "absent" in tags:
        errors.append(f"{i}: tagged 'absent' but expects {len(facts)} fact(s)")
    if label is None:
        return errors + [f"{i}: vertical {row['vertical']!r} is not a label of this KB (add it to VERTICAL_LABELS)"]
    for k, fact in enumerate(facts):
        if set(fact) != FACT_FIELDS:
            errors.append(f"{i} fact {k}: fields {sorted(fact)} != {sorted(FACT_FIELDS)}")
            continue
        why = fact_is_stated(fact, label, metric)
        if why:
            errors.append(f"{i} fact {k}: {why}")
        if not kg.value_fields_agree(fact):
            errors.append(f"{i} fact {k}: low/high/unit disagree with {fact['value']!r}")
        if fact["unit"] != UNIT_OF.get(metric, fact["unit"]):
            errors.append(f"{i} fact {k}: unit {fact['unit']!r} is wrong for {metric}")
        if platform and fact["platform"] != platform:
            errors.append(f"{i} fact {k}: the row asks for {platform}, the fact is on {fact['platform']}")
    want = {(f["platform"], f["value"]) for f in stated(label, metric, platform)}
    missing = want - {(f.get("platform"), f.get("value")) for f in facts}
    if missing:
        errors.append(f"{i}: the KB lists more facts for {label} × {metric}: {sorted(missing, key=str)}")
    prose = [s for _, s in sentence_facts(label, metric) if platform is None or platform in s]
    if any(not any(f["value"] in s for f in facts) for s in prose):
        errors.append(f"{i}: a sentence states {label} × {metric} too, and no expected fact is its figure")
    if len(facts) > 1 and "ambiguous" not in tags:
        errors.append(f"{i}: {len(facts)} facts expected, so the row must be tagged 'ambiguous'")
    first = facts[0]
    if (row.get("expected_value"), row.get("expected_low"), row.get("expected_high"), row.get("expected_source")) \
            != (first["value"], first["low"], first["high"], first["source"]):
        errors.append(f"{i}: expected_value/low/high/source must repeat the first expected fact")
    return errors


def test_kb_follows_the_conventions():
    assert len(TEXTS) >= 8
    assert kg.convention_errors(TEXTS) == []
    assert len(list_facts()) >= 120, "the list scanner lost rows"


def test_benchmark_goldens_match_the_kb_text():
    rows = kg.load(DATA, "benchmarks.jsonl")
    assert len(rows) >= 30
    for tag, minimum in (("absent", 6), ("ambiguous", 6), ("platform", 10), ("synonym", 6), ("sentence", 2)):
        assert tagged(rows, tag) >= minimum, f"benchmarks.jsonl: fewer than {minimum} rows tagged {tag!r}"
    errors = [e for row in rows for e in check_benchmark_row(row)]
    assert not errors, f"{len(errors)} problem(s):\n  " + "\n  ".join(errors)


def test_benchmark_checker_catches_bad_goldens():
    rows = kg.load(DATA, "benchmarks.jsonl")
    ambiguous = next(r for r in rows if "ambiguous" in r["tags"])
    wrong_value, dropped, wrong_platform = (copy.deepcopy(ambiguous) for _ in range(3))
    wrong_value["expected_facts"][0]["value"] = "$99.99"
    dropped["expected_facts"] = dropped["expected_facts"][1:]
    wrong_platform["expected_facts"][0]["platform"] = "Snapchat"
    present = copy.deepcopy(next(r for r in rows if "absent" in r["tags"] and kb_label(r["vertical"])))
    present["vertical"], present["metric"], present["platform"] = "Home and Kitchen", "CPC", "Walmart Connect"
    sentence = copy.deepcopy(next(r for r in rows if "sentence" in r["tags"] and "ambiguous" in r["tags"]))
    sentence["expected_facts"] = [f for f in sentence["expected_facts"] if f["platform"] != "Walmart Connect"]
    assert any("not stated" in e for e in check_benchmark_row(wrong_value))
    assert any("lists more facts" in e for e in check_benchmark_row(dropped))
    assert any("not stated" in e for e in check_benchmark_row(wrong_platform))
    assert any("tagged absent, but" in e for e in check_benchmark_row(present))
    assert any("a sentence states" in e for e in check_benchmark_row(sentence))


# ------------------------------------------------------------------ audience.jsonl
AUD_FIELDS = {"id", "audience_type", "geography", "expected_source", "expected_size", "expected_size_text",
              "tags", "why"}


def size_of(text: str) -> float | None:
    m = re.fullmatch(r"(\d+(?:\.\d+)?)M", text)
    if m:
        return float(m.group(1)) * 1_000_000
    return float(text.replace(",", "")) if re.fullmatch(r"\d{1,3}(?:,\d{3})+", text) else None


def check_audience_row(row: dict) -> list[str]:
    i, geo = row.get("id", "?"), row.get("geography")
    errors = [f"{i}: unknown field(s) {sorted(set(row) - AUD_FIELDS)}"] if set(row) - AUD_FIELDS else []
    if row.get("expected_size") is None:
        if "absent" not in row.get("tags", []) or not row.get("why"):
            errors.append(f"{i}: a null size must be tagged 'absent' and say why")
        place = (geo or "United States").split()[0]
        words = [w[:5] for w in re.findall(r"[a-z]+", row["audience_type"].lower()) if len(w) > 3]
        for src, text in TEXTS.items():
            for block in re.split(r"\n\s*\n", text):
                if place.lower() in block.lower() and all(w in block.lower() for w in words) \
                        and re.search(r"\d,\d{3}|\dM", block):
                    errors.append(f"{i}: tagged absent, but {src} sizes {words} in {place}: {block[:80]!r}")
        return errors
    src, text = row.get("expected_source"), row.get("expected_size_text") or ""
    if src not in TEXTS:
        return errors + [f"{i}: expected_source {src!r} is not a KB file"]
    size = size_of(text)
    if size is None or not math.isclose(size, row["expected_size"]):
        errors.append(f"{i}: expected_size {row['expected_size']} != {text!r} ({size})")
    figure = re.compile(rf"(?<![\d.,]){re.escape(text)}(?![\d,])")
    where = [ln for ln in TEXTS[src].splitlines() if figure.search(ln)] + \
            [s for s in kg.sentences(TEXTS[src]) if figure.search(s)]
    place = (geo or "").replace(" DMA", "").split(" ")[0]
    if geo and not any(place in w for w in where):
        errors.append(f"{i}: {text!r} does not stand next to {place} in {src}")
    if not geo and not any(w.startswith("- ") and "DMA" not in w for w in where):
        errors.append(f"{i}: {text!r} is not a national row of {src}")
    return errors


def test_audience_goldens():
    rows = kg.load(DATA, "audience.jsonl")
    assert len(rows) >= 12 and tagged(rows, "absent") >= 3
    assert sum(r["geography"] is None for r in rows) >= 3 and sum(r["geography"] is not None for r in rows) >= 5
    errors = [e for row in rows for e in check_audience_row(row)]
    assert not errors, "\n".join(errors)
    bad = copy.deepcopy(next(r for r in rows if r["expected_size"] and r["geography"]))
    bad["expected_size_text"], bad["expected_size"] = "999,000", 999000
    assert check_audience_row(bad), "the audience checker accepted a size the KB does not state"
    fake_absent = copy.deepcopy(next(r for r in rows if r["expected_size"] is None))
    fake_absent["audience_type"], fake_absent["geography"] = "dog-owning households", "Boise"
    assert any("tagged absent, but" in e for e in check_audience_row(fake_absent))


# ------------------------------------------------------------------ retrieval, abstain, scenarios, gate
def test_retrieval_goldens():
    rows = kg.load(DATA, "retrieval.jsonl")
    assert len(rows) >= 25 and tagged(rows, "paraphrase") >= 5 and tagged(rows, "multi-hop") >= 2
    errors = kg.retrieval_errors(rows, TEXTS)
    assert not errors, "\n".join(errors)


def test_abstain_goldens():
    rows = kg.load(DATA, "abstain.jsonl")
    assert len(rows) >= 12
    errors = kg.abstain_errors(rows)
    assert not errors, "\n".join(errors)


def value_is_stated(vertical: str, metric: str, value: str) -> bool:
    label = kb_label(vertical) or vertical
    rows = [f for f in list_facts() if f["label"].lower() == label.lower() and f["value"] == value]
    return any(f["metric"] == kb_metric(metric) for f in rows) or bool(sentence_facts(label, kb_metric(metric), value))


def audience_is_stated(geography: str, size: int) -> bool:
    """Some line names the geography and states ``size`` as "436,000", "2.62M" or "0.34M"."""
    forms = {f"{size:,}", f"{size / 1e6:.1f}M", f"{size / 1e6:.2f}M"}
    place = geography.replace(" DMA", "").split()[0]
    return any(place in ln and any(f in ln for f in forms) for text in TEXTS.values() for ln in text.splitlines())


def check_scenario(name: str, sc: dict) -> list[str]:
    return kg.scenario_errors(name, sc, TEXTS, value_is_stated, audience_is_stated)


def test_scenarios():
    files = sorted((DATA / "scenarios").glob("*.json"))
    assert len(files) >= 2
    errors = [e for p in files for e in check_scenario(p.stem, json.loads(p.read_text(encoding="utf-8")))]
    assert not errors, "\n".join(errors)


def test_scenario_checker_catches_bad_values():
    path = sorted((DATA / "scenarios").glob("*.json"))[0]
    sc = json.loads(path.read_text(encoding="utf-8"))
    turn = next(t for t in sc["turns"] if (t.get("expect") or {}).get("benchmarks"))
    turn["expect"]["benchmarks"][0]["value"] = "$1.00-2.00"
    turn["expect"]["key_facts"] = ["Lunar tides govern television ratings in winter"]
    calc = next(t for t in sc["turns"] if (t.get("expect") or {}).get("calculations"))["expect"]["calculations"][0]
    calc["result"] *= 1.5
    errors = "\n".join(check_scenario(path.stem, sc))
    assert "is not stated in the KB" in errors and "not covered by the turn's sections" in errors
    assert "calculation" in errors


def test_own_gate_keeps_the_shipped_weights():
    assert kg.own_gate_errors(DATA, "kb_txt2") == []

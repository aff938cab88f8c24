"""The fourth plain-text fixture KB (tests/fixtures/kb_txt4) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt4_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB the scorers were not tuned on. These tests re-read the KB text with a small scanner of kb_txt4's own
layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt4
writes its lists in ways the other plain-text KBs do not: captions naming a market (``GOOGLE ADS CPC IN GERMANY -
2025``, in A$ and €, which the shared value reader does not read: those rows are left to tests/test_kb_txt4.py),
lists whose rows are platforms ``BY LEAD SOURCE`` / ``BY TRAFFIC SOURCE`` / ``BY PLATFORM``, a caption naming a
ratio (``MARKETING EFFICIENCY RATIO BENCHMARKS``), profile blocks (``SELF-STORAGE FACILITIES - RENTAL PROFILE`` over
``Cost Per Rental: $64-88``), and two prices in one prose sentence whose subject is the previous sentence's
("Language learning apps sell … Their cost per trial on Meta ran at $7.40-9.20 … and on Apple Search Ads at
$5.60-6.80"). What is checked is what tests/test_kb_txt3_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt4")

PLATFORMS = {"GOOGLE ADS": "Google Ads", "MICROSOFT ADS": "Microsoft Ads", "WAZE ADS": "Waze Ads",
             "PINTEREST": "Pinterest", "SNAPCHAT": "Snapchat", "AMAZON DSP": "Amazon DSP", "DIRECT MAIL": "Direct Mail",
             "LOCAL RADIO": "Local Radio", "META": "Meta", "APPLE SEARCH ADS": "Apple Search Ads"}
METRIC_CODES = {"MARKETING EFFICIENCY RATIO": "MER"}
UNIT_OF = {"CPC": "$", "CPM": "$", "MER": "x", "COST PER BOOKED APPOINTMENT": "$", "COST PER DEMO": "$",
           "CONTRIBUTION MARGIN": "%", "COST PER RESPONSE": "$"}
# A list caption (this KB's layout): "<HEAD>[ BENCHMARKS][ IN <MARKET>] - [FY]<YEAR>", HEAD = "[<PLATFORM> ]<METRIC>".
CAPTION = re.compile(r"^([A-Z][A-Z0-9 :()-]*?)(?: BENCHMARKS)?(?: IN ([A-Z]+))? - (?:FY)?(20\d\d)$")
ROWS_ARE_PLATFORMS = ("BY LEAD SOURCE", "BY TRAFFIC SOURCE", "BY PLATFORM")

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"funeral homes": "Funeral Homes and Cremation Services", "optometrists": "Optometrists and Eyewear Shops",
                   "self storage": "Self-Storage Facilities", "chiropractors": "Chiropractors"}
PLATFORM_WORDS = {"bing": "Microsoft Ads", "microsoft advertising": "Microsoft Ads",
                  **{v.lower(): v for v in PLATFORMS.values()}}
METRIC_WORDS = {"cost per click": "CPC", "marketing efficiency ratio": "MER", "mer": "MER"}
BENCH_TAGS = frozenset({"platform", "ambiguous", "absent", "synonym", "sentence", "bullet", "kv-line"})


def read_caption(caption: str) -> tuple[str | None, str, str | None]:
    """(platform, metric, market) a list caption names: "GOOGLE ADS CPC IN GERMANY - 2025" → ("Google Ads", "CPC",
    "GERMANY"); "COST PER DEMO BENCHMARKS - FY2025" → (None, "COST PER DEMO", None)."""
    return gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)


def _row(rows_are: str | None, _declared: str | None, current: tuple, label: str) -> dict:
    """Under a "BY … SOURCE" / "BY PLATFORM" line the label is the platform (and the row names no business)."""
    if rows_are and rows_are.startswith(ROWS_ARE_PLATFORMS):
        return {"label": None, "platform": label, "metric": current[1]}
    return {"label": label, "platform": current[0], "metric": current[1]}


# every list row (see :func:`_row`) and profile line, with its market (the shared loop: gf.scan_rows)
scanned = gf.row_scanner(TEXTS, CAPTION, read_caption, _row, METRIC_CODES)


# the rows about a business (a list of platform rows names none), and those stating a figure the shared value reader
# reads ($, %, x; not A$ or €)
list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, before: str) -> list[dict]:
    """Prices stated in prose as "Their cost per <unit> on <Platform> ran at <value> … and on <Platform> at
    <value>", about the business the sentence before names first ("Language learning apps sell …")."""
    m = re.match(r"Their (cost per [a-z]+) on (.+)", s)
    subject = re.search(r"([A-Z][a-z]+(?: [a-z]+){1,3}?) (?:sell|make|run|buy)\b", before)
    if not (m and subject):
        return []
    return [{"label": subject.group(1), "platform": PLATFORMS.get(p.group(1).upper(), p.group(1)),
             "metric": m.group(1).upper(), "value": p.group(2)}
            for p in re.finditer(r"on ([A-Z][A-Za-z ]+?) (?:ran )?at (\$[\d.]+-[\d.]+)", s)]


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
READER = KB.reader(PLATFORM_WORDS, BENCH_TAGS, UNIT_OF)


def check_benchmark_row(row: dict) -> list[str]:
    """Everything wrong with one benchmarks.jsonl row, read with this KB's own scanner."""
    return kg.benchmark_row_errors(row, READER)


def test_kb_follows_the_conventions_and_the_scanner_reads_its_shapes():
    """The KB keeps the plain-text conventions, and the shapes the goldens rely on are read as a planner reads
    them (so a checker that read nothing could not pass)."""
    assert len(TEXTS) >= 8 and kg.convention_errors(TEXTS) == []
    assert len(list_facts()) >= 90 and len(clause_facts()) == 2, "the scanner lost rows or prices"
    assert read_caption("GOOGLE ADS CPC IN GERMANY - 2025") == ("Google Ads", "CPC", "GERMANY")
    assert read_caption("MARKETING EFFICIENCY RATIO BENCHMARKS - 2025") == (None, "MER", None)
    assert KB.listed("Hearing Aid Clinics", "CPC", "Google Ads") == {("Google Ads", "$4.90-5.60")}  # A$ / € rows aside
    assert {(f["platform"], f["value"]) for f in scanned() if f["metric"] == "ADD-TO-CART RATE"} >= {
        ("Pinterest", "6.1-7.0%"), ("Snapchat", "3.4%")}  # BY TRAFFIC SOURCE rows are platforms
    assert {(c["label"], c["platform"], c["value"]) for c in clause_facts()} == {
        ("Language learning apps", "Meta", "$7.40-9.20"), ("Language learning apps", "Apple Search Ads", "$5.60-6.80")}

"""The fifth plain-text fixture KB (tests/fixtures/kb_txt5) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt5_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB the scorers were not tuned on. These tests re-read the KB text with a small scanner of kb_txt5's own
layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt5 writes
its lists in ways the other plain-text KBs do not: captions dated by a season or a half-year (``GOOGLE ADS CPC
BENCHMARKS - SEASON 2025``, ``TABOOLA CPC BENCHMARKS - H1 2025``, ``COST PER BOOTH LEAD - 2024-2025``), one metric at
two ages (``DAY-30 COHORT ROAS`` / ``DAY-180 COHORT ROAS``, both ROAS to this fixture), lists whose rows are platforms
under a section declaring one vertical (``META_VERTICALS: COWORKING`` over ``COST PER TOUR BOOKED - 2025`` / ``BY
PLATFORM``), a platform's own ``BY METRIC`` list (``X ADS COST BENCHMARKS``), markets in ₹ and R$ (which the shared
value reader does not read: those rows are left to tests/test_kb_txt5.py), profile blocks (``BOAT DEALERS - NEW BOAT
PROFILE``), and one price in prose ("Staffing agencies recruiting IT contractors saw the best cost per applicant on X
… at about $29"). What is checked is what tests/test_kb_txt4_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt5")

PLATFORMS = {"GOOGLE ADS": "Google Ads", "TABOOLA": "Taboola", "OUTBRAIN": "Outbrain", "TWITCH": "Twitch", "X ADS": "X"}
METRIC_CODES = {"DAY-30 COHORT ROAS": "ROAS", "DAY-180 COHORT ROAS": "ROAS"}
UNIT_OF = {"CPC": "$", "CPM": "$", "ROAS": "x", "COST PER SHOWROOM VISIT": "$", "COST PER APPLICANT": "$",
           "VISIT-TO-SALE RATE": "%", "COST PER MEMBERSHIP SIGN-UP": "$", "COST PER BOTTLE CLUB SIGN-UP": "$",
           "TRIAL-TO-PACKAGE RATE": "%", "ANNUAL MEMBERSHIP RENEWAL RATE": "%"}
# A list caption (this KB's layout): "<HEAD>[ BENCHMARKS][ IN <MARKET>] - [SEASON |H1 ]<YEAR>[-<YEAR>]".
CAPTION = re.compile(r"^([A-Z][A-Z0-9 :()-]*?)(?: BENCHMARKS)?(?: IN ([A-Z]+))? - (?:SEASON |H[12] )?(20\d\d)(?:-20\d\d)?$")

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"boat dealers": "Boat Dealers"}
PLATFORM_WORDS = {"google": "Google Ads", "google search": "Google Ads", **{v.lower(): v for v in PLATFORMS.values()}}
METRIC_WORDS = {"cost per click": "CPC", "cost-per-click": "CPC", "price per click": "CPC", "return on ad spend": "ROAS"}


def read_caption(caption: str) -> tuple[str | None, str, str | None]:
    """(platform, metric, market): "GOOGLE ADS CPC IN INDIA - 2025" → ("Google Ads", "CPC", "INDIA"), "DAY-180 COHORT
    ROAS - 2025" → (None, "ROAS", None)."""
    return gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)


def _row(rows_are: str | None, declared: str | None, current: tuple, label: str) -> dict:
    """Under "BY PLATFORM" the label is the platform and the business the one its section declares; under "BY
    METRIC" the label is the metric, of the caption's platform."""
    if rows_are and rows_are.startswith("BY PLATFORM"):
        return {"label": declared, "platform": label, "metric": current[1]}
    if rows_are and rows_are.startswith("BY METRIC"):
        return {"label": None, "platform": current[0], "metric": label.upper()}
    return {"label": label, "platform": current[0], "metric": current[1]}


# every list row (see :func:`_row`) and profile line, with its market (the shared loop: gf.scan_rows)
scanned = gf.row_scanner(TEXTS, CAPTION, read_caption, _row, METRIC_CODES)


# the rows about a business (a platform's own "BY METRIC" list names none), and those stating a $, % or x figure
# (not ₹ or R$)
list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """A price stated in prose as "<Businesses> recruiting <kind> saw the best cost per <unit> on <Platform> … at
    about <value>": the kind's figure on that platform."""
    m = re.search(r"recruiting ([A-Z][A-Za-z ]+?) saw the best (cost per [a-z]+) on ([A-Z]\w*)\b.*?"
                  r"at about (\$\d+(?:\.\d+)?)", s)
    return [{"label": m.group(1), "platform": m.group(3), "metric": m.group(2).upper(), "value": m.group(4)}] if m else []


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt5s_shapes():
    """kb_txt5 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): its captions, platform rows, a BY METRIC list, the prose price."""
    assert len(TEXTS) >= 8 and not kg.convention_errors(TEXTS) and len(clause_facts()) == 1
    assert len(list_facts()) >= 70, "the scanner lost rows"
    assert read_caption("GOOGLE ADS CPC IN INDIA - 2025") == ("Google Ads", "CPC", "INDIA")
    assert read_caption("DAY-180 COHORT ROAS - 2025") == (None, "ROAS", None)
    assert read_caption("TABOOLA CPC BENCHMARKS - H1 2025") == ("Taboola", "CPC", None)
    assert KB.listed("Coworking", "COST PER TOUR BOOKED", "Meta") == {("Meta", "$44-53")}  # BY PLATFORM, declared
    assert {(f["platform"], f["value"]) for f in scanned() if f["metric"] == "CPC" and not f["label"]} == {
        ("X", "$0.38-0.62")}  # a platform's own BY METRIC list
    assert {(c["label"], c["platform"], c["value"]) for c in clause_facts()} == {("IT contractors", "X", "$29")}

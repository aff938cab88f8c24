"""The sixth plain-text fixture KB (tests/fixtures/kb_txt6) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt6_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB the scorers were not tuned on. These tests re-read the KB text with a small scanner of kb_txt6's own
layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt6 writes
its lists in ways the other plain-text KBs do not: captions dated by a fiscal year (``COST PER ELIGIBLE APPLICANT -
FY2025``), a market with an article (``PODCAST CPM IN THE NORDICS``), lists whose rows are platforms named by any kind
of network or channel (``BY AD NETWORK`` under a section declaring one vertical, ``BY RETAIL NETWORK``, ``BY PROMOTION
CHANNEL``), one metric at two ages (``DAY-7 RETENTION`` / ``DAY-30 RETENTION``, two metrics to this fixture), prices in
MX$, C$, CHF, SEK, ¥ and € (which the shared value reader does not read: those rows are left to tests/test_kb_txt6.py),
profile blocks (``MEDITATION APPS - SUBSCRIPTION PROFILE``), and one prose sentence stating two figures ("A dating app
that bought installs on TikTok … paid about $4.80 per install and kept 18% of them for a week"). What is checked is
what tests/test_kb_txt5_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt6")

PLATFORMS = {"PODCAST": "Podcast", "GOOGLE ADS": "Google Ads", "MERCADO ADS": "Mercado Ads"}
METRIC_CODES = {"COST PER INSTALL": "CPI"}
UNIT_OF = {"CPI": "$", "CPM": "$", "DAY-7 RETENTION": "%", "DAY-30 RETENTION": "%", "COST PER ELIGIBLE APPLICANT": "$",
           "CANDIDATE-TO-SIGNING RATE": "%", "NEW-TO-BRAND RATE": "%", "TAKE RATE": "%", "COST PER SEATED ATTENDEE": "$"}
# A list caption (this KB's layout): "<HEAD>[ IN [THE ]<MARKET>] - [FY]<YEAR>".
CAPTION = re.compile(r"^([A-Z][A-Z0-9 :()+-]*?)(?: IN ((?:THE )?[A-Z]+))? - (?:FY)?(20\d\d)$")
PLATFORM_ROWS = ("BY PLATFORM", "BY AD NETWORK", "BY RETAIL NETWORK", "BY PROMOTION CHANNEL")

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS: dict[str, str] = {}
PLATFORM_WORDS = {w.lower(): w for w in ("Podcast", "Unity Ads", "AppLovin", "Liftoff", "Mintegral", "Moloco", "TikTok",
                                         "Audacy", "Google Ads")}
METRIC_WORDS = {"cost-per-install": "CPI", "price per install": "CPI", "price per thousand impressions": "CPM"}


def read_caption(caption: str) -> tuple[str | None, str, str | None]:
    """(platform, metric, market): "GOOGLE ADS CPC IN MEXICO - 2025" → ("Google Ads", "CPC", "MEXICO"), "COST PER
    INSTALL - 2025" → (None, "CPI", None)."""
    return gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)


# every list row and profile line, with its market (shared loop: tests/kbtext_golden_files.scan_rows); under a list of
# platforms the label is the platform and the business the one its section declares
scanned = gf.scan_platform_rows(TEXTS, CAPTION, read_caption, PLATFORM_ROWS, METRIC_CODES)

# the rows about a business (a list of platforms under no one business names none), and those stating a $, % or x
# figure (not MX$, C$, CHF, SEK, ¥ or €)
list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """Prices and rates stated in prose as "A <kind> app that bought installs on <Platform> … paid about <price> per
    install and kept <share> of them for a week": that kind's cost per install and day-7 retention on the platform."""
    m = re.search(r"A ([a-z]+) app that bought installs on ([A-Z]\w*)\b.*?paid about (\$\d+(?:\.\d+)?) "
                  r"per install and kept (\d+%) of them for a week", s)
    return [{"label": m.group(1).title() + " Apps", "platform": m.group(2), "metric": metric, "value": value}
            for metric, value in (("CPI", m.group(3)), ("DAY-7 RETENTION", m.group(4)))] if m else []


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt6s_shapes():
    """kb_txt6 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): its captions, network rows, profiles, the prose sentence."""
    assert len(TEXTS) >= 8 and not kg.convention_errors(TEXTS) and len(clause_facts()) == 2
    assert len(list_facts()) >= 70, "the scanner lost rows"
    assert read_caption("GOOGLE ADS CPC IN MEXICO - 2025") == ("Google Ads", "CPC", "MEXICO")
    assert read_caption("PODCAST CPM IN THE NORDICS - 2025") == ("Podcast", "CPM", "THE NORDICS")
    assert read_caption("COST PER ELIGIBLE APPLICANT - FY2025") == (None, "COST PER ELIGIBLE APPLICANT", None)
    assert KB.listed("Mobile Games", "CPI", "Unity Ads") == {("Unity Ads", "$2.10-2.60")}  # BY AD NETWORK, declared
    assert KB.listed("Meditation Apps", "CPI", None) == {(None, "$2.90-3.50")}  # a profile line
    assert {(c["metric"], c["platform"], c["value"]) for c in clause_facts()} == {("CPI", "TikTok", "$4.80"),
                                                                                    ("DAY-7 RETENTION", "TikTok", "18%")}

"""The eleventh plain-text fixture KB (tests/fixtures/kb_txt11) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt11_datasets were written blind by reading the KB, to run the evals on a KB nobody
tuned the agent or the scorers to. These tests re-read the KB text with a small scanner of kb_txt11's own layout — NOT
the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt11 writes list ranges
with "to" (``$21 to $29``, ``24 to 30%``), puts the platform after the metric in a caption and the kind of row after a
comma, with the year in brackets (``COST PER CLICK ON GOOGLE ADS, BY PARK TYPE (2025)``), writes profile blocks
(``RV RESORT PROFILE``) and its glossary and budget splits as two dotted columns (``Average Nightly Rate ..... $62``), and
states a few platform prices in prose ("Canvas tent camps that listed on Hipcamp paid a commission worth about $19 per
booked stay"). What is checked is what tests/test_kb_txt10_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt11")

CAPTION_PLATFORMS = {"GOOGLE ADS": "Google Ads", "META": "Meta", "TIKTOK": "TikTok"}
# "<METRIC>[ ON <PLATFORM>], BY <ROWS> (<year>)"; rows are businesses only when <ROWS> is a kind of business
CAPTION = re.compile(r"^([A-Z][A-Z0-9 -]*?)(?: ON ([A-Z][A-Z ]*?))?, BY ([A-Z0-9 ]+) \(20\d\d\)$")
BUSINESS_ROWS = ("PARK TYPE", "HOUSING TYPE", "CATERING TYPE")
PROFILE = re.compile(r"^([A-Z][A-Z -]+) PROFILE$")
DOTTED = re.compile(r"^([A-Z][A-Za-z -]+?) \.{3,} (.+)$")
METRIC_CODES: dict = {}
UNIT_OF = {"COST PER BOOKED STAY": "$", "COST PER CLICK": "$", "CPM": "$", "CANCELLATION RATE": "%",
           "AVERAGE NIGHTLY RATE": "$", "REPEAT GUEST SHARE": "%", "COST PER SUBMITTED APPLICATION": "$",
           "APPLICATION-TO-LEASE RATE": "%", "MONTHLY MEMBER CHURN": "%", "AVERAGE ROOM RENT PER MONTH": "$",
           "COST PER QUALIFIED INQUIRY": "$", "INQUIRY-TO-BOOKING RATE": "%", "FOOD COST SHARE": "%"}

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"rv park": "RV Resorts", "rv resort": "RV Resorts", "campground": "Family Campgrounds",
                   "tent camp": "Canvas Tent Camps", "tent camps": "Canvas Tent Camps", "cabin rental": "Cabin Rentals",
                   "seasonal rv lot": "Seasonal RV Lots", "co-living": "Co-Living Houses",
                   "co-living house": "Co-Living Houses", "student housing": "Student Residences",
                   "corporate housing": "Corporate Housing", "farm to table caterer": "Farm-To-Table Caterers",
                   "farm-to-table caterer": "Farm-To-Table Caterers", "mobile bar": "Mobile Bar Services",
                   "private chef": "Private Chefs", "wedding cake baker": "Wedding Cake Bakers",
                   "corporate lunch catering": "Corporate Lunch Caterers"}
PLATFORM_WORDS = {w.lower(): w for w in ("Google Ads", "Meta", "TikTok", "Hipcamp", "Airbnb", "LinkedIn", "Pinterest",
                                         "Instagram")}
PLATFORM_WORDS.update({"google": "Google Ads", "facebook": "Meta"})
METRIC_WORDS = {"cost per reservation": "COST PER BOOKED STAY", "cost per booking": "COST PER BOOKED STAY",
                "cpc": "COST PER CLICK", "cost per thousand impressions": "CPM", "cancel rate": "CANCELLATION RATE",
                "nightly rate": "AVERAGE NIGHTLY RATE", "returning guest share": "REPEAT GUEST SHARE",
                "cost per application": "COST PER SUBMITTED APPLICATION",
                "lease conversion rate": "APPLICATION-TO-LEASE RATE", "churn": "MONTHLY MEMBER CHURN",
                "room rent": "AVERAGE ROOM RENT PER MONTH", "cost per inquiry": "COST PER QUALIFIED INQUIRY",
                "cost per lead": "COST PER QUALIFIED INQUIRY", "close rate": "INQUIRY-TO-BOOKING RATE",
                "food cost": "FOOD COST SHARE"}
# prose prices, one or two to a sentence ("…, and cabin rentals that listed on Airbnb paid …"):
# "<Kinds> that (listed|advertised) on <Platform> paid [a <fee> worth ]about <price> per <action>"
CLAUSE = re.compile(r"(?:\band )?([A-Za-z][a-z-]+(?: [a-z-]+)*?) that (?:listed|advertised) on ([A-Z][A-Za-z]+) paid"
                    r"(?: a [a-z ]+? worth)? about (\$\d+(?:\.\d+)?) per (booked stay|submitted application|qualified inquiry)")
CLAUSE_LABEL = {"corporate housing operators": "Corporate Housing"}


def read_caption(caption: str) -> tuple[str | None, str, str] | None:
    """(platform, metric, rows): "CPM ON META, BY PARK TYPE (2025)" → ("Meta", "CPM", "PARK TYPE")."""
    m = CAPTION.match(caption)
    return (CAPTION_PLATFORMS.get(m.group(2), m.group(2)), m.group(1), m.group(3)) if m else None


def _label(kind: str) -> str:
    return kind.title().replace("Rv ", "RV ")


def _business_caption(s: str) -> tuple[str | None, str] | bool | None:
    """A caption's (platform, metric) when its rows are businesses, False for another caption, None for no caption."""
    c = read_caption(s)
    return None if c is None else (c[0], c[1]) if c[2] in BUSINESS_ROWS else False


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every ``- Label: value`` row under a caption whose rows are businesses, and every dotted line of a ``… PROFILE``
    block (the profile's business in the plural its lists use)."""
    return gf.scan_lists_and_profiles(
        TEXTS, _business_caption, lambda s: _label(m.group(1)) + "s" if (m := PROFILE.match(s)) else None,
        lambda s: [m.groups()] if (m := DOTTED.match(s)) else [], " (", METRIC_CODES)


list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """The prices a sentence states in prose, each about one kind of business on one platform (``CLAUSE``)."""
    return [{"label": CLAUSE_LABEL.get(m.group(1).lower(), _label(m.group(1))),
             "platform": PLATFORM_WORDS.get(m.group(2).lower(), m.group(2)),
             "metric": "COST PER " + m.group(4).upper(), "value": m.group(3)} for m in CLAUSE.finditer(s)]


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt11s_shapes():
    """kb_txt11 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): "to" ranges, platform-after-metric captions, dotted profiles, prose."""
    assert len(TEXTS) == 8 and not kg.convention_errors(TEXTS)
    assert len(list_facts()) >= 40, "the scanner lost rows"
    assert read_caption("COST PER CLICK ON GOOGLE ADS, BY PARK TYPE (2025)") == ("Google Ads", "COST PER CLICK",
                                                                                "PARK TYPE")
    assert read_caption("CPM, BY STATION FORMAT (2025)") == (None, "CPM", "STATION FORMAT")
    assert not KB.listed("Country", "CPM", None), "rows by station format are not businesses"
    assert KB.listed("RV Resorts", "COST PER BOOKED STAY", None) == {(None, "$21 to $29")}
    assert KB.listed("Family Campgrounds", "CPM", "Meta") == {("Meta", "$6.10 to $8.30")}
    assert KB.listed("RV Resorts", "AVERAGE NIGHTLY RATE", None) == {(None, "$62")}  # a dotted profile line
    assert not KB.listed("RV Resorts", "AVERAGE STAY", None), "'3.4 nights' is not a figure the value reader reads"
    assert kg.parse_value("24 to 30%") == (24.0, 30.0, "%") and kg.parse_value("$1.35 to $1.90") == (1.35, 1.9, "$")
    assert gf.prose_prices(clause_facts) == {
        ("Canvas Tent Camps", "Hipcamp", "BOOKED STAY", "$19"), ("Cabin Rentals", "Airbnb", "BOOKED STAY", "$24"),
        ("Corporate Housing", "LinkedIn", "SUBMITTED APPLICATION", "$112"),
        ("Wedding Cake Bakers", "Pinterest", "QUALIFIED INQUIRY", "$16"),
        ("Private Chefs", "Instagram", "QUALIFIED INQUIRY", "$34")}

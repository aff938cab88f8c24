"""The twelfth plain-text fixture KB (tests/fixtures/kb_txt12) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt12_datasets were written blind by reading the KB, to run the evals on a KB nobody
tuned the agent or the scorers to. These tests re-read the KB text with a small scanner of kb_txt12's own layout — NOT
the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt12 writes list ranges
with a bare hyphen (``$62-85``, ``15-21%``) and its notes in square brackets, captions its lists as pipe-separated
fields (``BENCHMARK: CPC | GOOGLE ADS | 2025``; ``ALL CHANNELS`` names no platform; ``RATE CARD: …`` captions are
channel rate cards whose rows are not businesses), writes each profile as an ``AT A GLANCE: <BUSINESS>`` line over one
pipe grid of ``Key: value`` cells, and states a few platform prices in prose with the platform first ("On Eventbrite,
candle-making bars paid roughly $6 per seat sold"). What is checked is what tests/test_kb_txt11_goldens.py checks
(shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt12")

CAPTION_PLATFORMS = {"ALL CHANNELS": None, "GOOGLE ADS": "Google Ads", "META": "Meta", "INSTAGRAM": "Instagram",
                     "GOOGLE LOCAL SERVICES ADS": "Google Local Services Ads"}
# "BENCHMARK: <METRIC> | <PLATFORM or ALL CHANNELS> | <year>": the rows of a BENCHMARK list are businesses
CAPTION = re.compile(r"^BENCHMARK: ([A-Z][A-Z0-9 -]*?) \| ([A-Z][A-Z ]*?) \| 20\d\d$")
PROFILE = re.compile(r"^AT A GLANCE: ([A-Z][A-Z -]+)$")
CELL = re.compile(r"^([A-Z][A-Za-z -]+?): (.+)$")
METRIC_CODES: dict = {}
UNIT_OF, VERTICAL_LABELS, PLATFORM_WORDS, METRIC_WORDS = gf.fixture_words("kb_txt12")
# prose prices, platform first, one or two to a sentence ("…, and on ClassPass, pottery wheel studios paid …"):
# "On <Platform>, <kinds> paid (roughly|on the order of) <price> per <action>"
CLAUSE = re.compile(r"\b[Oo]n ([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?), ([a-z][a-z-]+(?: [a-z-]+)*?) paid"
                    r" (?:roughly|on the order of|about) (\$\d+(?:\.\d+)?) per (paid deposit|seat sold|booked job)")


def read_caption(caption: str) -> tuple[str | None, str] | None:
    """(platform, metric): "BENCHMARK: CPC | GOOGLE ADS | 2025" → ("Google Ads", "CPC"); ALL CHANNELS → None."""
    m = CAPTION.match(caption)
    return (CAPTION_PLATFORMS.get(m.group(2), m.group(2).title()), m.group(1)) if m else None


def _label(kind: str) -> str:
    return kind.title()


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every ``- Label: value [note]`` row under a BENCHMARK caption, and every ``Key: value`` cell of the pipe grid
    under an ``AT A GLANCE: <BUSINESS>`` line (the business in the plural its lists use)."""
    return gf.scan_lists_and_profiles(
        TEXTS, read_caption, lambda s: _label(m.group(1)) + "s" if (m := PROFILE.match(s)) else None,
        lambda s: [k.groups() for cell in s.split(" | ") if (k := CELL.match(cell))], " [", METRIC_CODES)


list_rows, list_facts = gf.labelled(scanned)


# the prices a sentence states in prose, each about one kind of business on one platform (``CLAUSE``)
clause_facts = gf.prose_facts(TEXTS, gf.clause_reader(CLAUSE, _label, PLATFORM_WORDS, groups=(2, 1, 3, 4)))


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt12s_shapes():
    """kb_txt12 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): hyphen ranges with bracketed notes, pipe captions, pipe-grid
    profiles, platform-first prose, and rate cards that are not businesses."""
    assert len(TEXTS) == 8 and not kg.convention_errors(TEXTS)
    assert len(list_facts()) >= 50, "the scanner lost rows"
    assert read_caption("BENCHMARK: CPC | GOOGLE ADS | 2025") == ("Google Ads", "CPC")
    assert read_caption("BENCHMARK: COST PER SEAT SOLD | ALL CHANNELS | 2025") == (None, "COST PER SEAT SOLD")
    assert read_caption("RATE CARD: DOOR HANGERS | PER THOUSAND DOORS | 2025") is None
    assert not KB.listed("Cargo van", "RATE CARD", None) and not any(f["label"] == "Cargo van" for f in list_rows())
    assert KB.listed("Custom Tattoo Studios", "COST PER PAID DEPOSIT", None) == {(None, "$62-85")}
    assert KB.listed("Tree Removal Crews", "COST PER LEAD", "Google Local Services Ads") == {
        ("Google Local Services Ads", "$41-60")}
    assert KB.listed("Junk Removal Haulers", "AVERAGE JOB", None) == {(None, "$310")}  # a pipe-grid cell
    assert not KB.listed("Pottery Wheel Studios", "SEATS PER CLASS", None), "'10' is not a figure the value reader reads"
    assert kg.parse_value("15-21%") == (15.0, 21.0, "%") and kg.parse_value("$6.40-9.80") == (6.4, 9.8, "$")
    assert kg.parse_value("38-52 USD") is None, "rate cards in USD after the figure are not read as prices"
    assert gf.prose_prices(clause_facts) == {
        ("Walk-In Flash Shops", "TikTok", "PAID DEPOSIT", "$14"),
        ("Laser Removal Clinics", "Google Ads", "PAID DEPOSIT", "$150"),
        ("Candle-Making Bars", "Eventbrite", "SEAT SOLD", "$6"), ("Pottery Wheel Studios", "ClassPass", "SEAT SOLD", "$19"),
        ("Gutter Cleaning Crews", "Nextdoor", "BOOKED JOB", "$12"), ("Residential Locksmiths", "Yelp", "BOOKED JOB", "$52")}

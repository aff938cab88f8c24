"""The eighth plain-text fixture KB (tests/fixtures/kb_txt8) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt8_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB the scorers were not tuned on. These tests re-read the KB text with a small scanner of kb_txt8's own
layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt8 lays
its text out unlike the other plain-text KBs: Title Case section headings, ranges written ``$58 to $74``, a unit
stated once in a caption (``COST PER BOOKED TEST RIDE, US DOLLARS - 2025`` over rows ``64–82``, which the shared value
reader does not read: those rows are scenario key facts, not benchmark goldens), tables whose rows are markets or
months and whose columns are metrics, a platform inside a caption (``GOOGLE MAPS COST PER DIRECTION REQUEST``), lists
whose rows are platforms (``BY METASEARCH SITE``, ``BY LEAD SITE`` under a section declaring one vertical), profile
blocks (``SKI RESORTS - PROPERTY PROFILE``), prose prices on a platform ("Glamping sites that sold nights on Pinterest
in our sample paid about $12.50 per booked room night"), audiences counted in sentences ("Bogotá is home to about
7.9M people"), budget guidance written as Q&A and a workflow of phases numbered I to VII. What is checked is what
tests/test_kb_txt7_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt8")

PLATFORMS = {"GOOGLE MAPS": "Google Maps", "WAZE": "Waze"}
METRIC_CODES = {"CPRN": "COST PER BOOKED ROOM NIGHT"}
UNIT_OF = {"COST PER BOOKED ROOM NIGHT": "$", "LOOK-TO-BOOK RATE": "%", "COST PER BOOKED HOME ASSESSMENT": "$",
           "ASSESSMENT-TO-CONTRACT RATE": "%", "COST PER DIRECTION REQUEST": "$", "AVERAGE DAILY RATE": "$",
           "CLEANING FEE PER STAY": "$", "LIFT TICKET ATTACH RATE": "%", "GROSS MARGIN": "%",
           "GROSS MARGIN ON BIKES": "%", "ACCESSORY ATTACH RATE": "%", "FINANCING SHARE": "%"}
# A list caption (this KB's layout): "<HEAD>[ IN <MARKET>][, <UNIT WORDS>] - <YEAR>".
CAPTION = re.compile(r"^([A-Z][A-Z0-9 :()+-]*?)(?: IN ([A-Z]+(?: [A-Z]+)?))?(?:, [A-Z ]+)? - (20\d\d)$")
PLATFORM_ROWS = ("BY METASEARCH SITE", "BY LEAD SITE")

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"ski resort": "Ski Resorts", "beach resort": "Beach Resorts", "motel": "Roadside Motels",
                   "glamping": "Glamping Sites", "boutique hotel": "Boutique Hotels", "vacation rental": "Vacation Rentals",
                   "heat pump installer": "Heat Pump Installers", "home battery": "Home Battery Installers",
                   "insulation contractors": "Attic Insulation Contractors",
                   "window replacement": "Replacement Window Companies", "e-bike shop": "Independent E-Bike Shops",
                   "bike shop": "Independent E-Bike Shops", "energy showroom": "Home Energy Showrooms"}
PLATFORM_WORDS = {w.lower(): w for w in ("Google Hotel Ads", "Tripadvisor", "Trivago", "Kayak", "Expedia TravelAds",
                                         "Pinterest", "Modernize", "Angi", "Houzz", "Thumbtack", "Nextdoor",
                                         "Google Maps", "Waze")}
PLATFORM_WORDS.update({"expedia": "Expedia TravelAds", "google hotels": "Google Hotel Ads", "angie's list": "Angi"})
METRIC_WORDS = {"cost per room night": "COST PER BOOKED ROOM NIGHT", "cost per night booked": "COST PER BOOKED ROOM NIGHT",
                "cost per home assessment": "COST PER BOOKED HOME ASSESSMENT",
                "cost per assessment": "COST PER BOOKED HOME ASSESSMENT", "look to book": "LOOK-TO-BOOK RATE",
                "look to book rate": "LOOK-TO-BOOK RATE", "assessment to contract rate": "ASSESSMENT-TO-CONTRACT RATE",
                "close rate after the visit": "ASSESSMENT-TO-CONTRACT RATE", "cleaning fee": "CLEANING FEE PER STAY",
                "adr": "AVERAGE DAILY RATE", "cost per directions tap": "COST PER DIRECTION REQUEST"}
# prose prices: "<Kind> that (sold nights|advertised|ran ads) on <Platform>[ in our sample] paid about <price> per
# booked room night / booked home assessment"
CLAUSE = re.compile(r"([A-Z][a-z]+(?: [a-z]+)*) that (?:sold nights|advertised|ran ads) on ([A-Z]\w*(?: [A-Z]\w*)*)"
                    r"(?: in our sample)? paid about (\$\d+(?:\.\d+)?) per (booked room night|booked home assessment)")


def read_caption(caption: str) -> tuple[str | None, str, str | None]:
    """(platform, metric, market): "GOOGLE MAPS COST PER DIRECTION REQUEST - 2025" → ("Google Maps", "COST PER
    DIRECTION REQUEST", None); "COST PER BOOKED TEST RIDE, US DOLLARS - 2025" → (None, "COST PER BOOKED TEST RIDE",
    None)."""
    return gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)


# every list row and profile line (shared loop); under a list of platforms the label is the platform and the business
# the one its section declares
scanned = gf.scan_platform_rows(TEXTS, CAPTION, read_caption, PLATFORM_ROWS, METRIC_CODES)

# the rows about a business, and those stating a $, % or x figure (not "64–82" under a caption naming its unit)
list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """Prices stated in prose about a kind of business on one platform (``CLAUSE``)."""
    m = CLAUSE.search(s)
    return [{"label": m.group(1).title(), "platform": m.group(2), "metric": f"COST PER {m.group(4).upper()}",
             "value": m.group(3)}] if m else []


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt8s_shapes():
    """kb_txt8 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): its captions, metasearch and lead-site rows, profiles, prose."""
    assert len(TEXTS) >= 9 and not kg.convention_errors(TEXTS) and len(clause_facts()) == 3
    assert len(list_facts()) >= 50, "the scanner lost rows"
    assert read_caption("GOOGLE MAPS COST PER DIRECTION REQUEST - 2025") == (
        "Google Maps", "COST PER DIRECTION REQUEST", None)
    assert read_caption("COST PER BOOKED TEST RIDE, US DOLLARS - 2025") == (None, "COST PER BOOKED TEST RIDE", None)
    assert KB.listed("Boutique Hotels", "COST PER BOOKED ROOM NIGHT", "Kayak") == {("Kayak", "$15 to $19")}
    assert KB.listed("Heat Pump Installers", "COST PER BOOKED HOME ASSESSMENT", "Angi") == {("Angi", "$215 to $270")}
    assert KB.listed("Ski Resorts", "AVERAGE DAILY RATE", None) == {(None, "$410")}  # a profile line
    assert not KB.listed("Cargo E-Bikes", "COST PER BOOKED TEST RIDE", None)  # unit in the caption: not a golden
    assert {(c["label"], c["platform"], c["value"]) for c in clause_facts()} == {
        ("Glamping Sites", "Pinterest", "$12.50"), ("Beach Resorts", "Expedia TravelAds", "$36"),
        ("Heat Pump Installers", "Nextdoor", "$205")}

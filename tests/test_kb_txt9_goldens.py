"""The ninth plain-text fixture KB (tests/fixtures/kb_txt9) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt9_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB whose goldens nobody tuned the agent to. These tests re-read the KB text with a small scanner of
kb_txt9's own layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug.
kb_txt9 lays its lists out as ALL-CAPS captions with or without a year (``COST PER BOOKED CONSULTATION - 2025``,
``STREAMING TV CPM``), a channel inside a caption (``STREAMING TV CPM`` over ``BY BUSINESS TYPE`` rows), lists whose
rows are platforms for one business ("Rows below are for monitored alarm systems only." over ``BY LEAD SOURCE``;
``BY WEDDING MARKETPLACE`` for bridal salons; ``BY PLATFORM`` under the craft-brewery section), lists of platforms for no
business (``BY STREAMING SERVICE``, ``BY AUDIO PLATFORM``, ``BY SCREEN NETWORK``, ``BY READ TYPE``, ``BY AD LENGTH``:
not goldens), singular profile blocks (``SWIM SCHOOL - TERM PROFILE``, read as the plural business its lists name),
and prose CPMs per business on one service ("Swim schools that ran streaming TV on Paramount+ … paid about $29 CPM").
What is checked is what tests/test_kb_txt8_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt9")

PLATFORMS = {"STREAMING TV": "Streaming TV", "STREAMING AUDIO": "Streaming Audio"}
METRIC_CODES = {"CPBC": "COST PER BOOKED CONSULTATION"}
UNIT_OF = {"CPM": "$", "COST PER BOOKED CONSULTATION": "$", "CONSULTATION-TO-CONTRACT RATE": "%",
           "COST PER TRIAL CLASS BOOKING": "$", "TRIAL-TO-ENROLLMENT RATE": "%", "COST PER BOOKED FITTING APPOINTMENT": "$",
           "APPOINTMENT-TO-PURCHASE RATE": "%", "COST PER PLACEMENT TEST": "$", "PLACEMENT-TO-ENROLLMENT RATE": "%",
           "COST PER TAPROOM VISIT": "$"}
# A list caption (this KB's layout): "<HEAD>[ - <YEAR>]", never a "BY …" line.
CAPTION = re.compile(r"^(?!BY )([A-Z][A-Z0-9 :()+-]*?)(?: - (20\d\d))?$")
# lists whose rows are platforms for one business: the business the KB names above the list or its section declares
ROWS_FOR = {"BY LEAD SOURCE": "Monitored Alarm Systems", "BY WEDDING MARKETPLACE": "Bridal Salons"}
DECLARED_ROWS = ("BY PLATFORM", "BY LISTING SITE", "BY MARKET")
NO_BUSINESS = ("BY STREAMING SERVICE", "BY AUDIO PLATFORM", "BY SCREEN NETWORK", "BY READ TYPE", "BY AD LENGTH")
# a profile block names one business in the singular
PROFILE_OF = {"Monitored Alarm Installer": "Monitored Alarm Systems", "Swim School": "Swim Schools",
              "Bridal Salon": "Bridal Salons", "Craft Brewery": "Craft Breweries"}

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"alarm installer": "Monitored Alarm Systems", "monitored alarm": "Monitored Alarm Systems",
                   "smart locks": "Smart Locks and Access Control", "martial arts school": "Youth Martial Arts",
                   "summer camp": "Summer Day Camps", "tux rental": "Tuxedo and Suit Rental Shops",
                   "exam prep": "Exam Preparation (IELTS and TOEFL)", "bridal salon": "Bridal Salons",
                   "swim school": "Swim Schools", "brewery": "Craft Breweries", "craft brewery": "Craft Breweries",
                   "engagement ring jeweler": "Custom Engagement Ring Jewelers"}
PLATFORM_WORDS = {w.lower(): w for w in ("Streaming TV", "Streaming Audio", "Peacock", "Paramount+", "Philo",
                                         "iHeartRadio", "Amazon Music", "Google Local Services Ads",
                                         "Nextdoor Sponsored Posts", "Shared Lead Vendors", "Meta Lead Forms",
                                         "The Knot", "WeddingWire", "Zola", "Waze Pins", "Untappd Promoted Listings")}
PLATFORM_WORDS.update({"nextdoor": "Nextdoor Sponsored Posts", "shared lead vendors": "Shared Lead Vendors",
                       "waze": "Waze Pins", "untappd": "Untappd Promoted Listings", "ctv": "Streaming TV"})
METRIC_WORDS = {"close rate after the consultation": "CONSULTATION-TO-CONTRACT RATE",
                "cost per consultation": "COST PER BOOKED CONSULTATION", "cost per trial": "COST PER TRIAL CLASS BOOKING",
                "cost per fitting appointment": "COST PER BOOKED FITTING APPOINTMENT",
                "cost per appointment": "COST PER BOOKED FITTING APPOINTMENT",
                "cost per visit to the taproom": "COST PER TAPROOM VISIT", "placement test cost": "COST PER PLACEMENT TEST",
                "share of trials that enroll": "TRIAL-TO-ENROLLMENT RATE"}
# prose CPMs: "<Kind> that (bought|ran) [streaming TV|… audio] on <Service> … paid about $N CPM",
# "<Kind> that bought <Service> audio … paid about $N CPM", "Streaming audio on <Service> cost <kind> about $N CPM"
CLAUSES = (re.compile(r"([A-Z][a-z]+(?: [a-z]+)*) that (?:bought|ran) (?:streaming (?:TV|audio) on |[\w-]+ audio on )?"
                      r"((?:[A-Z]|i(?=[A-Z]))[\w+.]*(?: [A-Z]\w*)*)[^$]*? paid about (\$\d+(?:\.\d+)?) CPM"),
           re.compile(r"Streaming (?:TV|audio) on ((?:[A-Z]|i(?=[A-Z]))\w*) cost ([a-z]+) about (\$\d+(?:\.\d+)?) CPM"))
CLAUSE_LABEL = {"Installers": "Home Security Installers"}


def read_caption(caption: str) -> tuple[str | None, str, None]:
    """(platform, metric, market): "STREAMING TV CPM" → ("Streaming TV", "CPM", None); "COST PER BOOKED CONSULTATION -
    2025" → (None, "COST PER BOOKED CONSULTATION", None)."""
    platform, metric, _ = gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)
    return platform, metric, None


def _row(rows_are: str | None, declared: str | None, current: tuple, label: str) -> dict:
    if rows_are in NO_BUSINESS:
        return {"label": None, "platform": label, "metric": current[1]}
    if rows_are in ROWS_FOR or rows_are in DECLARED_ROWS:
        return {"label": ROWS_FOR.get(rows_are, declared), "platform": label, "metric": current[1]}
    return {"label": label, "platform": current[0], "metric": current[1]}


_rows = gf.row_scanner(TEXTS, CAPTION, read_caption, _row, METRIC_CODES)


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every list row and profile line, a profile's business named as its lists name it."""
    return tuple({**f, "label": PROFILE_OF.get(f["label"], f["label"])} for f in _rows())


list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """CPMs stated in prose about a kind of business on one streaming service (``CLAUSES``)."""
    if m := CLAUSES[0].search(s):
        kind, platform, value = m.group(1), m.group(2), m.group(3)
    elif m := CLAUSES[1].search(s):
        kind, platform, value = m.group(2).capitalize(), m.group(1), m.group(3)
    else:
        return []
    label = CLAUSE_LABEL.get(kind, kind.title().replace(" And ", " and "))
    return [{"label": label, "platform": platform, "metric": "CPM", "value": value}]


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt9s_shapes():
    """kb_txt9 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): captions with and without a year, a channel in a caption, lead-source
    and marketplace rows for one business, profiles, prose CPMs."""
    # two of its files hold two framed sections each, one fewer than the shared convention check asks: the rest holds
    assert len(TEXTS) == 8 and all("dash-framed sections < 3" in e for e in kg.convention_errors(TEXTS))
    assert len(list_facts()) >= 60, "the scanner lost rows"
    assert "Rows below are for monitored alarm systems only." in TEXTS["home_security_installers.txt"]
    assert "Rows below are for bridal salons only." in TEXTS["kids_programs_and_bridal_retail.txt"]
    assert read_caption("STREAMING TV CPM") == ("Streaming TV", "CPM", None)
    assert read_caption("COST PER BOOKED CONSULTATION - 2025") == (None, "COST PER BOOKED CONSULTATION", None)
    assert KB.listed("Monitored Alarm Systems", "COST PER BOOKED CONSULTATION", "Nextdoor Sponsored Posts") == {
        ("Nextdoor Sponsored Posts", "$88-109")}
    assert KB.listed("Bridal Salons", "COST PER BOOKED FITTING APPOINTMENT", "Zola") == {("Zola", "$54-69")}
    assert KB.listed("Craft Breweries", "COST PER TAPROOM VISIT", "Waze Pins") == {("Waze Pins", "$2.10-2.80")}
    assert KB.listed("Swim Schools", "COST PER ENROLLED SWIMMER", None) == {(None, "$38-46")}  # a profile line
    assert not KB.listed("Peacock", "CPM", None)  # a service, not a business
    assert {(c["label"], c["platform"], c["value"]) for c in clause_facts()} == {
        ("Home Security Installers", "Peacock", "$33"), ("Home Security Installers", "iHeartRadio", "$17"),
        ("Bridal Salons", "Peacock", "$36"), ("Custom Engagement Ring Jewelers", "iHeartRadio", "$19"),
        ("Swim Schools", "Paramount+", "$29"), ("Music Lesson Studios", "Amazon Music", "$14"),
        ("Language Schools", "Philo", "$22")}

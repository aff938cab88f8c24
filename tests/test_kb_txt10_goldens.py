"""The tenth plain-text fixture KB (tests/fixtures/kb_txt10) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt10_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB nobody tuned the scorers or the agent to. These tests re-read the KB text with a small scanner of
kb_txt10's own layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug.
kb_txt10 writes its lists with en-dash ranges (``$18.50–24.00``, ``38–46%``, ``2.8–3.4x``) under captions whose year is
a fiscal year, a season or a census (``COST PER FIRST ORDER - FY2025``, ``COST PER REGISTRATION - 2025 SEASON``), names
what the rows are in the caption too (``ROAS BY GEAR CATEGORY``, ``COST PER FIRST ORDER BY PLATFORM``), puts a platform
at the head of one caption (``META CPM FOR VENUES``), titles its profile blocks ``CLIMBING GYM PROFILE`` (singular, no
dash) and states a few platform prices in prose ("VR arcades that ran ads on Snapchat paid about $15.60 per booked
session"). What is checked is what tests/test_kb_txt8_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt10")

PLATFORMS = {"META": "Meta"}
METRIC_CODES: dict = {}
UNIT_OF = {"COST PER BOOKED SESSION": "$", "COST PER BOOKED PARTY": "$", "CPM": "$", "COST PER FIRST ORDER": "$",
           "ROAS": "x", "COST PER BOOKED ENROLLMENT TOUR": "$", "TOUR-TO-ENROLLMENT RATE": "%",
           "COST PER REGISTRATION": "$", "COST PER BOOKED CORPORATE EVENT": "$", "SHOW RATE": "%",
           "AVERAGE MONTHLY MEMBERSHIP": "$", "GROSS MARGIN ON GEAR": "%", "PACKAGE RENEWAL RATE": "%"}
# A list caption (this KB's layout): "<HEAD>[ IN <MARKET>][ FOR <WHOM>][ BY <ROWS>] - <FY|year|years>[ SEASON|CENSUS]"
CAPTION = re.compile(r"^([A-Z][A-Z0-9 +-]*?)(?: IN ([A-Z]+(?: [A-Z]+)?))?(?: FOR [A-Z]+)?(?: BY [A-Z ]+)?"
                     r" - (?:FY)?20\d\d(?:-20\d\d)?(?: [A-Z]+)?$")
PLATFORM_ROWS = ("BY PLATFORM",)
PROFILE = re.compile(r"^([A-Z][A-Z ]+) PROFILE$")

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"escape room": "Escape Rooms", "climbing gym": "Climbing Gyms", "trampoline park": "Trampoline Parks",
                   "bowling alley": "Bowling Centers", "bowling": "Bowling Centers", "bowling center": "Bowling Centers",
                   "axe throwing": "Axe-Throwing Bars", "vr arcade": "VR Arcades", "daycare": "Daycare Centers",
                   "daycare center": "Daycare Centers", "after-school program": "After-School Programs",
                   "summer day camp": "Summer Day Camps", "swim school": "Swim Schools",
                   "overnight camp": "Overnight Camps", "outdoor gear retailer": "Outdoor Gear Retailers",
                   "outdoor gear store": "Outdoor Gear Retailers", "montessori preschools": "Montessori Preschools"}
PLATFORM_WORDS = {w.lower(): w for w in ("Meta", "Google Shopping", "Meta Advantage+ Shopping", "Pinterest", "TikTok",
                                         "Snapchat", "Nextdoor", "LinkedIn", "AllTrails Promoted Placements")}
PLATFORM_WORDS.update({"alltrails": "AllTrails Promoted Placements", "facebook": "Meta"})
METRIC_WORDS = {"cost per booking": "COST PER BOOKED SESSION", "cost per party": "COST PER BOOKED PARTY",
                "cost per birthday party": "COST PER BOOKED PARTY", "return on ad spend": "ROAS",
                "cost per tour": "COST PER BOOKED ENROLLMENT TOUR", "cost per sign-up": "COST PER REGISTRATION",
                "cost per corporate event": "COST PER BOOKED CORPORATE EVENT",
                "membership price": "AVERAGE MONTHLY MEMBERSHIP", "margin on gear": "GROSS MARGIN ON GEAR",
                "renewal rate": "PACKAGE RENEWAL RATE", "tour conversion rate": "TOUR-TO-ENROLLMENT RATE"}
# prose prices: "<Kinds>[ and <kinds>] that (ran ads|advertised|bought promoted placements)[ <what>] on <Platform>
# [in our sample] paid about <price>[ CPM and about <price>] per <action>"
CLAUSE = re.compile(r"([A-Z][A-Za-z-]*(?: [a-zA-Z-]+)*?) that (?:ran ads|advertised|bought promoted placements)"
                    r"(?: [a-z -]+?)? on ([A-Z][A-Za-z]+)(?: in our sample)? paid about (\$\d+(?:\.\d+)?)"
                    r"(?: CPM and about (\$\d+))? per (booked session|first lesson package|first order|booked corporate event)")
CLAUSE_METRIC = {"booked session": "COST PER BOOKED SESSION", "first lesson package": "COST PER REGISTRATION",
                 "first order": "COST PER FIRST ORDER", "booked corporate event": "COST PER BOOKED CORPORATE EVENT"}
CLAUSE_LABEL = {"retailers": "Outdoor Gear Retailers"}


def read_caption(caption: str) -> tuple[str | None, str, str | None]:
    """(platform, metric, market): "META CPM FOR VENUES - 2025" → ("Meta", "CPM", None); "ROAS BY GEAR CATEGORY -
    FY2025" → (None, "ROAS", None)."""
    return gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every ``- Label: value`` row under a caption and every ``Key: value`` line of a ``… PROFILE`` block (the
    profile's business in the plural its lists use); under ``BY PLATFORM`` the label is the section's one vertical."""
    facts = []
    for source, text in TEXTS.items():
        current, rows_are, profile, declared = None, None, None, None
        for line in text.splitlines():
            s = line.strip()
            if not s or kg.DASHES.match(s):
                current, profile = None, None
            elif (m := PROFILE.match(s)):
                current, profile = None, m.group(1).title() + "s"
            elif s.startswith("META_VERTICALS:"):
                d = re.fullmatch(r"META_VERTICALS: ([A-Z_]+)", s)
                declared = d.group(1).replace("_", " ").title() if d and d.group(1) != "ALL" else None
            elif CAPTION.match(s) and not s.startswith(("META -", "META_")):
                current, rows_are = read_caption(s), None
            elif current and re.fullmatch(r"BY [A-Z ]+", s):
                rows_are = s
            elif current and (b := re.match(r"^- ([^:]+): (.+)$", s)):
                label, platform = (declared, b.group(1)) if rows_are in PLATFORM_ROWS else (b.group(1), current[0])
                facts.append({"label": label, "platform": platform, "metric": current[1], "market": None,
                              "value": b.group(2).split(" (")[0], "source": source, "line": s})
            elif profile and (k := re.match(r"^([A-Z][A-Za-z-]+(?: [A-Za-z0-9-]+)*): (.+)$", s)):
                facts.append(gf.profile_fact(profile, s, k.group(1), k.group(2).split(" (")[0], source, METRIC_CODES))
    return tuple(facts)


list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """Prices stated in prose about one or two kinds of business on one platform (``CLAUSE``)."""
    m = CLAUSE.search(s)
    if not m:
        return []
    kinds = [k.strip() for k in m.group(1).split(" and ")]
    return [{"label": CLAUSE_LABEL.get(k.lower(), k.title().replace("Vr ", "VR ")),
             "platform": PLATFORM_WORDS.get(m.group(2).lower(), m.group(2)),
             "metric": CLAUSE_METRIC[m.group(5)], "value": m.group(4) or m.group(3)} for k in kinds]


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt10s_shapes():
    """kb_txt10 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): en-dash ranges, FY/season captions, platform rows, profiles, prose."""
    assert len(TEXTS) == 8 and not kg.convention_errors(TEXTS)
    assert len(list_facts()) >= 60, "the scanner lost rows"
    assert read_caption("META CPM FOR VENUES - 2025") == ("Meta", "CPM", None)
    assert read_caption("COST PER REGISTRATION - 2025 SEASON") == (None, "COST PER REGISTRATION", None)
    assert read_caption("TOUR-TO-ENROLLMENT RATE - 2024-2025") == (None, "TOUR-TO-ENROLLMENT RATE", None)
    assert KB.listed("Escape Rooms", "COST PER BOOKED SESSION", None) == {(None, "$18.50–24.00")}
    assert KB.listed("Outdoor Gear Retailers", "COST PER FIRST ORDER", "TikTok") == {("TikTok", "$33–45")}
    assert KB.listed("Axe-Throwing Bars", "CPM", "Meta") == {("Meta", "$11.80–14.60")}
    assert KB.listed("Climbing Gyms", "AVERAGE MONTHLY MEMBERSHIP", None) == {(None, "$89")}  # a profile line
    assert kg.parse_value("2.8–3.4x") == (2.8, 3.4, "x")
    assert gf.prose_prices(clause_facts) == {
        ("VR Arcades", "Snapchat", "BOOKED SESSION", "$15.60"), ("Swim Schools", "Nextdoor", "REGISTRATION", "$22"),
        ("Outdoor Gear Retailers", "AllTrails Promoted Placements", "FIRST ORDER", "$39"),
        ("Escape Rooms", "LinkedIn", "BOOKED CORPORATE EVENT", "$310"),
        ("Axe-Throwing Bars", "LinkedIn", "BOOKED CORPORATE EVENT", "$310")}

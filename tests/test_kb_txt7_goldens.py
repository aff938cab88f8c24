"""The seventh plain-text fixture KB (tests/fixtures/kb_txt7) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt7_datasets were written by reading the KB, to run the evals and the mutation
suite on a KB the scorers were not tuned on. These tests re-read the KB text with a small scanner of kb_txt7's own
layout — NOT the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt7 writes
its lists in ways the other plain-text KBs do not: captions dated by a selling season (``COST PER QUALIFIED GROWER
LEAD - 2025-26 SELLING SEASON``), a market of two words (``NAVER SEARCH CPC IN SOUTH KOREA``), lists whose rows are
platforms named by a referral source, an outlet or a lead marketplace (``BY REFERRAL SOURCE``, ``BY OUTLET``, ``BY LEAD
MARKETPLACE`` under a section declaring one vertical), a platform inside a metric's caption (``YOUTUBE INTEGRATION
COST PER THOUSAND VIEWS``), prices in rand (``R62-78``), złoty written after the figure (``1.10-1.45 zł``) and won
(which the shared value reader does not read: those rows are not goldens), profile blocks (``PET INSURANCE - POLICY
PROFILE``), and three prose sentences stating a price on a platform ("Comedy shows that sold tickets on TikTok in our
sample paid about $6.40 per ticket sold"). What is checked is what tests/test_kb_txt6_goldens.py checks (shared:
tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt7")

PLATFORMS = {"YOUTUBE": "YouTube", "TIKTOK": "TikTok", "NAVER SEARCH": "Naver", "META": "Meta",
             "ALLEGRO ADS": "Allegro Ads", "WHATSAPP": "WhatsApp", "KAKAOTALK": "KakaoTalk"}
METRIC_CODES = {"RETURN ON AD SPEND": "ROAS", "FARM MEDIA CPM": "CPM", "IN-GAME CPM": "CPM",
                "INTEGRATION COST PER THOUSAND VIEWS": "COST PER THOUSAND VIEWS"}
UNIT_OF = {"CPM": "$", "ROAS": "x", "COST PER IN-PERSON TOUR": "$", "INQUIRY-TO-TOUR RATE": "%",
           "TOUR-TO-MOVE-IN RATE": "%", "COST PER TICKET SOLD": "$", "COST PER QUALIFIED GROWER LEAD": "$",
           "QUOTE-TO-ORDER RATE": "%", "COST PER COMPLETED QUOTE": "$", "QUOTE-TO-BIND RATE": "%",
           "COST PER CALL TRANSFER": "$", "COST PER THOUSAND VIEWS": "$", "ENGAGEMENT RATE": "%",
           "SMS CLICK RATE": "%", "COST PER SMS SUBSCRIBER": "$", "PUSH OPT-IN RATE ON IOS": "%"}
# A list caption (this KB's layout): "<HEAD>[ IN <MARKET>] - <YEAR>[-YY SELLING SEASON]".
CAPTION = re.compile(r"^([A-Z][A-Z0-9 :()+-]*?)(?: IN ([A-Z]+(?: [A-Z]+)?))? - (20\d\d)(?:-\d\d SELLING SEASON)?$")
PLATFORM_ROWS = ("BY PLATFORM", "BY REFERRAL SOURCE", "BY OUTLET", "BY LEAD MARKETPLACE")

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {"memory care": "Memory Care Communities", "assisted living": "Assisted Living",
                   "ccrc": "Continuing Care Retirement Communities", "arena shows": "Arena Concerts",
                   "crop chemicals": "Crop Protection", "pet insurer": "Pet Insurance",
                   "term life": "Term Life Insurance", "seed": "Seed Corn and Soybeans",
                   "energy drink brand": "Beverage Brands", "55+ rental community": "Active Adult Rentals"}
PLATFORM_WORDS = {w.lower(): w for w in ("Caring.com", "A Place for Mom", "Google Ads", "Meta", "Microsoft Advertising",
                                         "TikTok", "Bandsintown Promote", "Spotify Marquee", "DTN Progressive Farmer",
                                         "Farm Journal AgWeb", "Successful Farming", "Brownfield Ag News",
                                         "RFD-TV Streaming", "QuoteWizard", "EverQuote", "MediaAlpha",
                                         "SmartFinancial", "Roblox", "Anzu", "Frameplay", "Gadsme", "YouTube")}
PLATFORM_WORDS.update({"agweb": "Farm Journal AgWeb", "bing ads": "Microsoft Advertising", "facebook": "Meta"})
METRIC_WORDS = {"cost per tour": "COST PER IN-PERSON TOUR", "price per tour": "COST PER IN-PERSON TOUR",
                "cost per ticket": "COST PER TICKET SOLD", "cost per grower lead": "COST PER QUALIFIED GROWER LEAD",
                "cost per quote": "COST PER COMPLETED QUOTE", "price per live transfer": "COST PER CALL TRANSFER",
                "tour to move-in conversion": "TOUR-TO-MOVE-IN RATE", "return on ad spend": "ROAS",
                "cpm": "CPM", "push opt-in rate": "PUSH OPT-IN RATE ON IOS", "cost per subscriber": "COST PER SMS SUBSCRIBER",
                "quote to bind": "QUOTE-TO-BIND RATE", "cost per 1,000 views": "COST PER THOUSAND VIEWS"}
# prose prices: "<Kind> that sold tickets on <Platform> in our sample paid about <price> per ticket sold", "<Kind>
# campaigns on <Platform> paid about <price> per completed quote", "A <kind> that advertised … on <Platform> paid about
# <price> per inquiry"
CLAUSES = (
    (re.compile(r"([A-Z][a-z]+(?: [a-z]+)*) that sold tickets on ([A-Z]\w*) in our sample paid about "
                r"(\$\d+(?:\.\d+)?) per ticket sold"), "COST PER TICKET SOLD"),
    (re.compile(r"([A-Z][a-z]+(?: [a-z]+)*) campaigns on ([A-Z]\w*(?: [A-Z]\w*)*) paid about (\$\d+(?:\.\d+)?) "
                r"per completed quote"), "COST PER COMPLETED QUOTE"),
    (re.compile(r"A ([a-z]+(?: [a-z]+)*) that advertised .*? on ([A-Z]\w*(?: [A-Z]\w*)*) paid about "
                r"(\$\d+(?:\.\d+)?) per inquiry"), "COST PER INQUIRY"),
)
CLAUSE_LABELS = {"continuing care retirement community": "Continuing Care Retirement Communities"}


def read_caption(caption: str) -> tuple[str | None, str, str | None]:
    """(platform, metric, market): "NAVER SEARCH CPC IN SOUTH KOREA - 2025" → ("Naver", "CPC", "SOUTH KOREA"),
    "FARM MEDIA CPM - 2025-26 SELLING SEASON" → (None, "CPM", None)."""
    return gf.read_caption(caption, CAPTION, PLATFORMS, METRIC_CODES)


# every list row and profile line, with its market (shared loop: tests/kbtext_golden_files.scan_rows); under a list of
# platforms the label is the platform and the business the one its section declares
scanned = gf.scan_platform_rows(TEXTS, CAPTION, read_caption, PLATFORM_ROWS, METRIC_CODES)

# the rows about a business (a list of platforms under no one business names none), and those stating a $, % or x
# figure (not R, zł or ₩)
list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, _heading: str, _before: str) -> list[dict]:
    """Prices stated in prose about a kind of business on one platform (the three shapes of ``CLAUSES``)."""
    return [{"label": CLAUSE_LABELS.get(m.group(1), m.group(1).title()), "platform": m.group(2), "metric": metric,
             "value": m.group(3)} for pattern, metric in CLAUSES if (m := pattern.search(s))]


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


def test_the_scanner_reads_kb_txt7s_shapes():
    """kb_txt7 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): its captions, referral and marketplace rows, profiles, prose."""
    assert len(TEXTS) >= 9 and not kg.convention_errors(TEXTS) and len(clause_facts()) == 3
    assert len(list_facts()) >= 90, "the scanner lost rows"
    assert read_caption("NAVER SEARCH CPC IN SOUTH KOREA - 2025") == ("Naver", "CPC", "SOUTH KOREA")
    assert read_caption("FARM MEDIA CPM - 2025-26 SELLING SEASON") == (None, "CPM", None)
    assert read_caption("YOUTUBE INTEGRATION COST PER THOUSAND VIEWS - 2025") == (
        "YouTube", "COST PER THOUSAND VIEWS", None)
    assert KB.listed("Assisted Living", "COST PER IN-PERSON TOUR", "Caring.com") == {("Caring.com", "$590-670")}
    assert KB.listed("Auto Insurance", "COST PER CALL TRANSFER", "EverQuote") == {("EverQuote", "$29-36")}
    assert KB.listed("Pet Insurance", "COST PER BOUND POLICY", None) == {(None, "$62-78")}  # a profile line
    assert not KB.listed("Consumer Electronics", "CPC", None)  # złoty, not a golden figure
    assert {(c["label"], c["platform"], c["value"]) for c in clause_facts()} == {
        ("Comedy Shows", "TikTok", "$6.40"), ("Renters Insurance", "Microsoft Advertising", "$4.90"),
        ("Continuing Care Retirement Communities", "Google Ads", "$210")}

"""The third plain-text fixture KB (tests/fixtures/kb_txt3) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt3_datasets were written by reading the KB, to run the evals and
the mutation suite on a KB the scorers were not tuned on. These tests re-read the KB text with a
small scanner of kb_txt3's own layout — NOT the product's fact readers, so a golden cannot agree
with the product by sharing its bug. kb_txt3 writes its lists and figures in ways kb_txt and kb_txt2
do not: a fiscal-year caption (``LINKEDIN CPC BENCHMARKS - FY2025``), captions without
``BENCHMARKS`` (``YELP ADS COST PER VISIT - 2025``, ``AVERAGE FIRST GIFT - 2025``), a caption naming
the vertical of a ``BY PLATFORM`` list (``CRYPTO EXCHANGE COST PER INSTALL - 2025``), profile blocks
(``SOLAR INSTALLERS - SALES PROFILE`` over ``Cost Per Site Survey: $310+``), a business named in
fewer words in one list than in another (``Fast Casual`` / ``Fast Casual Restaurants``), figures
stated as one bound (``under $7.00``, ``up to $9.50``, ``$420+``), ``$9.10 to $10.60`` ranges, a
``not reported`` row, and prices in clauses (``packaging suppliers paid $0.85 per click``) whose
platform is the one the section heading names. What is checked:

* every expected benchmark fact is a list or profile row with that label, metric and platform, or a
  clause ``<label> … paid <value> per click`` inside a section about that platform; a look-up
  without a platform expects every platform's row for the pair, one with a platform only that one's;
* absent pairs are really absent (a ``not reported`` row states no figure); audience sizes stand
  next to their geography; retrieval answers are verbatim inside their framed section; paraphrases
  share no stemmed keyword with the answer; scenarios hold only KB figures and correct arithmetic
  (shared checks: tests/kbtext_goldens.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt3")

PLATFORMS = {"GOOGLE APP CAMPAIGNS": "Google App Campaigns", "GOOGLE ADS": "Google Ads",
             "MICROSOFT ADVERTISING": "Microsoft Advertising", "LINKEDIN": "LinkedIn", "QUORA": "Quora",
             "YELP ADS": "Yelp Ads", "NEXTDOOR": "Nextdoor", "HULU": "Hulu", "ROKU": "Roku",
             "SIRIUSXM AUDIO": "SiriusXM", "META": "Meta", "INSTACART ADS": "Instacart Ads", "CRITEO": "Criteo",
             "REDDIT": "Reddit", "TIKTOK": "TikTok", "APPLE SEARCH ADS": "Apple Search Ads"}
CAPTION_VERTICAL = {"CRYPTO EXCHANGE": "Crypto Exchanges"}  # a BY PLATFORM list about one vertical
METRIC_CODES = {"COST PER LEAD": "CPL", "COST PER INSTALL": "CPI"}
UNIT_OF = {"CPC": "$", "CPM": "$", "CPI": "$", "CPL": "$", "ROAS": "x", "COST PER VISIT": "$",
           "COST PER QUALIFIED LEAD": "$", "COST PER DONOR": "$", "AVERAGE FIRST GIFT": "$", "EMAIL OPEN RATE": "%"}
# A list caption (this KB's layout): "<HEAD>[ BENCHMARKS] - [FY]<YEAR>", HEAD = "[<PLATFORM> ]<METRIC>" or "<VERTICAL> <METRIC>".
CAPTION = re.compile(r"^([A-Z][A-Z :()-]*?)(?: BENCHMARKS)? - (?:FY)?(20\d\d)$")
# The same business named in fewer words in another list (test data, not the product's tables).
SAME_BUSINESS = {"Fast Casual": "Fast Casual Restaurants", "Quick Service": "Quick Service Restaurants",
                 "Fine Dining": "Fine Dining Restaurants", "Food Trucks": "Food Trucks"}

# The fixture's own reading of user words (test data, not the product's synonym tables).
VERTICAL_LABELS = {
    "packaging companies": "Packaging Suppliers", "freight brokers": "Freight and Logistics Brokers",
    "industrial automation companies": "Industrial Automation Equipment",
}
PLATFORM_WORDS = {"bing": "Microsoft Advertising", "yelp": "Yelp Ads", "siriusxm": "SiriusXM",
                  **{v.lower(): v for v in PLATFORMS.values()}}
METRIC_WORDS = {"cost per click": "CPC", "cost per lead": "CPL", "cost per install": "CPI",
                "return on ad spend": "ROAS"}
BENCH_TAGS = frozenset({"platform", "ambiguous", "absent", "synonym", "sentence", "bullet", "kv-line"})


def business(label: str) -> str:
    return SAME_BUSINESS.get(label, label)


def read_caption(caption: str) -> tuple[str | None, str | None, str]:
    """(platform, vertical, metric) a list caption names: "LINKEDIN CPC BENCHMARKS - FY2025" →
    ("LinkedIn", None, "CPC"); "CRYPTO EXCHANGE COST PER INSTALL - 2025" → (None, "Crypto Exchanges", "CPI")."""
    head, platform, vertical = CAPTION.match(caption).group(1), None, None
    for name, written in {**PLATFORMS, **CAPTION_VERTICAL}.items():
        if head.startswith(name + " "):
            head = head[len(name) + 1:]
            platform, vertical = (written, None) if name in PLATFORMS else (None, written)
            break
    return platform, vertical, METRIC_CODES.get(head, head)


def section_platform(heading: str) -> str | None:
    """The platform a dash-framed section heading names ("SECTION 2 - NEXTDOOR" → "Nextdoor")."""
    return next((v for k, v in PLATFORMS.items() if re.search(rf"\b{k}\b", heading)), None)


def _row(rows_are: str | None, _declared: str | None, current: tuple, label: str) -> dict:
    """Under "BY PLATFORM" / "BY PUBLISHER" the label is the platform and the vertical the caption's, if any."""
    platform, metric, _, vertical = current
    if rows_are and rows_are.startswith(("BY PLATFORM", "BY PUBLISHER")):
        return {"label": vertical, "platform": label, "metric": metric}
    return {"label": label, "platform": platform, "metric": metric}


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every ``- Label: value`` row under a list caption (see :func:`_row`) and every ``Metric: value`` line of a
    profile block (shared loop: tests/kbtext_golden_files.scan_rows), a business named in fewer words as in full."""
    def read(caption: str) -> tuple:
        platform, vertical, metric = read_caption(caption)
        return platform, metric, None, vertical
    return tuple({**f, "label": business(f["label"])} if f["label"] else f
                 for f in gf.scan_rows(TEXTS, CAPTION, read, _row, METRIC_CODES))


# the rows about a business (a list of platform rows about no one vertical names none), and those stating a figure
# ("not reported" is a label of the KB, not a fact)
list_rows, list_facts = gf.labelled(scanned)


def _clause(s: str, heading: str, _before: str) -> list[dict]:
    """Prices stated in prose as "<label> [on <platform>] paid [about] <value> per click", with the platform the
    section heading names."""
    return [{"label": m.group(1).strip().split(", and ")[-1].removeprefix("and "), "platform": section_platform(heading),
             "metric": "CPC", "value": m.group(2)}
            for m in re.finditer(r"([A-Za-z ]+?)(?: on [A-Z]\w+)? paid (?:about )?(\$[\d.]+(?:-[\d.]+)?) per click", s)]


clause_facts = gf.prose_facts(TEXTS, _clause)


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES, business)
READER = KB.reader(PLATFORM_WORDS, BENCH_TAGS, UNIT_OF)


def check_benchmark_row(row: dict) -> list[str]:
    """Everything wrong with one benchmarks.jsonl row, read with this KB's own scanner."""
    return kg.benchmark_row_errors(row, READER)


def test_kb_follows_the_conventions_and_the_scanner_reads_its_shapes():
    """The KB keeps the plain-text conventions, and the shapes the goldens rely on are read as a
    planner reads them (so a checker that read nothing could not pass)."""
    assert len(TEXTS) >= 8 and kg.convention_errors(TEXTS) == []
    assert len(list_facts()) >= 120 and len(clause_facts()) >= 8, "the scanner lost rows or prices"
    assert kg.parse_value("under $7.00") == (7.0, 7.0, "$") and kg.parse_value("$420+") == (420.0, 420.0, "$")
    assert kg.parse_value("$9.10 to $10.60") == (9.1, 10.6, "$") and kg.parse_value("4.8x-5.6x") == (4.8, 5.6, "x")
    assert kg.parse_value("7.5x") == (7.5, 7.5, "x") and kg.size_of("420k") == 420_000
    assert KB.listed("Crypto Exchanges", "CPI", "Reddit") == {("Reddit", "up to $9.50")}
    assert not KB.stated("Ghost Kitchens", "COST PER VISIT", None), "a 'not reported' row states no figure"
    assert {(c["label"], c["platform"], c["value"]) for c in clause_facts()} >= {
        ("packaging suppliers", "Quora", "$0.85"), ("home health agencies", "Nextdoor", "$1.90-2.30")}

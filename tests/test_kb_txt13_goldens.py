"""The thirteenth plain-text fixture KB (tests/fixtures/kb_txt13) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt13_datasets were written blind by reading the KB, to run the evals on a KB nobody
tuned the agent or the scorers to. These tests re-read the KB text with a small scanner of kb_txt13's own layout — NOT
the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt13 captions its tables
with a question (``WHAT DOES ONE CLICK COST ON GOOGLE ADS?``), lays each table out in fixed-width columns under a header
row (cells apart by two spaces or more), names a column's metric and platform in its header (``CPM ON META``,
``COST PER LEAD ON GOOGLE LOCAL SERVICES ADS``), writes ranges with an en dash (``$34–48``, ``52–61%``) and notes as
footnote markers (``[1]``) explained below the table; a table's rows are kinds of business only when its first header
cell reads ``KIND OF …`` (rate cards and mixes have placements, stations, rinks or channels for rows). Profiles are
``PROFILE: <snake_name>`` over ``key = value`` lines, and a few platform prices are in prose ("For karate dojos, an
attended trial bought through Nextdoor came to about $19"). What is checked is what tests/test_kb_txt12_goldens.py
checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt13")

QUESTION = re.compile(r"^[A-Z][A-Z0-9 ,'-]*\?$")
PROFILE = re.compile(r"^PROFILE: ([a-z][a-z_]*)$")
KEY_VALUE = re.compile(r"^([a-z][a-z_]*)\s+= (.+)$")
COLUMN_ON = re.compile(r"^(.+?) ON ([A-Z][A-Z ]+)$")
COLUMNS = re.compile(r"\s{2,}")
METRIC_CODES: dict = {}
UNIT_OF, VERTICAL_LABELS, PLATFORM_WORDS, METRIC_WORDS = gf.fixture_words("kb_txt13")
COLUMN_PLATFORMS = {"META": "Meta", "TIKTOK": "TikTok", "GOOGLE ADS": "Google Ads",
                    "GOOGLE LOCAL SERVICES ADS": "Google Local Services Ads"}
# "For <kinds>, a(n) <result> bought through <Platform> came to about $N"
CLAUSE = re.compile(r"\bFor ([a-z][a-z -]*?), an? (attended trial|booked visit) bought through"
                    r" ([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*) came to about (\$\d+(?:\.\d+)?)")


def read_column(head: str) -> tuple[str | None, str]:
    """(platform, metric) a header cell names: "CPM ON META" → ("Meta", "CPM"); "SHOW-UP RATE" → (None, …)."""
    m = COLUMN_ON.match(head)
    if m:
        return COLUMN_PLATFORMS.get(m.group(2), m.group(2).title()), m.group(1)
    return None, head


def _label(kind: str) -> str:
    return kind.title()


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every cell of a table whose header's first cell reads ``KIND OF …`` (the row a business, the column a metric and
    maybe a platform), and every ``key = value`` line under ``PROFILE: <snake_name>`` (the business in the plural its
    tables use). A table or a profile ends at a blank line or a frame."""
    facts, captioned, header, profile = [], False, None, None
    for source, s in gf.framed_lines(TEXTS):
        if s is None:
            captioned, header, profile = False, None, None
        elif (p := PROFILE.match(s)):
            profile = _label(p.group(1).replace("_", " ")) + "s"
        elif QUESTION.match(s):
            captioned, header = True, None
        elif captioned and header is None:
            header = COLUMNS.split(s)
        elif header and header[0].startswith("KIND OF "):
            cells = COLUMNS.split(s)
            for head, cell in zip(header[1:], cells[1:]):
                platform, metric = read_column(head)
                facts.append({"label": _label(cells[0]), "platform": platform, "metric": metric, "market": None,
                              "value": cell.split(" [")[0], "source": source, "line": s})
        elif profile and (k := KEY_VALUE.match(s)):
            facts.append(gf.profile_fact(profile, s, k.group(1).replace("_", " "), k.group(2), source,
                                         METRIC_CODES))
    return tuple(facts)


list_rows, list_facts = gf.labelled(scanned)


# the prices a sentence states in prose, each about one kind of business on one platform (``CLAUSE``)
clause_facts = gf.prose_facts(TEXTS, gf.clause_reader(CLAUSE, _label, PLATFORM_WORDS, groups=(1, 3, 4, 2)))


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


# the five prices kb_txt13 states only in prose ("For karate dojos, an attended trial bought through Nextdoor …")
PROSE_PRICES = {("Boxing Gyms", "TikTok", "ATTENDED TRIAL", "$31"), ("Karate Dojos", "Nextdoor", "ATTENDED TRIAL", "$19"),
                ("Septic Pumping Services", "Yelp", "BOOKED VISIT", "$84"), ("Window Cleaners", "Nextdoor", "BOOKED VISIT", "$17"),
                ("Pool Cleaning Services", "Meta", "BOOKED VISIT", "$36")}


def test_the_scanner_reads_kb_txt13s_shapes():
    """kb_txt13 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): question captions over fixed-width tables, metric and platform in
    the column header, en-dash ranges with footnote markers, key = value profiles, prose prices, and tables whose rows
    are not businesses."""
    assert len(TEXTS) == 7 and not kg.convention_errors(TEXTS)
    assert len(list_facts()) >= 40, "the scanner lost rows"
    assert read_column("CPM ON META") == ("Meta", "CPM")
    assert read_column("COST PER LEAD ON GOOGLE LOCAL SERVICES ADS") == ("Google Local Services Ads", "COST PER LEAD")
    assert read_column("SHOW-UP RATE") == (None, "SHOW-UP RATE")
    assert not any(f["label"] in ("One-Eighth Block", "Community Rink", "Meta", "Nairobi") for f in list_rows())
    assert KB.listed("Boxing Gyms", "COST PER ATTENDED TRIAL", None) == {(None, "$34–48")}  # "[1]" is a note
    assert KB.listed("Karate Dojos", "CPM", None) == {("Meta", "$8.60–11.40")}, "a dash cell states nothing"
    assert KB.listed("Septic Pumping Services", "COST PER LEAD", "Google Local Services Ads") == {
        ("Google Local Services Ads", "$46–67")}
    assert KB.listed("Bouldering Gyms", "MONTHLY MEMBERSHIP", None) == {(None, "$89")}  # a key = value line
    assert not KB.listed("Chimney Sweeps", "CREW SIZE", None), "'2 people' is not a figure the value reader reads"
    assert kg.parse_value("$34–48") == (34.0, 48.0, "$") and kg.parse_value("52–61%") == (52.0, 61.0, "%")
    assert gf.prose_prices(clause_facts) == PROSE_PRICES

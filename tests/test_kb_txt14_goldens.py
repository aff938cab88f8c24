"""The fourteenth plain-text fixture KB (tests/fixtures/kb_txt14) and its goldens agree, checked from the raw text.

The goldens in tests/fixtures/kb_txt14_datasets were written blind by reading the KB, to run the evals on a KB nobody
tuned the agent or the scorers to. These tests re-read the KB text with a small scanner of kb_txt14's own layout — NOT
the product's fact readers, so a golden cannot agree with the product by sharing its bug. kb_txt14 captions a table in
ALL CAPS, then says what its rows are (``rows: who the business serves`` / ``rows: trades`` / ``rows: channels``) and
names its columns on one line (``columns: cost per booked outing | arrival rate``), a column's platform after "on"
(``cost per thousand impressions on Meta``, ``CPC on Google Ads``); each row is ``label: value | value``, ranges written
``from $9 to $14`` (the golden value drops the "from") and ``none sold`` for no range. A table's rows are businesses only
under ``rows: who the business serves`` (the outings, named by their customers: "people who go river tubing") or
``rows: trades``. The same metric is written out in full in one table and by its short name in another (``cost per
thousand impressions`` / ``CPM``, ``cost per click`` / ``CPC``). Profiles are ``IN ITS OWN NUMBERS: <business>`` over
lines of ``key => value`` pairs apart by `` ; ``, and a few platform prices are in prose, the value before the business
("A booked outing came to $8 apiece when people who go river tubing were reached on TikTok"). What is checked is what
tests/test_kb_txt13_goldens.py checks (shared: tests/kbtext_golden_files.py).
"""
from __future__ import annotations

import functools
import re

from tests import kbtext_golden_files as gf
from tests import kbtext_goldens as kg

DATA, TEXTS = gf.fixture("kb_txt14")

CAPTION = re.compile(r"^[A-Z][A-Z0-9 ,'()&/-]*$")
ROWS_ARE = re.compile(r"^rows: (.+)$")
COLUMNS_ARE = re.compile(r"^columns: (.+)$")
ROW = re.compile(r"^([a-z][a-z -]*?): (.+)$")
BUSINESS_ROWS = ("who the business serves", "trades")
PROFILE = re.compile(r"^IN ITS OWN NUMBERS: ([A-Z][A-Z -]*)$")
PAIR = re.compile(r"^([a-z0-9][a-z0-9 -]*?) => (.+)$")
COLUMN_ON = re.compile(r"^(.+?) on ([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)$")
# one metric, two names: written out in full in one table, by its short name in another
METRIC_CODES = {"COST PER THOUSAND IMPRESSIONS": "CPM", "COST PER CLICK": "CPC"}
UNIT_OF, VERTICAL_LABELS, PLATFORM_WORDS, METRIC_WORDS = gf.fixture_words("kb_txt14")
# "A booked outing came to $8 apiece when people who go river tubing were reached on TikTok"
CLAUSE = re.compile(r"\b[Aa]n? (booked outing|first drop-off) came to (\$\d+(?:\.\d+)?) apiece when"
                    r" ([a-z][a-z -]*?) (?:were reached|advertised) on ([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*)")


def read_column(head: str) -> tuple[str | None, str]:
    """(platform, metric) a column name says: "cost per thousand impressions on Meta" → ("Meta", "CPM");
    "arrival rate" → (None, "ARRIVAL RATE")."""
    m = COLUMN_ON.match(head)
    platform, metric = (PLATFORM_WORDS.get(m.group(2).lower(), m.group(2)), m.group(1)) if m else (None, head)
    return platform, METRIC_CODES.get(metric.upper(), metric.upper())


def read_cell(cell: str) -> str:
    """A cell's value as the goldens write it: "from $9 to $14" → "$9 to $14" (the range the shared reader reads)."""
    return cell.strip().removeprefix("from ")


def _label(kind: str) -> str:
    return kind.strip().title()


@functools.lru_cache(maxsize=None)
def scanned() -> tuple[dict, ...]:
    """Every cell of a table whose ``rows:`` line says its rows are businesses (the row a business, the column a metric
    and maybe a platform), and every ``key => value`` pair under ``IN ITS OWN NUMBERS: <business>``. A table or a
    profile ends at a blank line or a frame."""
    facts, rows_are, header, profile = [], None, None, None
    for source, s in gf.framed_lines(TEXTS):
        if s is None:
            rows_are, header, profile = None, None, None
        elif (p := PROFILE.match(s)):
            profile, rows_are, header = _label(p.group(1)), None, None
        elif CAPTION.match(s):
            rows_are, header, profile = None, None, None
        elif (r := ROWS_ARE.match(s)):
            rows_are = r.group(1)
        elif (c := COLUMNS_ARE.match(s)):
            header = c.group(1).split(" | ")
        elif header and rows_are in BUSINESS_ROWS and (row := ROW.match(s)):
            for head, cell in zip(header, row.group(2).split(" | ")):
                platform, metric = read_column(head)
                facts.append({"label": _label(row.group(1)), "platform": platform, "metric": metric,
                              "market": None, "value": read_cell(cell), "source": source, "line": s})
        elif profile:
            for pair in s.split(" ; "):
                if (k := PAIR.match(pair.strip())):
                    facts.append(gf.profile_fact(profile, s, k.group(1), k.group(2), source, METRIC_CODES))
    return tuple(facts)


list_rows, list_facts = gf.labelled(scanned)


# the prices a sentence states in prose, each about one kind of business on one platform (``CLAUSE``)
clause_facts = gf.prose_facts(TEXTS, gf.clause_reader(CLAUSE, _label, PLATFORM_WORDS, groups=(3, 4, 2, 1)))


KB = gf.Scanned(TEXTS, list_rows, list_facts, clause_facts, VERTICAL_LABELS, METRIC_WORDS, METRIC_CODES)
check_benchmark_row = KB.row_checker(PLATFORM_WORDS, gf.BENCH_TAGS, UNIT_OF)


# the six prices kb_txt14 states only in prose ("A booked outing came to $8 apiece when … were reached on TikTok")
PROSE_PRICES = {("People Who Go River Tubing", "TikTok", "BOOKED OUTING", "$8"),
                ("Snorkelers Who Take A Boat Trip", "Meta", "BOOKED OUTING", "$27"),
                ("Riders Who Book A Trail Ride", "Nextdoor", "BOOKED OUTING", "$15"),
                ("Shoe Repair Shops", "Nextdoor", "FIRST DROP-OFF", "$10"),
                ("Upholstery Shops", "Yelp", "FIRST DROP-OFF", "$44"),
                ("Tailors", "TikTok", "FIRST DROP-OFF", "$13")}


def test_the_scanner_reads_kb_txt14s_shapes():
    """kb_txt14 keeps the conventions, and its scanner reads the shapes the goldens rely on as a planner reads them
    (a checker that read nothing could not pass): ``rows:`` / ``columns:`` lines under an ALL-CAPS caption, ``label:
    value | value`` rows with "from … to …" ranges and "none sold", one metric under two names, ``key => value`` pairs
    apart by semicolons, prose prices with the value first, and tables whose rows are not businesses."""
    assert len(TEXTS) == 7 and not kg.convention_errors(TEXTS)
    assert len(list_facts()) == 57, "the scanner lost rows (or read a row that is no business)"
    assert read_column("cost per thousand impressions on Meta") == ("Meta", "CPM")
    assert read_column("CPM on Nextdoor") == ("Nextdoor", "CPM")
    assert read_column("cost per click on Google Ads") == ("Google Ads", "CPC")
    assert read_column("arrival rate") == (None, "ARRIVAL RATE")
    assert not any(f["label"] in ("Meta", "Test Money", "Cebu City", "Ithaca", "Quarter Page") for f in list_rows())
    assert KB.listed("People Who Go River Tubing", "COST PER BOOKED OUTING", None) == {(None, "$9 to $14")}
    assert KB.listed("Snorkelers Who Take A Boat Trip", "CPM", None) == {("Meta", "$8.80 to $11.90")}, \
        "'none sold' states nothing"
    assert KB.listed("Watch Repair Benches", "CPM", None) == {("Meta", "$8.30 to $11.10")}
    assert KB.listed("Rug Cleaning Services", "CPC", "Google Ads") == {("Google Ads", "$2.60 to $3.90")}
    assert not KB.listed("Tailors", "CPC", None) and not KB.listed("Riders Who Book A Trail Ride", "CPC", None)
    assert KB.listed("Groups Who Book A Zip-Line Tour", "TOUR TICKET PER ADULT", None) == {(None, "$89")}
    assert KB.listed("Shoe Repair Shops", "HEEL REPLACEMENT", None) == {(None, "$28")}  # the second pair of a line
    assert not KB.listed("Rug Cleaning Services", "RUGS WASHED A WEEK", None), "'35' is not a figure the reader reads"
    assert kg.parse_value("$9 to $14") == (9.0, 14.0, "$") and kg.parse_value("78 to 86%") == (78.0, 86.0, "%")
    assert gf.prose_prices(clause_facts) == PROSE_PRICES

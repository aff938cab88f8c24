"""KB layouts from kb_txt13's blind read (session 35), read in general — each checked on KB text written here (a
groomers-and-regions KB in those habits) and once on the fixture KB itself:

* a fixed-width table (a header row, cells two spaces or more apart, a count set flush right under its column) is one
  list per figure column when its first header says the rows are kinds of business ("TYPE OF SHOP"), the column's
  name its caption ("CPC ON BING ADS"); a dash cell states nothing, a "[1]" marker carries the note under the table;
  rows of places ("REGION") make each count column an audience, a modifier column narrowing the first one;
  rows of anything else ("PLACEMENT") are no businesses, and the passage reader reads that table as one list per
  column ("PER 1,000 MATS" over "- Quarter block: $64–88");
* "PROFILE: mobile_groomer" over "  repeat_within_a_year = 64%" lines is that business's profile;
* "For salon groomers, a booked groom bought through Yelp came to about $21" is Yelp's cost per booked groom;
* "groom ticket price" asks the profile's "Average groom ticket" (its words, a price), "repeat rate" its "Repeat
  within a year" (a percentage) — never a figure of another kind.
"""
from __future__ import annotations

from pathlib import Path

from mpa.facts import kb_facts
from mpa.fixed_width import tables
from mpa.layout import readable

ROOT = Path(__file__).resolve().parents[1]

GROOMERS = """GROOMERS - WHAT A GROOM COSTS - VERSION 1.0

WHAT DOES A BOOKED GROOM COST, AND WHAT DOES A CLICK COST?
TYPE OF SHOP        COST PER BOOKED GROOM    CPC ON BING ADS
Mobile groomers     $18–25 [1]               $1.10–1.60
Salon groomers      $12–17                   —

[1] Vans that park in the suburbs
    paid the most.

For salon groomers, a booked groom bought through Yelp came to about $21, the most in the file.

PROFILE: mobile_groomer
  average_groom_ticket   = $85
  repeat_within_a_year   = 64%

HOW MANY ADULTS LIVE IN EACH REGION?
REGION       ADULTS       WITH A DOG    RENTERS
Alsace       1,880,000    410,000       702,000
Brittany       340,000     72,000       118,000

PLACEMENT           PER 1,000 MATS    SMALLEST RUN
Quarter block       $64–88            5,000 mats
Half mat            $120–165          10,000 mats
"""


def _fixture() -> list[tuple[str, str]]:
    return [(p.name, p.read_text()) for p in sorted((ROOT / "tests/fixtures/kb_txt13").glob("*.txt"))]


def test_a_fixed_width_table_is_found_by_its_layout():
    found = tables(GROOMERS)
    assert [[n for _, n in t.header][0] for t in found] == ["TYPE OF SHOP", "REGION", "PLACEMENT"]
    assert found[1].rows[1][2] == ["Brittany", "340,000", "72,000", "118,000"]  # flush right under its column
    piped = "Market   | Google Ads CPC\nBogota   | COP 1,100\nLima     | PEN 2.10\n"
    assert tables(piped) == [] and tables("Meta    40%\nTikTok  20%\n") == []  # no header: no table


def test_the_facts_of_a_fixed_width_table_a_profile_and_a_unit_priced_in_prose():
    got = {(f.vertical, f.metric, f.platform, f.value, f.qualifier[:4]) for f in kb_facts([("g.txt", GROOMERS)])
           if f.kind == "benchmark"}
    assert {("Mobile groomers", "cost per booked groom", None, "$18–25", "[Van"),
            ("Mobile groomers", "CPC", "Bing Ads", "$1.10–1.60", ""),
            ("Salon groomers", "cost per booked groom", "Yelp", "$21", "For "),
            ("Mobile Groomer Profile", "repeat within a year", None, "64%", "")} <= got
    assert not {g for g in got if g[0] == "Salon groomers" and g[1] == "CPC"}  # the dash cell
    assert not {g for g in got if g[0] in ("Quarter block", "Half mat")}  # placements are no businesses
    sized = {(f.geography, f.audience, f.value) for f in kb_facts([("g.txt", GROOMERS)]) if f.kind == "audience"}
    assert {("Alsace", "Adults", "1,880,000"), ("Brittany", "Adults With A Dog", "72,000"),
            ("Brittany", "Renters", "118,000")} <= sized
    assert readable(GROOMERS).count("\n") == GROOMERS.count("\n") and len(readable(GROOMERS)) == len(GROOMERS)


def test_the_fixture_kb_reads_its_tables():
    got = {(f.vertical, f.metric, f.platform, f.value) for f in kb_facts(_fixture()) if f.kind == "benchmark"}
    assert ("Septic pumping services", "CPL", "Google Local Services Ads", "$46–67") in got
    assert ("Karate dojos", "cost per attended trial", "Nextdoor", "$19") in got
    assert not {g for g in got if g[0] == "Window cleaners" and g[1] == "CPL"}


def test_a_profile_figure_asked_by_the_words_it_shares():
    from mpa.ownwords import own_by_words
    mine = [f for f in kb_facts([("g.txt", GROOMERS)]) if f.vertical == "Mobile Groomer Profile"]
    assert own_by_words("groom ticket price", mine) == "average groom ticket"
    assert own_by_words("repeat rate", mine) == "repeat within a year"
    assert own_by_words("repeat price", mine) is None and own_by_words("ticket", mine) is None  # the kind must fit
    gym = [f for f in kb_facts(_fixture()) if f.vertical == "Bouldering Gym Profile"]
    assert own_by_words("membership price", gym) == "monthly membership"
    assert own_by_words("trial to member rate", gym) == "members after a trial"


def test_a_rate_card_table_read_as_lists_by_the_passage_reader():
    from mpa.fixed_width import as_lists
    said = as_lists(GROOMERS)
    assert "PER 1,000 MATS\n- Quarter block: $64–88\n- Half mat: $120–165\n\nSMALLEST RUN\n- Quarter block: 5,000 mats" in said
    assert "Mobile groomers     $18–25 [1]" in said and "Alsace       1,880,000" in said  # the tools' tables stay
    rinks = dict(_fixture())["placemats_pump_toppers_and_rink_boards.txt"]
    assert "PER BOARD, ONE SEASON\n- Community rink: $650–900\n" in as_lists(rinks)

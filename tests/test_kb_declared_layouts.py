"""KB layouts from kb_txt14's blind read (session 36), read in general — each checked on KB text written here (a
couriers-and-dog-walkers KB in those habits) and on the fixture KBs themselves:

* a table declared in words — a caption, a "rows:" line saying what the rows are, a "columns: a | b" line, then rows
  "label: cell | cell" — is one list per column, as a fixed-width table is (:mod:`mpa.fixed_width`): "from $9 to $14"
  is the range "$9 to $14", "none sold" states nothing, the platform after "on" in a column's name is the column's
  platform;
* "IN ITS OWN NUMBERS: X" over "key => value ; key => value" lines is X's profile;
* "ASKED: What is a booked walk?" / "ANSWERED: …" is the glossary line "booked walk: …" (a definition the metric
  readers find); a question asking for advice is left alone;
* records "by the pond ; $11-to-$16 ; 4 weeks" under "record format: bench ; price per week ; …" are a table, and
  the passage reader reads it, and a declared table of channels, as one list per column;
* a place's row of counts ("Ithaca: 12,900 households | 11,600 adults aged 25 to 54") is one audience per cell;
* the prose saying what a row label is ("a row that reads people who walk a dog is the dog walker …") describes
  that business for the matching by meaning.
"""
from __future__ import annotations

from pathlib import Path

from mpa.business import said_to_be
from mpa.facts import kb_facts
from mpa.layout import readable

ROOT = Path(__file__).resolve().parents[1]

WALKERS = """WALKERS AND COURIERS - VERSION 1.0

So a row that reads people who walk a dog is the dog walker who takes the leash; cyclists who carry parcels is the
bike courier. Couriers are the cheapest to reach.

WHAT ONE BOOKED WALK COST IN ADS, 2025
rows: who the business serves
columns: cost per booked walk | CPM on Meta
people who walk a dog: from $7 to $11 | from $5.20 to $7.40
cyclists who carry parcels: from $13 to $19 | none sold

IN ITS OWN NUMBERS: PEOPLE WHO WALK A DOG
walk of an hour with two dogs => $38 ; leash rental => $4
walks booked again within a month => 71% ; walkers on every route => 2 people

ASKED: What is a booked walk?
ANSWERED: One paid walk on a set day, whatever the number of dogs.

ASKED: What is the smallest monthly budget worth running for one shop?
ANSWERED: $300 a week.

RATE CARD - PARK BENCH PLAQUES, PRICE PER WEEK
record format: bench ; price per week ; fewest weeks sold
by the pond ; $11-to-$16 ; 4 weeks
at the gate ; $19-to-$27 ; 8 weeks

WEEKLY MIX
rows: channels
columns: dog walker | bike courier
Meta: 40% | 20%
Google Ads: 60% | 80%

TOWNS BY REGION
Lower Saxony
    Hanover: 545,000 residents | 98,000 aged 18 to 29
    Celle: 69,000 residents | 11,000 aged 18 to 29
"""


def _kb(name: str) -> list[tuple[str, str]]:
    return [(p.name, p.read_text()) for p in sorted((ROOT / "tests/fixtures" / name).glob("*.txt"))]


def test_a_table_declared_in_words_and_a_profile_of_arrows():
    got = {(f.vertical, f.metric, f.platform, f.value) for f in kb_facts([("w.txt", WALKERS)]) if f.kind == "benchmark"}
    assert {("people who walk a dog", "cost per booked walk", None, "$7 to $11"),
            ("people who walk a dog", "CPM", "Meta", "$5.20 to $7.40"),
            ("cyclists who carry parcels", "cost per booked walk", None, "$13 to $19"),
            ("People Who Walk A Dog Profile", "walk of an hour with two dogs", None, "$38"),
            ("People Who Walk A Dog Profile", "walks booked again within a month", None, "71%")} <= got
    assert not {g for g in got if g[0] == "cyclists who carry parcels" and g[1] == "CPM"}  # "none sold"
    assert not {g for g in got if "budget" in (g[1] or "")}  # advice asked is no glossary term
    assert len(readable(WALKERS)) == len(WALKERS) and readable(WALKERS).count("\n") >= WALKERS.count("\n")
    assert "booked walk:" in readable(WALKERS) and "smallest monthly budget" in readable(WALKERS)
    fixture = {(f.vertical, f.metric, f.platform, f.value) for f in kb_facts(_kb("kb_txt14")) if f.kind == "benchmark"}
    assert {("snorkelers who take a boat trip", "cost per booked outing", "Viator", "$14 to $20"),
            ("tailors", "cost per first drop-off", "TikTok", "$13"),
            ("Rug Cleaning Services Profile", "wash of an 8 by 10 wool rug", None, "$240")} <= fixture
    assert not {g for g in fixture if g[0] == "watch repair benches" and g[2] == "Nextdoor"}
    # a profile's own figure named at length, in a KB of other habits (kb_txt12's pottery studio)
    assert ("Pottery Wheel Studio Profile", "sign up again within a year", None, "52%") in {
        (f.vertical, f.metric, f.platform, f.value) for f in kb_facts(_kb("kb_txt12")) if f.kind == "benchmark"}


def test_a_question_and_answer_glossary_of_another_kb_is_left_alone():
    for name, text in _kb("kb_txt8"):  # "Q: What is the smallest monthly budget worth running …?": advice asked
        assert readable(text) == text or "Q: " not in text


def test_a_place_row_of_counts_is_one_audience_a_cell():
    sized = {(f.geography, f.audience, f.value) for f in kb_facts([("w.txt", WALKERS)]) if f.kind == "audience"}
    assert {("Hanover", "residents", "545,000"), ("Hanover", "residents aged 18 to 29", "98,000"),
            ("Celle", "residents aged 18 to 29", "11,000")} <= sized
    fixture = {(f.geography, f.audience, f.value) for f in kb_facts(_kb("kb_txt14")) if f.kind == "audience"}
    assert {("Ithaca", "adults aged 25 to 54", "11,600"), ("Lapu-Lapu", "residents", "497,600")} <= fixture


def test_what_the_prose_says_a_row_label_is():
    flat = [" ".join(WALKERS.split())]
    assert said_to_be("people who walk a dog", flat) == ["dog walker who takes the leash"]
    assert said_to_be("cyclists who carry parcels", flat) == ["bike courier"]
    assert said_to_be("Couriers", flat) == []  # "are the cheapest": a comparison, not what they are


def test_a_metric_the_vertical_lacks_by_name_is_the_one_its_definition_counts(kb_txt14_engine, kb_txt8_engine):
    from mpa.fact_lookups import find_benchmarks
    got = find_benchmarks(kb_txt14_engine, "tailors", "cost per new customer").result
    assert {(r.metric, r.value) for r in got} == {("cost per first drop-off", "$15 to $22"), ("cost per first drop-off", "$13")}
    assert [r.value for r in find_benchmarks(kb_txt14_engine, "tailors", "cost to land a new customer", "TikTok").result] == ["$13"]
    assert find_benchmarks(kb_txt14_engine, "tailors", "cost per click").result == []  # no row: none, not a neighbour's
    # a KB whose definitions count no new customer (kb_txt8: a booked room night) still has none
    assert find_benchmarks(kb_txt8_engine, "Boutique hotels", "cost to land a new guest").result == []


def test_a_share_and_a_unit_asked_in_other_words(kb_txt14_engine, kb_txt8_engine):
    from mpa.fact_lookups import find_benchmarks
    from mpa.labelsibling import sibling
    assert [r.value for r in find_benchmarks(kb_txt14_engine, "tailors", "repeat customer rate").result] == ["52 to 61%"]
    assert [r.metric for r in find_benchmarks(kb_txt14_engine, "upholstery shops", "share that come back").result] == [
        "back within a year"]  # a column no caption reader names: its header's own words
    assert [r.value for r in find_benchmarks(kb_txt14_engine, "shoe repair shops", "cost per message", "Yelp").result] == [
        "$9 to $14"]  # "A lead on Yelp is a message or a call …": the unit as one platform counts it
    assert [r.value for r in find_benchmarks(kb_txt14_engine, "shoe repair shops", "heel job price").result] == ["$28"]
    assert find_benchmarks(kb_txt14_engine, "tailors", "weekend rate").result == []  # no share of theirs says it
    assert find_benchmarks(kb_txt8_engine, "Boutique hotels", "repeat guest rate").result == []
    assert not sibling("furniture reupholstery", "upholstery shops") and sibling("menswear", "Womenswear")


def test_a_key_asked_is_the_metric_its_names_price_and_a_place_said_after_out_of(kb_txt14_engine, kb_txt8_engine):
    from agent.offline.places import geographies
    from mpa.fact_lookups import find_benchmarks
    assert {r.value for r in find_benchmarks(kb_txt14_engine, "shoe repair shops", "CAC").result} == {"$12 to $18", "$10"}
    assert find_benchmarks(kb_txt14_engine, "people who go river tubing", "CAC").result == []  # a booking, no customer
    assert find_benchmarks(kb_txt8_engine, "Boutique hotels", "CAC").result == []
    assert [g for _, g in geographies("We run snorkel trips out of Lapu-Lapu. How many live there?")] == ["Lapu-Lapu"]
    assert [g for _, g in geographies("we paid for it out of Google Ads money in March")] == []


def test_records_and_a_table_of_channels_read_as_lists_by_the_passage_reader():
    from mpa.fixed_width import as_lists
    said = as_lists(WALKERS)
    assert "PRICE PER WEEK\n- by the pond: $11-to-$16\n- at the gate: $19-to-$27\n" in said
    assert "DOG WALKER\n- Meta: 40%\n- Google Ads: 60%\n" in said
    assert "people who walk a dog: from $7 to $11 | from $5.20 to $7.40" in said  # the tools' tables stay
    bulletins = dict(_kb("kb_txt14"))["bulletins_laundromats_carts_and_ferries.txt"]
    assert "PRICE PER SEASON\n- small grocer: $390-to-$560\n" in as_lists(bulletins)
    rinks = dict(_kb("kb_txt13"))["placemats_pump_toppers_and_rink_boards.txt"]  # a fixed-width rate card, as before
    assert "PER BOARD, ONE SEASON\n- Community rink: $650–900\n" in as_lists(rinks)


def test_a_not_covered_list_written_as_sentences():
    from agent.offline.gaps import excluded_items as excluded
    said = dict(_kb("kb_txt14"))["glossary_questions_sources_and_what_is_left_out.txt"]
    line = next(s for s in " ".join(said.split()).split(". ") if "newspapers or billboards" in s)
    assert [x.strip() for x in excluded(line)] == ["radio", "television", "newspapers", "billboards"]
    assert [x.strip() for x in excluded("No figures are kept for app install campaigns")] == ["app install campaigns"]


def test_a_profile_says_what_the_business_is_by_its_counts_never_by_its_prices():
    from mpa.business import _block_of
    shoes = dict(_kb("kb_txt14"))["fix_it_counters_shoes_watches_rugs_and_tailors.txt"]
    assert _block_of(shoes, shoes.index("heel replacement")).split("\n") == ["pairs in the shop at once",
                                                                             "cobblers at the bench"]
    solar = dict(_kb("kb_txt3"))["care_education_and_event_verticals.txt"]  # "Cost Per Qualified Lead: $180-240" …
    assert "Cost Per" not in _block_of(solar, solar.index("SOLAR INSTALLERS - SALES PROFILE") + 40)


def test_an_audience_described_by_ages_alone(kb_txt14_engine, kb_txt8_engine):
    from mpa.audience_described import by_ages
    from mpa.fact_lookups import find_audience
    got = find_audience(kb_txt14_engine, "teens and twenty-somethings", "Iloilo City").result
    assert (got.audience_type, got.size_text) == ("residents aged 15 to 29", "131,000")
    assert by_ages((13, 29), {"residents": "residents AGED 15 TO 29", "residents aged 15 to 29": "residents aged 15 to 29",
                              "adults aged 25 to 54": "adults aged 25 to 54"}) == "residents aged 15 to 29"
    assert by_ages((40, 49), {"adults aged 25 to 54": "adults aged 25 to 54", "adults 35 to 44": "adults 35 to 44"}) is None
    assert find_audience(kb_txt8_engine, "teens and twenty-somethings", None).result is None

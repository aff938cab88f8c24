"""The eighth stranger plain-text KB (tests/fixtures/kb_txt8): what its tool look-ups must answer, and the general
readers each probe failure led to, each also checked on a KB written here in another wording."""
from __future__ import annotations

import pytest

from mpa.facts import kb_facts
from tests.kbtool import tool_lines


def _facts(doc: str, kind: str = "benchmark", name: str = "a.txt"):
    return [f for f in kb_facts([(name, doc)]) if f.kind == kind]


_RULE = "-" * 40


@pytest.mark.parametrize("inp, want", [
    # a framed Title Case section heading and a "BY … SITE" list: the rows are platforms of the section's vertical
    ({"vertical": "boutique hotel", "metric": "cost per booked room night", "platform": "Kayak"}, "$15 to $19"),
    ({"vertical": "heat pump installer", "metric": "cost per home assessment", "platform": "Angi"}, "$215 to $270"),
    # prose: the price of businesses that "ran ads on" / "advertised on" a name the vocabulary does not know
    ({"vertical": "Heat Pump Installers", "metric": "cost per booked home assessment", "platform": "Nextdoor"}, "$205"),
    ({"vertical": "beach resort", "metric": "cost per booked room night", "platform": "Expedia TravelAds"}, "$36"),
    # a figure noun with what it is per or of; a metric by its initials; a glossary's "CPRN is the …"
    ({"vertical": "vacation rental", "metric": "cleaning fee"}, "$95-140"),
    ({"vertical": "Independent E-Bike Shops", "metric": "gross margin on bikes"}, "28-34%"),
    ({"vertical": "Vacation Rentals", "metric": "ADR"}, "$265"),
    ({"vertical": "Vacation Rentals", "metric": "CPRN"}, "$22 to $29"),
    # a market's row of a bare pipe grid, in the currency stated once above it; a platform named as the business
    ({"vertical": "Graubünden", "metric": "cost per booked room night"}, "CHF 55-72"),
    ({"vertical": "Thumbtack", "metric": "cost per booked home assessment", "platform": "Thumbtack"}, "$165 to $210"),
])
def test_kb_txt8_benchmarks(kb_txt8_engine, inp, want):
    assert want in tool_lines(kb_txt8_engine, **inp)


@pytest.mark.parametrize("audience, place, want", [
    ("households", "Zürich", "720k"),            # "SWISS PRIVATE HOUSEHOLDS BY CANTON": the households
    ("households", "Graubünden", "92,000"),       # prose, an aside between commas
    ("households", "Valais", "160,000"),          # prose, the verb left out
    ("population", "Bogotá", "7.9M"),             # "is home to about 7.9M people": the population
    ("residents", "Quindío", "560,000"),          # the last of a list of places in prose
    ("adults who took a leisure flight in the past year", "Bolívar", "250,000"),  # "Cartagena's department, Bolívar,"
    ("homeowners who heat with oil or gas", "Ticino", "38,000"),  # "… about 38,000 of them" under the block
])
def test_kb_txt8_audiences(kb_txt8_engine, audience, place, want):
    assert want in tool_lines(kb_txt8_engine, "get_audience_sizing", audience_type=audience, geography=place)


def test_layout_habits_in_another_wording():
    """The same readers on a KB written here: a framed heading in Title Case names the section's vertical for a "BY
    REVIEW SITE" list; prose prices a platform bought on ("listed on Zillow Premier"); "Setup Fee Per Client" is a
    profile's metric; a headerless pipe grid of states prices each state in the currency said above it ("(AUD)")."""
    doc = (f"{_RULE}\nSection 1 - Review Sites For Dental Labs\n{_RULE}\nMETA_VERTICALS: DENTAL_LABS\n\n"
           "COST PER BOOKED CALL - 2025\nBY REVIEW SITE - HIGHEST TO LOWEST\n- Yelp: $40 to $52\n- Birdeye: $31\n\n"
           "COST PER BOOKED CALL - 2025\nBY LAB TYPE\n- Dental Labs: $44\n\n"
           "Dental labs that listed on Zillow Premier paid about $29 per booked call.\n\n"
           "DENTAL LABS - LAB PROFILE\nSetup Fee Per Client: $300-450\n\n"
           "All prices below are in Australian dollars (AUD), as billed.\n\n"
           "State    | Google Ads CPC | Meta CPM\nVictoria | 2.10–2.60      | 11.00–13.50\n"
           "Tasmania | 1.40–1.80      | 8.00–9.50\n")
    got = {(f.vertical, f.platform, f.geography, f.metric, f.value) for f in _facts(doc)}
    assert ("Dental Labs", "Yelp", None, "cost per booked call", "$40 to $52") in got
    assert ("Dental Labs", "Zillow Premier", None, "cost per booked call", "$29") in got
    assert ("Dental Labs", None, None, "setup fee per client", "$300-450") in got
    assert (None, "Google Ads", "Tasmania", "CPC", "AUD 1.40-1.80") in got
    assert (None, "Meta", "Victoria", "CPM", "AUD 11.00-13.50") in got


def test_prose_counts_place_by_place_in_another_wording():
    """Counts listed place by place: asides between commas, verbs left out, the audience carried from the clause
    before, "residents" as the population; a block's words in prose take the block's name; a count of clicks in
    such a sentence is no audience; "of them" under a block counts the block's audience."""
    doc = ("NORDIC HOUSEHOLDS BY REGION - 2025\n- Uusimaa households 830k: estimate\n\n"
           "Lapland, the northernmost region, holds about 90,000 households, and Kainuu about 33,000 households.\n\n"
           "Oslo is home to about 710,000 residents and Bergen, on the west coast, to about 290,000; Tromsø 78,000.\n\n"
           "Turku, a port city, counts 40,000 clicks a month.\n\n"
           "SAUNA OWNERS\nDefinition: households with a private sauna.\nUusimaa: 400k households (48% of households)\n\n"
           "The smaller regions were not surveyed; by the same survey Kainuu has about 21,000 of them.\n")
    got = {(f.geography, f.value, f.audience) for f in _facts(doc, "audience")}
    assert ("Lapland", "90,000", "Nordic Households By Region - 2025") in got
    assert ("Kainuu", "33,000", "Nordic Households By Region - 2025") in got
    assert {("Oslo", "710,000", "population"), ("Bergen", "290,000", "population"), ("Tromsø", "78,000", "population")} <= got
    assert ("Kainuu", "21,000", "Sauna Owners") in got
    assert not any(g == "Turku" for g, _, _ in got)


def test_initials_and_glossary_aliases_in_another_wording():
    """"AOV" is the one own metric "average order value"; "LTR" fits two and names neither; "CPBC is the cost per
    booked call." keeps the rows' full name and adds the short one."""
    from mpa.ownmetric import own_metric_named
    doc = ("DENTAL LABS - LAB PROFILE\nAverage Order Value: $180\nLab Turnaround Rate: 40%\nLate Transfer Rate: 10%\n\n"
           "COST PER BOOKED CALL - 2025\nBY VERTICAL\n- Dental Labs: $44\n\nCPBC is the cost per booked call.\n")
    bench = _facts(doc)
    assert own_metric_named("AOV", bench) == "average order value"
    assert own_metric_named("LTR", bench) is None
    assert own_metric_named("CPBC", bench) == "cost per booked call"
    assert own_metric_named("rate", bench) is None


def test_caption_unit_and_between_in_another_wording(kb_txt8_engine):
    """A unit stated once in the caption ("…, US DOLLARS", "… IN PERCENT", "…, SWISS FRANCS") is each bare row's,
    shown in the caption's words (no sign the KB did not print); prose "between $35 and $48 per lead" is one range."""
    assert "64–82 (us dollars)" in tool_lines(kb_txt8_engine, vertical="cargo e-bikes", metric="cost per booked test ride")
    doc = ("COST PER LEAD, US DOLLARS - 2025\nBY VERTICAL\n- Plumbers: 40–60\n- Roofers: 90\n\n"
           "CLOSE RATE IN PERCENT - 2025\nBY VERTICAL\n- Plumbers: 20–25\n\n"
           "CPM, SWISS FRANCS - 2025\nBY VERTICAL\n- Plumbers: 14.50–17.00\n\n"
           "Plumbers that ran ads on Nextdoor paid between $35 and $48 per lead.\n")
    got = {(f.vertical, f.metric, f.platform, f.value, f.unit) for f in _facts(doc)}
    assert {("Plumbers", "CPL", None, "40–60 (us dollars)", "$"), ("Roofers", "CPL", None, "90 (us dollars)", "$"),
            ("Plumbers", "close rate", None, "20–25 (percent)", "%"), ("Plumbers", "CPM", None, "14.50–17.00 (swiss francs)", "CHF"),
            ("Plumbers", "CPL", "Nextdoor", "$35 to $48", "$")} <= got


def test_bought_on_names_a_platform_not_a_day_or_a_place():
    """"advertised on Expedia TravelAds" names the platform; "sold out on Black Friday", "on Mondays", "on Texas
    Radio" say when or where."""
    from mpa.clauses import platform_said
    assert platform_said("Resorts that advertised on Expedia TravelAds paid about $36 per night") == "Expedia TravelAds"
    for t in ("Shops that sold out on Black Friday paid $4 per click", "Stores that ran promotions on Mondays paid $2",
              "Dealers that ran ads on Texas Radio paid $30 per lead"):
        assert platform_said(t) is None

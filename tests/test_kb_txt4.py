"""The fourth stranger plain-text KB (tests/fixtures/kb_txt4): what its tool look-ups must answer, and the
general readers each probe failure led to, each also checked on a KB written here in another wording."""
from __future__ import annotations

import pytest

from mpa.facts import kb_facts
from mpa.lookups import tables
from mpa.steps import kb_step_names, step_word
from mpa.tools import ToolExecutor
from tests.kbtool import tool_lines
from tests.kbtext_goldens import framed


# ---------------------------------------------------------------- a workflow of numbered gates is the KB's steps
def test_kb_txt4_gates_are_its_steps(kb_txt4_engine):
    """"GATE 4 - AUDIENCE AND OFFER": the step tool serves the KB's eight gates by their own names (it served
    MPA-10's ten, and step 4 was "Geography & markets"), and says the KB calls them gates."""
    assert "Step 4 (Audience and offer)" in tool_lines(kb_txt4_engine, "get_step_guidance", step=4)
    assert "Error" in tool_lines(kb_txt4_engine, "get_step_guidance", step=9)
    d = next(t for t in ToolExecutor(kb_txt4_engine).definitions() if t["name"] == "get_step_guidance")
    assert "8-step" in d["description"] and "calls the steps gates" in d["description"]


def test_milestones_in_another_layout_are_steps():
    """The same rule in Markdown, with milestones; a document's SECTIONs are never its steps."""
    doc = ("# Rollout\n\n## Milestone 1: Brief signed\nx\n\n## Milestone 2: Media booked\ny\n\n"
           "## Milestone 3: Live\nz\n")
    assert kb_step_names([("rollout.md", doc)]) == {1: "Brief signed", 2: "Media booked", 3: "Live"}
    assert step_word([("rollout.md", doc)]) == "milestone"
    sections = "SECTION 1 - A\nx\nSECTION 2 - B\ny\nSECTION 3 - C\nz\n"
    assert kb_step_names([("s.txt", sections)]) == {} and step_word([("s.txt", sections)]) is None


# ---------------------------------------------------------------- rows "BY LEAD SOURCE" / "BY TRAFFIC SOURCE" are platforms
@pytest.mark.parametrize("inp, figure", [
    ({"metric": "add-to-cart rate", "platform": "Pinterest"}, "6.1-7.0%"),                     # BY TRAFFIC SOURCE
    ({"metric": "add-to-cart rate", "platform": "Snapchat"}, "3.4%"),
    ({"vertical": "cybersecurity", "metric": "cost per demo", "platform": "Reddit Ads"}, "$960-1,110"),  # BY LEAD SOURCE
    ({"vertical": "cybersecurity", "metric": "cost per demo", "platform": "Capterra"}, "$410-470"),
])
def test_kb_txt4_source_rows_are_platforms(kb_txt4_engine, inp, figure):
    """A list by traffic or lead source names where people came from: each row is its platform's figure (the rows
    were a qualifier, and the Pinterest figure was filed under a vertical named after the section, "On-Site
    Funnel"); a "FY2025" caption is dated, so "SECURITY VENDOR" is not part of the metric's name; a section
    that declares one vertical ("META_VERTICALS: CYBERSECURITY") is what its platform rows are about."""
    got = tool_lines(kb_txt4_engine, **inp)
    assert figure in got and "On-Site Funnel" not in got


def test_lead_source_rows_other_kb(kb_txt3_engine):
    """kb_txt3's "BY LEAD SOURCE" rows: a row opening with a platform's name is that platform's
    ("LinkedIn Lead Gen Forms" → LinkedIn), and a sentence "on Quora question ads" keeps its section's Quora."""
    got = tool_lines(kb_txt3_engine, metric="marketing-qualified to sales-qualified rate", platform="LinkedIn")
    assert "12-16%" in got and "22-27%" not in got
    facts = [f for f in kb_facts(list(tables(kb_txt3_engine).texts.items())) if f.value == "$1.15"]
    assert facts and all(f.platform == "Quora" for f in facts)


# ---------------------------------------------------------------- a KB's own acronym, asked by it or by its name
@pytest.mark.parametrize("inp, figure", [
    ({"vertical": "meal kits", "metric": "MER"}, "3.1-3.6x"),        # caption "MARKETING EFFICIENCY RATIO", glossary "MER - …"
    ({"vertical": "craft breweries", "metric": "marketing efficiency ratio"}, "6.5-8.0x"),
    ({"metric": "VTR", "platform": "TikTok"}, "12%"),                  # "View-through rate (VTR) - …"
    ({"metric": "view-through rate", "platform": "Snapchat"}, "28-34%"),
    ({"metric": "cost per point", "platform": "local radio"}, "$1.4k-2.2k"),  # "Cost per point (CPP) is …"
])
def test_kb_txt4_own_acronyms(kb_txt4_engine, inp, figure):
    """A caption naming a "<words> ratio" is that metric (it was "RATIO" on a platform "Marketing Efficiency"); a
    glossary line "MER - Marketing efficiency ratio." or "View-through rate (VTR)" keys the metric by its acronym, and
    the name it spells out still answers (the key was "CPP" and "cost per point" found nothing); "LOCAL RADIO" is the
    medium, not a seller "Local" selling radio."""
    got = tool_lines(kb_txt4_engine, **inp)
    assert figure in got and "RATIO" not in got and "Local CPP" not in got


SPELLED = f"""REFERRAL PROGRAM COSTS - VERSION 1
{framed("SECTION 1 - TERMS")}
RVR - Referral velocity ratio.

{framed("SECTION 2 - FIGURES")}
REFERRAL VELOCITY RATIO BENCHMARKS - 2024
BY VERTICAL - HIGHEST TO LOWEST
- Boat Dealers: 1.8-2.2x (highest)
- Kayak Rentals: 1.1x (lowest)

Invite acceptance rate (IAR) ran at 31% for boat dealers.
"""


def test_own_acronym_other_wording():
    """The same rules in another KB: the glossary's acronym keys the caption's ratio, and the name spelled out is
    kept beside it."""
    got = {f.vertical: f for f in kb_facts([("r.txt", SPELLED)]) if f.kind == "benchmark" and f.unit == "x"}
    assert got["Boat Dealers"].metric == "RVR" and got["Boat Dealers"].metric_name == "referral velocity ratio"
    assert got["Kayak Rentals"].platform is None


# ---------------------------------------------------------------- a caption's market: "GOOGLE ADS CPC IN GERMANY"
def test_kb_txt4_market_in_caption(kb_txt4_engine):
    """Two lists price one business in two markets: both figures are kept, each said with its market (the second
    was dropped as a duplicate of the first, and neither said where it was from)."""
    got = tool_lines(kb_txt4_engine, vertical="language schools", metric="CPC")
    assert "Google Ads 2025, Australia: A$2.30-2.70" in got and "Google Ads 2025, Germany: €1.35-1.60" in got
    got = tool_lines(kb_txt4_engine, vertical="hearing aid clinics", metric="CPC")
    assert "Google Ads 2025: $4.90-5.60" in got and "Germany: €3.90-4.60" in got


MARKETS = f"""HOTEL COSTS - VERSION 1
{framed("SECTION 1 - META")}
META CPM BENCHMARKS IN CANADA - 2024
BY VERTICAL - HIGHEST TO LOWEST
- Boutique Hotels: C$9.10-10.40 (highest)
- Campgrounds: C$5.20 (lowest)

META CPM BENCHMARKS - 2024
BY VERTICAL - HIGHEST TO LOWEST
- Boutique Hotels: $8.00-9.00
- Campgrounds: $4.50

SEARCH COSTS IN PEAK SEASON - 2024
BY VERTICAL - HIGHEST TO LOWEST
- Campgrounds: $1.10 (a season, not a market)
"""


def test_market_in_caption_other_wording():
    """The market after "IN" at a caption's end is noted on each row; the unmarked list is the default market's,
    and a caption's "IN <season>" names no market."""
    got = [(f.vertical, f.value, f.qualifier) for f in kb_facts([("h.txt", MARKETS)]) if f.kind == "benchmark"]
    assert ("Boutique Hotels", "C$9.10-10.40", "market: Canada; highest") in got
    assert ("Boutique Hotels", "$8.00-9.00", "") in got
    assert not any(q.startswith("market:") for v, val, q in got if val == "$1.10")


def test_kb_txt4_metric_note_spells_acronyms(kb_txt4_engine):
    """get_benchmark's metric description gives an acronym key with the name its glossary spells out, so a user's
    "view-through rate" or "MER" is read as the KB's metric (the description said a bare "VTR")."""
    d = next(t for t in ToolExecutor(kb_txt4_engine).definitions() if t["name"] == "get_benchmark")
    desc = d["input_schema"]["properties"]["metric"]["description"]
    assert "VTR (view-through rate)" in desc and "MER (marketing efficiency ratio)" in desc and "RATIO" not in desc


# ---------------------------------------------------------------- a vertical's own name before a kept row's words
def test_kb_txt4_vertical_said_word_for_word(kb_txt4_engine):
    """"managed detection and response" is the KB's vertical of that name (its profile), not the "BY PRODUCT
    SEGMENT" rows that share a stem with it ("Identity and Access Management", "… Posture Management")."""
    got = tool_lines(kb_txt4_engine, vertical="managed detection and response", metric="cost per demo")
    assert "$1,150-1,420" in got and "$720-860" not in got


SEGMENTS = f"""PRINTING VENDORS - VERSION 1
{framed("SECTION 1 - DEMOS")}
COST PER DEMO BENCHMARKS - 2024
BY PRODUCT LINE - HIGHEST TO LOWEST
- Print Fleet Management Software: $510 (highest)
- Managed Print Services: $300 (lowest)

MANAGED PRINT SERVICES - ENTERPRISE PROFILE
Win Rate: 21%
"""


def test_vertical_said_word_for_word_other_kb(tmp_path):
    from mpa.engine import build_engine

    (tmp_path / "print.txt").write_text(SEGMENTS)
    got = tool_lines(build_engine(tmp_path), vertical="managed print services", metric="cost per demo")
    assert "$300" in got and "$510" not in got


# ---------------------------------------------------------------- "households" in a Land: the base count, not a segment
@pytest.mark.parametrize("land, size", [("Bavaria", "6.6M"), ("North Rhine-Westphalia", "8.9M")])
def test_kb_txt4_households_in_a_land(kb_txt4_engine, land, size):
    """"German Households By Land - 2025 Estimates" adds only a country's adjective and a kind of place ("Land") to
    "households": it answers, where the tool asked which of it and a segment ("… Learning A Second Language") was meant."""
    assert f"Estimated size: {size} households" in tool_lines(kb_txt4_engine, "get_audience_sizing",
                                                          audience_type="households", geography=land)


def test_country_adjective_and_territory_are_place_words():
    from mpa.audience_several import bare

    labels = ["Canadian Households By Territory - 2024 Estimates", "Canadian Households With A Dog", "Gamers"]
    assert bare("households", labels) == ["Canadian Households By Territory - 2024 Estimates"]
    assert bare("households", ["Households Learning A Second Language"]) == []


# ---------------------------------------------------------------- a metric whose name says its platform
def test_kb_txt4_metric_named_with_its_platform(kb_txt4_engine):
    """"DIRECT MAIL RESPONSE RATE BENCHMARKS" is read as the metric "direct mail response rate" with no platform;
    asked as the response rate on direct mail, those are its figures (the tool said direct mail had none)."""
    got = tool_lines(kb_txt4_engine, metric="response rate", platform="direct mail")
    assert "7.2-8.4%" in got and "direct mail direct mail" not in got


def test_metric_named_with_its_platform_other_kb(kb_txt3_engine):
    """kb_txt3's "EMAIL OPEN RATE" caption, asked as the open rate on email."""
    got = tool_lines(kb_txt3_engine, metric="open rate", platform="email")
    assert "not in the knowledge base" not in got and "%" in got


# ---------------------------------------------------------------- a row's note says what its metric counts
def test_kb_txt4_unit_said_in_a_rows_note(kb_txt4_engine):
    """"$24 (lowest; first lesson bookings)": a driving school's "cost per booked lesson" is that row's cost per
    booked appointment (the look-up said there was no such benchmark)."""
    got = tool_lines(kb_txt4_engine, vertical="driving schools", metric="cost per booked lesson")
    assert "$24" in got and "not in the knowledge base" not in got


NOTED = f"""LESSON COSTS - VERSION 1
{framed("SECTION 1 - BOOKINGS")}
COST PER BOOKING BENCHMARKS - 2024
BY VERTICAL - HIGHEST TO LOWEST
- Ski Schools: $31-36 (private lesson reservations)
- Surf Camps: $22 (lowest)
"""


def test_unit_said_in_a_rows_note_other_kb(tmp_path):
    from mpa.engine import build_engine

    (tmp_path / "lessons.txt").write_text(NOTED)
    engine = build_engine(tmp_path)
    assert "$31-36" in tool_lines(engine, vertical="ski schools", metric="cost per lesson reservation")
    assert "not in the knowledge base" in tool_lines(engine, vertical="surf camps", metric="cost per lesson reservation")


# ---------------------------------------------------------------- a business priced in the sentence after it is named
@pytest.mark.parametrize("platform, figure", [("Meta", "$7.40-9.20"), ("Apple Search Ads", "$5.60-6.80")])
def test_kb_txt4_prices_in_the_sentence_after_the_business(kb_txt4_engine, platform, figure):
    """"Language learning apps sell …. Their cost per trial on Meta ran at $7.40-9.20 … and on Apple Search Ads at
    $5.60-6.80, with … near 11%": each platform's price is the app's cost per trial (both were lost), and "Apple
    Search Ads" is its own platform, not the vocabulary's search ads."""
    got = tool_lines(kb_txt4_engine, vertical="language learning apps", metric="cost per trial", platform=platform)
    assert figure in got and "11%" not in got


PROSE = f"""BOAT COSTS - VERSION 1
{framed("SECTION 1 - DEALERS")}
COST PER SEA TRIAL BENCHMARKS - 2024
BY VERTICAL - HIGHEST TO LOWEST
- Marinas: $80

Boat dealers sell mostly at spring shows. Its cost per sea trial on Meta came in at about $140 and on
Nextdoor Ads at $95-110, with a show-up rate near 60%. Their clicks are cheap.
"""


def test_prices_in_the_sentence_after_the_business_other_wording():
    from mpa.facts import kb_facts

    doc = PROSE.replace("- Marinas: $80", "- Marinas: $80\n- Boat Dealers: $120 (spring)")
    got = {(f.platform, f.value) for f in kb_facts([("b.txt", doc)]) if f.vertical == "Boat Dealers" and f.form == "sentence"}
    assert got == {("Meta", "$140"), ("Nextdoor Ads", "$95-110")}


# ---------------------------------------------------------------- a profile's figure named by its last noun
def test_kb_txt4_profile_churn(kb_txt4_engine):
    """"Monthly Membership Churn: 6-9%" in the car wash profile is a figure of its own (it was dropped: the label is
    no metric, no "cost per", no rate), and "churn" asks it when one metric of the KB ends so."""
    assert "6-9%" in tool_lines(kb_txt4_engine, vertical="car washes", metric="churn")
    assert "not in the knowledge base" in tool_lines(kb_txt4_engine, vertical="meal kits", metric="churn")


CLUBS = f"""CLIMBING GYM COSTS - VERSION 1
{framed("SECTION 1 - PROFILES")}
CLIMBING GYMS - MEMBERSHIP PROFILE
Cost Per Day Pass Sale: $14-19
Twelve-Month Member Retention: 58-64%
Typical Decision Window: 2-6 weeks
"""


def test_profile_figure_named_by_its_noun_other_wording():
    from mpa.facts import kb_facts

    got = {f.metric: f.value for f in kb_facts([("c.txt", CLUBS)]) if f.vertical == "Climbing Gyms"}
    assert got.get("twelve-month member retention") == "58-64%"
    # a span of time is a figure too since kb_txt5 (its payback list in months; tests/test_kb_txt5.py), named by its
    # whole label and in its own unit — no longer left out
    assert got.get("typical decision window") == "2-6 weeks"

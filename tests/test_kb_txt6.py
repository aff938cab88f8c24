"""The sixth stranger plain-text KB (tests/fixtures/kb_txt6): what its tool look-ups must answer, and the
general readers each probe failure led to, each also checked on another KB or a KB written here in another wording."""
from __future__ import annotations

import weakref

from mpa.facts import kb_facts
from tests.kbtool import tool_lines


# ---------------------------------------------------------------- any kind of network or channel names platforms
def test_kb_txt6_networks_and_channels_are_platforms(kb_txt6_engine):
    """"BY RETAIL NETWORK" over "- Target Roundel: 4.9x", "BY AD NETWORK" over "- Unity Ads: $2.10-2.60", "BY
    PROMOTION CHANNEL" over "- LinkedIn Event Ads: $78-92": the rows were read as businesses, so a platform asked
    by name "names no platform or channel it states figures for"."""
    assert "4.9x" in tool_lines(kb_txt6_engine, metric="ROAS", platform="Target Roundel")
    assert "2.10-2.60" in tool_lines(kb_txt6_engine, metric="cost per install", platform="Unity Ads")
    assert "78-92" in tool_lines(kb_txt6_engine, metric="cost per registrant", platform="LinkedIn Event Ads")


def test_kinds_of_networks_in_another_kb():
    """The same reader on captions written here: a "BY AFFILIATE NETWORK" list's rows are platforms, a "BY NETWORK
    SIZE" list's are not (its last word is no platform word)."""
    doc = ("AFFILIATE CPA - 2025\nBY AFFILIATE NETWORK - HIGHEST TO LOWEST\n- Rakuten Advertising: $14-18\n"
           "- Awin: $11\n\nCPM - 2025\nBY NETWORK SIZE\n- Large Networks: $9-12\n")
    got = {(f.label, f.platform) for f in kb_facts([("affiliates.txt", doc)]) if f.kind == "benchmark"}
    assert ("Rakuten Advertising", "Rakuten Advertising") in got and ("Awin", "Awin") in got
    assert ("Large Networks", None) in got


# ---------------------------------------------------------------- a profile line labelled by an acronym is a figure
def test_kb_txt6_acronym_profile_line_is_a_figure(kb_txt6_engine):
    """"AUDACY - STREAMING AUDIO PROFILE" / "CPM: $13-16": an ALL-CAPS line was a caption, so the profile's CPM was
    lost and its next lines were read as a CPM list ("Minimum Campaign Spend" a business at $7,500 CPM)."""
    got = tool_lines(kb_txt6_engine, metric="CPM", vertical="Audacy")
    assert "13-16" in got and "7,500" not in got
    assert "34-41" in tool_lines(kb_txt6_engine, metric="CPM", vertical="airport terminals")


def test_acronym_profile_lines_in_another_layout():
    """The same lines written here: "CPL: C$45-60" and "ROAS: 3.1x" in a profile are its figures; a caption with a
    colon and no figure ("STEP 2: BUDGET") is still a heading."""
    from mpa.fact_text import is_heading
    assert not is_heading("CPL: C$45-60") and not is_heading("ROAS: 3.1x") and not is_heading("CPM: SEK 95-120")
    assert is_heading("STEP 2: BUDGET") and is_heading("GOOGLE ADS CPC BENCHMARKS - 2025")
    doc = "ROOFERS - LEAD PROFILE\nCPL: $45-60\nClose Rate: 18%\n"
    got = {(f.vertical, f.metric, f.value) for f in kb_facts([("roofers.txt", doc)]) if f.kind == "benchmark"}
    assert ("Roofers", "CPL", "$45-60") in got


# ---------------------------------------------------------------- a span of seconds, minutes or hours is a figure
def test_kb_txt6_dwell_time_in_seconds_and_minutes(kb_txt6_engine):
    """"AVERAGE DWELL TIME - 2025" / "- Office Elevators: 40-55 seconds": only days to years were spans of time, so
    the list was not read."""
    assert "40-55 seconds" in tool_lines(kb_txt6_engine, metric="dwell time", vertical="office elevators")


def test_spans_of_seconds_to_hours_in_another_layout():
    """The same reader on a profile written here: "Average Session: 2-3 hours", "Hold Time: 45 seconds"."""
    doc = "CALL CENTERS - PHONE PROFILE\nAverage Session: 2-3 hours\nHold Time: 45 seconds\n"
    got = {(f.metric, f.value, f.unit) for f in kb_facts([("calls.txt", doc)]) if f.kind == "benchmark"}
    assert ("average session", "2-3 hours", "hours") in got and ("hold time", "45 seconds", "seconds") in got


# ---------------------------------------------------------------- a caption's own quantity with an age, or "per … per …"
def test_kb_txt6_caption_quantities(kb_txt6_engine):
    """"DAY-7 RETENTION - 2025" and "DAY-30 RETENTION - 2025" over "BY APP CATEGORY", "LOCAL MEDIA BUDGET PER
    LOCATION PER MONTH - 2025" over "BY FRANCHISE CATEGORY": a caption naming its quantity in words with a digit,
    or in more than five words, was no metric, so the lists were lost (and "Dating Apps", named only there, was no
    business). Each age is its own figure."""
    assert "9-11%" in tool_lines(kb_txt6_engine, metric="day-30 retention", vertical="dating apps")
    assert "19-23%" in tool_lines(kb_txt6_engine, metric="day-7 retention", vertical="meditation apps")
    got = tool_lines(kb_txt6_engine, metric="local media budget per location per month", vertical="home services franchises")
    assert "3,400-4,200" in got


def test_caption_quantities_in_another_layout():
    """The same reader on captions written here; a long caption with no "per" is still no quantity."""
    doc = ("WEEK-4 CHURN - 2025\nBY PLAN\n- Starter Plans: 12-15%\n\n"
           "AVERAGE SPEND PER STORE PER WEEK - 2025\nBY REGION TYPE\n- Rural Stores: $410-480\n\n"
           "THE VERY LONG LIST OF OUR FAVOURITE THINGS - 2025\nBY THING\n- Sunsets: $5\n")
    got = {(f.metric, f.value) for f in kb_facts([("q.txt", doc)]) if f.kind == "benchmark"}
    assert ("week-4 churn", "12-15%") in got and ("average spend per store per week", "$410-480") in got
    assert not any(v == "$5" for _, v in got)


# ---------------------------------------------------------------- a price written with its ISO currency code is money
def test_kb_txt6_iso_code_prices_are_read(kb_txt6_engine):
    """"GOOGLE ADS CPC IN SWITZERLAND - 2025" / "- Private Banking: CHF 6.80-8.40" and "DOOH CPM IN SWEDEN" in SEK:
    a currency written by its code was no figure (the lists were lost), and neither country was a market."""
    got = tool_lines(kb_txt6_engine, metric="CPC", vertical="private banking", platform="Google Ads")
    assert "Switzerland: CHF 6.80-8.40" in got or "CHF 6.80-8.40" in got and "Switzerland" in got
    assert "SEK 95-120" in tool_lines(kb_txt6_engine, metric="CPM", vertical="Stockholm metro screens")


def test_iso_code_prices_in_another_layout():
    """The same reader on lists written here (NOK, DKK); a code-like word that is no currency ("CPM 12") is not."""
    doc = ("META CPM IN NORWAY - 2025\nBY BUSINESS TYPE\n- Ferry Operators: NOK 64-80\n\n"
           "GOOGLE ADS CPC IN DENMARK - 2025\nBY BUSINESS TYPE\n- Bike Shops: DKK 4.10\n- Other: CPM 12\n")
    got = {(f.label, f.value, f.unit, f.qualifier.split(";")[0]) for f in kb_facts([("n.txt", doc)]) if f.kind == "benchmark"}
    assert ("Ferry Operators", "NOK 64-80", "NOK", "market: Norway") in got
    assert ("Bike Shops", "DKK 4.10", "DKK", "market: Denmark") in got
    assert not any(label == "Other" for label, *_ in got)


# ---------------------------------------------------------------- a part of the world says where, not who
def test_kb_txt6_households_by_nordic_country(kb_txt6_engine):
    """"NORDIC HOUSEHOLDS BY COUNTRY - 2025" / "- Sweden households 4.8M": asked for households in Sweden, the tool
    asked which of it and "Households Streaming Podcasts Weekly" was meant — "Nordic" was read as saying who."""
    assert "4.8M" in tool_lines(kb_txt6_engine, "get_audience_sizing", audience_type="households", geography="Sweden")


def test_parts_of_the_world_other_labels():
    """The same rule on labels written here: "Baltic Households By Country" and "European Adults - 2025" are the bare
    counts; "Households With A Pet" says who."""
    from mpa.audience_several import bare
    labels = ["Baltic Households By Country - 2025", "Households With A Pet", "European Adults - 2025"]
    assert bare("households", labels) == ["Baltic Households By Country - 2025"]
    assert bare("adults", labels) == ["European Adults - 2025"]


# ---------------------------------------------------------------- a row kept by its own dimension is named whole
def test_kb_txt6_one_shared_word_names_no_row(kb_txt6_engine, monkeypatch):
    """"sports betting apps" was answered with the podcast row "Sports Talk" ($17.50 CPM) by their one shared first
    word; the KB lists sports betting as not covered. A row sharing one word is now left to meaning (here a stand-in
    that finds them far apart: the suite runs without the encoder); "true crime podcasts" names its row by words."""
    monkeypatch.setattr("mpa.labelmeaning.by_meaning", lambda phrase, labels: [(0.3, "Sports Talk")])
    monkeypatch.setattr("mpa.lookupmemo._KEPT", weakref.WeakKeyDictionary())  # no look-up kept from before the stand-in
    assert "17.50" not in tool_lines(kb_txt6_engine, metric="CPM", vertical="sports betting apps")
    assert "24-28" in tool_lines(kb_txt6_engine, metric="CPM", vertical="true crime podcasts")


def test_one_shared_word_by_meaning_other_kb(kb_txt3_engine, monkeypatch):
    """kb_txt3's "BY CAUSE" row "Animal Welfare" asked as "animal shelter charity": one shared word, and meaning agrees
    (a stand-in ranking it first at 0.7), so the row answers — words alone would have lost it."""
    monkeypatch.setattr("mpa.labelmeaning.by_meaning", lambda phrase, labels: [(0.7, "Animal Welfare")])
    monkeypatch.setattr("mpa.lookupmemo._KEPT", weakref.WeakKeyDictionary())  # no look-up kept from before the stand-in
    assert "48-56" in tool_lines(kb_txt3_engine, metric="cost per donor", vertical="animal shelter charity", platform="Meta")


def test_one_shared_word_other_labels():
    """The same rule on other rows ("Food Trucks" of a "BY SERVICE MODEL" list): named whole, or by a part, or by
    words all of which it has — not by one shared first word."""
    from mpa.labelwords import one_within_other
    assert one_within_other("food trucks", "Food Trucks") and one_within_other("trucks", "Food Trucks")
    assert not one_within_other("food delivery apps", "Food Trucks")
    assert not one_within_other("sports betting apps", "Sports Talk")


# ---------------------------------------------------------------- a price metric in another common form
def test_kb_txt6_price_metric_in_another_form(kb_txt6_engine):
    """"cost-per-install" (hyphenated) and "price per thousand impressions" were no metric ("it has Mobile Games
    figures for CPI but none for 'cost-per-install'")."""
    assert "3.60-4.20" in tool_lines(kb_txt6_engine, metric="cost-per-install", vertical="Mobile Games", platform="Liftoff")
    assert "19-23" in tool_lines(kb_txt6_engine, metric="price per thousand impressions", vertical="Comedy", platform="Podcast")


def test_price_metric_in_another_form_other_kb(kb_txt_engine):
    """The same forms on kb_txt (the vocabulary's CPA and CPL); a word that only starts like one is not one."""
    from mpa.lookups import canonical_metric
    assert canonical_metric("cost-per-acquisition") == "CPA" and canonical_metric("price per lead") == "CPL"
    assert canonical_metric("pricey") is None
    assert "$38-43" in tool_lines(kb_txt_engine, metric="cost-per-acquisition", vertical="dental practices", platform="Google Ads")


# ---------------------------------------------------------------- a profile's multiple named by its own label
def test_kb_txt6_profile_multiple_named_by_its_label(kb_txt6_engine):
    """"AIRPORT TERMINALS - DOOH PROFILE" / "Impression Multiplier: 6.5-8.0x": a multiple no vocabulary metric names
    was no figure (the tool had Airport Terminals "CPM, minimum booking but none for 'impression multiplier'")."""
    assert "6.5-8.0x" in tool_lines(kb_txt6_engine, metric="impression multiplier", vertical="airport terminals")


def test_profile_multiple_other_kb():
    """kb_txt4's profile line "Pipeline per Media Dollar: 9-12x" is read the same way now; a multiple the vocabulary
    names ("Blended ROAS: 3.1x") keeps the vocabulary's metric."""
    from tests.test_kb_evidence import read_kb_texts
    from pathlib import Path
    got = {(f.vertical, f.metric, f.value) for f in kb_facts(read_kb_texts(Path(__file__).parent / "fixtures" / "kb_txt4"))
           if f.kind == "benchmark"}
    assert ("Managed Detection And Response", "pipeline per media dollar", "9-12x") in got
    doc = "ROOFERS - LEAD PROFILE\nBlended ROAS: 3.1x\nReferral Multiplier: 1.4x\n"
    got = {(f.metric, f.value) for f in kb_facts([("r.txt", doc)]) if f.kind == "benchmark"}
    assert ("ROAS", "3.1x") in got and ("referral multiplier", "1.4x") in got

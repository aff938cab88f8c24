"""The ninth stranger plain-text KB (tests/fixtures/kb_txt9): the readers its probe's wrong answers led to, each
checked on kb_txt9's own text, on a list written here in other words, and on an older fixture KB that must not move."""
from __future__ import annotations

from pathlib import Path

from mpa.facts import kb_facts

_FIX = Path(__file__).parent / "fixtures"


def _bench(*docs: tuple[str, str]):
    return [f for f in kb_facts(list(docs)) if f.kind == "benchmark"]


def _file(kb: str, name: str) -> tuple[str, str]:
    return name, (_FIX / kb / name).read_text(encoding="utf-8")


# ---------------------------------------------------------------- a caption line in capitals names its channel
def test_a_capitals_caption_names_the_channel_of_its_rows():
    """"STREAMING AUDIO CPM" over "BY BUSINESS TYPE" (no year, no "BENCHMARKS"): its rows were filed with no platform,
    so "streaming audio CPM for language schools" declined; a line in capitals is a caption, and the words before its
    metric name the channel — only when nothing else in the caption or section names a platform."""
    got = {(f.label, f.platform) for f in _bench(_file("kb_txt9", "audio_video_and_screens.txt"))
           if f.metric == "CPM" and f.vertical}
    assert ("Language Schools", "Streaming Audio") in got and ("Language Schools", "Connected TV") in got
    doc = ("SECTION 4 - RADIO AND SCREENS\n\nSATELLITE RADIO CPM\nBY ADVERTISER TYPE\n- Roofing Contractors: $21-25\n\n"
           "CINEMA SCREEN CPM\nBY ADVERTISER TYPE\n- Roofing Contractors: $9\n")
    got = {(f.label, f.value, f.platform) for f in _bench(("b.txt", doc))}
    assert ("Roofing Contractors", "$21-25", "Satellite Radio") in got and ("Roofing Contractors", "$9", "Cinema Screen") in got
    # kb_txt: "LINK CLICK-THROUGH RATE BY VERTICAL" under "META CTR BENCHMARKS - 2024" qualifies the metric: still Meta's
    ctr = {f.platform for f in _bench(_file("kb_txt", "social_platform_benchmarks.txt")) if f.label == "Fitness and Gyms"
           and f.metric == "CTR"}
    assert "Meta" in ctr and "Link" not in ctr


# ---------------------------------------------------------------- "Rows below are for X only" narrows the rows
def test_rows_below_are_for_one_listed_business():
    """"Rows below are for bridal salons only." over "COST PER BOOKED FITTING APPOINTMENT / BY WEDDING MARKETPLACE",
    in a section declaring the whole trade (BRIDAL_RETAIL): the rows were the trade's, and "a bridal salon on Zola"
    declined. The sentence names a row listed above, so the platform rows are that row's business."""
    got = {(f.label, f.vertical) for f in _bench(_file("kb_txt9", "kids_programs_and_bridal_retail.txt"),
                                                    _file("kb_txt9", "home_security_installers.txt")) if f.platform}
    assert ("Zola", "Bridal Salons") in got and ("Nextdoor Sponsored Posts", "Monitored Alarm Systems") in got
    doc = ("SECTION 1 - GARDEN TRADE\nMETA_VERTICALS: GARDEN_TRADE\n\nCOST PER QUOTE - 2025\nBY SERVICE LINE\n"
           "- Tree Surgeons: $70-90\n- Lawn Care Crews: $25\n\nThe figures below apply to tree surgeons only, from 2025.\n\n"
           "COST PER QUOTE\nBY PLATFORM\n- Google Ads: $64-80\n- Meta: $88\n")
    assert {(f.label, f.vertical) for f in _bench(("c.txt", doc)) if f.platform} == {("Google Ads", "Tree Surgeons"),
                                                                                   ("Meta", "Tree Surgeons")}
    # kb_txt2: "All figures below are for general-purpose cards" names no listed row: the rows stay the section's
    cards = {f.vertical for f in _bench(_file("kb_txt2", "b2b_saas_and_finance_costs.txt"))
             if f.metric == "cost per approved application" and f.platform}
    assert cards == {"Credit Cards"}


# ---------------------------------------------------------------- a caption that counts everyone, in a named country
def test_a_population_list_of_a_country_of_two_words_is_the_population():
    """"NEW ZEALAND POPULATION BY REGION" over "- Otago: 246,000 people": the caption was the audience's name, so
    "how many people live in Otago" found no population ("new" was left of the country's name: no place word). A
    caption that adds only the country, its places' kind and "by …" to "population" counts everyone."""
    got = {(f.geography, f.audience) for f in kb_facts([_file("kb_txt9", "markets_new_zealand_ireland.txt")])
           if f.kind == "audience"}
    assert ("Otago", "population") in got and ("Dublin", "Irish Households By County") in got
    doc = "SOUTH AFRICA POPULATION BY PROVINCE\n- Limpopo: 6.6M people\n\nSOUTH AFRICA BOAT OWNERS BY PROVINCE\n" \
          "- Limpopo: 21,000 people\n"
    got = {(f.value, f.audience) for f in kb_facts([("d.txt", doc)]) if f.kind == "audience"}
    assert got == {("6.6M", "population"), ("21,000", "South Africa Boat Owners By Province")}


# ---------------------------------------------------------------- a profile line led by a platform the KB lists
def test_a_profile_line_led_by_a_listed_platform_is_its_figure():
    """"Threads Cost Per Click: $0.95" in "BRIDAL SALON - SEASON PROFILE": the vocabulary does not know Threads, so the
    line was a CPC of no platform and "bridal salons' cost per click on Threads" declined; the KB lists Threads as a
    platform itself (a row of its taproom visits "BY PLATFORM"). A line led by a name no fact carries stays as it was."""
    got = {(f.label, f.platform) for f in _bench(_file("kb_txt9", "kids_programs_and_bridal_retail.txt"),
                                                    _file("kb_txt9", "language_schools_and_breweries.txt"))
           if f.metric == "CPC"}
    assert ("Threads Cost Per Click", "Threads") in got and ("Instagram Cost Per Click", "Meta") in got
    doc = ("SECTION 1 - FLORISTS\n\nCOST PER ORDER - 2025\nBY PLATFORM\n- Etsy Ads: $6-8\n- Meta: $9\n\n"
           "FLORIST - SHOP PROFILE\nEtsy Ads Cost Per Click: $0.40\nWalk-In Cost Per Click: $0.10\n")
    got = {(f.label, f.platform) for f in _bench(("e.txt", doc)) if f.metric == "CPC"}
    assert got == {("Etsy Ads Cost Per Click", "Etsy Ads"), ("Walk-In Cost Per Click", None)}

"""A caption that names its rows' dimension after a comma and its year in brackets ("COST PER BOOKED STAY, BY PARK
TYPE (2025)") and a profile written with dotted leaders ("Average Nightly Rate ..... $62"), found on the blind kb_txt11:
neither list nor profile was read at all before. Our own KB text; a caption in the other KBs' shapes reads as before."""
from __future__ import annotations

import pytest

from mpa.captions import caption_metric
from tests.kbtext_goldens import framed
from tests.kbtool import engine_of, tool_lines

MARINAS = f"""MARINA MARKETING - EDITION 1

{framed("SECTION 1 - SLIP RENTALS")}
COST PER SIGNED SLIP LEASE, BY MARINA TYPE (2025)
- Lake Marinas: $140 to $190
- Coastal Marinas: $210 to $275 (highest)

COASTAL MARINA PROFILE
Average Slip Rent ........... $640
Lease Renewal Rate .......... 71%
"""


@pytest.mark.parametrize("caption, metric", [
    ("COST PER SIGNED SLIP LEASE, BY MARINA TYPE (2025)", "cost per signed slip lease"),
    ("TOUR-TO-LEASE RATE, BY MARINA TYPE (FY2024)", "tour-to-lease rate"),
    ("COST PER BOOKED CONSULTATION - 2025", "cost per booked consultation"),  # the shapes read before
    ("YELP ADS COST PER VISIT - 2025", "cost per visit"),
])
def test_the_caption_names_its_metric(caption, metric):
    assert caption_metric(caption) == metric


def test_the_list_and_the_dotted_profile_answer(tmp_path):
    engine = engine_of(tmp_path, marinas=MARINAS)
    assert "$140 to $190" in tool_lines(engine, vertical="lake marinas", metric="cost per signed slip lease")
    assert "71%" in tool_lines(engine, vertical="coastal marinas", metric="lease renewal rate")
    # the profile's own name, quoted back from an answer, for a figure only its list's row states (kb_txt11's caterer
    # profile asked a cost per inquiry) — by a word of what that figure counts, never for another unit
    assert "$210 to $275" in tool_lines(engine, vertical="Coastal Marina Profile", metric="cost per slip lease")
    assert "$210" not in tool_lines(engine, vertical="Coastal Marina Profile", metric="cost per booked mooring tour")


TENANTS = f"""TENANT COUNTS - EDITION 1

{framed("SECTION 1 - DISTRICTS")}
RESIDENTS AGED 25 TO 34, BY DISTRICT (2024)
- Riverside: 52,000 residents (18% of the district)
- Hillcrest: 31,000 residents (12% of the district)
"""


def test_an_audience_caption_with_its_dimension_and_year_and_a_band_said_in_decades(tmp_path):
    """"RESIDENTS AGED 25 TO 34, BY DISTRICT (2024)" counts residents aged 25 to 34 (the dimension and the year were part
    of the audience's name, which no one asks by); "in their late twenties and early thirties" is that band."""
    from mpa.labels import age_band, match_audience
    engine = engine_of(tmp_path, tenants=TENANTS)
    for who in ("residents aged 25 to 34", "residents in their late twenties and early thirties"):
        assert "52,000" in tool_lines(engine, "get_audience_sizing", audience_type=who, geography="Riverside"), who
    assert age_band("people in their mid-forties") == (44, 46) and age_band("their thirties and forties") == (30, 49)
    assert match_audience("adults in their thirties", ["Adults 25-34", "Adults 35-44"]) == []  # no one band holds it
    assert match_audience("seniors", ["Adults 65+", "Adults 25-34"]) == ["Adults 65+"]  # the shapes read before


PARKS = f"""PARK MARKETING - EDITION 1

{framed("SECTION 1 - STAYS")}
COST PER BOOKED STAY, BY PARK TYPE (2025)
- Lakeside Campgrounds: $8 to $13 (lowest)
- Glamping Domes: $36 to $49

{framed("SECTION 2 - GLOSSARY")}
Booked stay: one paid online reservation at a park, whatever its length.
"""


def test_a_row_kept_under_its_own_dimension_is_asked_by_the_unit_its_glossary_defines(tmp_path):
    """A list's row ("Lakeside Campgrounds" under "BY PARK TYPE") asked with the KB's unit in other words ("cost per
    reservation": the glossary's booked stay is "one paid online reservation") — the rows' look-up read only the
    metric's own name before, while a vertical's look-up also read the glossary (kb_txt10, kb_txt11)."""
    engine = engine_of(tmp_path, parks=PARKS)
    assert "$8 to $13" in tool_lines(engine, vertical="lakeside campgrounds", metric="cost per reservation")


def test_a_dotted_profile_reads_as_the_same_profile_with_colons():
    """The offline agent's passage reader took a dotted leader's dots for sentence ends and quoted "Food Cost Share
    ........." without its value (kb_txt11); a dotted profile now reads as the same lines written "label: value"."""
    from agent.offline.passages import sentences
    prose = "A farm caterer quotes fast. Most inquiries arrive in spring.\n\nFARM CATERER PROFILE\n"
    dotted = prose + "Average Spend Per Guest ......... $68\nFood Cost Share ....... 34%\n"
    assert sentences(dotted) == sentences(prose + "Average Spend Per Guest: $68\nFood Cost Share: 34%\n")
    assert not any("...." in x for x in sentences(dotted))
    text = prose + "Costs rose... then they fell again over the summer."
    assert sentences(text)[-1] == "Costs rose... then they fell again over the summer."  # an ellipsis is no leader

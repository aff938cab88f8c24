"""A count of people asked with what they have ("how many households in the Tulsa area have a dog?", found on the
blind kb_txt10): the number after "a child under" is an age, not a budget; "have"/"own" is the "with" of the KB's label
("Households With A Dog"); "the Tulsa area" is Tulsa. Before, with a business said earlier, the "five" of "under five"
was read as a budget and a price per household was looked up. Our own KB text and wording; the shipped KB's sizing of
pet owners is asked the same way."""
from __future__ import annotations

import pytest

from agent.offline.parse import parse
from agent.offline.sizing import audience_phrase
from tests.kbtext_goldens import framed
from tests.kbtool import engine_of
from tests.offline_turns import answer_to

DOGS = f"""HOUSEHOLD COUNTS - EDITION 1

{framed("SECTION 1 - US METROS")}
HOUSEHOLDS WITH A DOG - 2024
- Tulsa: 61,000 households (14% of households)
- Omaha: 72,000 households (16% of households)

HOUSEHOLDS WITH A CHILD UNDER FIVE - 2024
- Tulsa: 29,000 households (7% of households)
- Omaha: 35,000 households (8% of households)

{framed("SECTION 2 - COSTS")}
COST PER BOOKED VISIT - 2025
BY BUSINESS TYPE
- Dog Walkers: $14-19
- Nannies: $40-55
"""


@pytest.mark.parametrize("said, role_free", [
    ("How many households in Omaha have a child under five?", True),
    ("how many adults over 65 live in Ohio?", True),
    ("we have under 5k for ads, how many visits?", False),
])
def test_an_age_after_a_person_is_no_budget(said, role_free):
    assert (not any(n.role == "budget" for n in parse(said).numbers)) is role_free


def test_what_people_have_is_the_with_of_the_label():
    assert audience_phrase("How many households in the Tulsa area have a dog?") == "households with dog"
    assert audience_phrase("how many people who own a boat live in Ohio?") == "people with boat"
    assert "with" not in audience_phrase("how many people have been to a concert?")


def test_a_household_count_asked_after_a_business(tmp_path):
    engine = engine_of(tmp_path, counts=DOGS)
    said = answer_to(engine, "We run a nanny agency.", "How many households in the Omaha area have a child under five?")
    assert "35,000" in said and "cost per household" not in said, said


def test_the_shipped_kb_sizes_owners_asked_with_own(shipped_engine):
    said = answer_to(shipped_engine, "We sell pet food online.", "How many households in Texas own a dog or cat?")
    assert "6.0 million" in said, said


CATERING = f"""CATERING COSTS - EDITION 1

{framed("SECTION 1 - INQUIRIES")}
COST PER QUALIFIED INQUIRY, BY CATERING TYPE (2025)
- Barbecue Caterers: $31 to $44
- Dessert Caterers: $18 to $26

INQUIRY-TO-BOOKING RATE, BY CATERING TYPE (2025)
- Barbecue Caterers: 22 to 29%
- Dessert Caterers: 35 to 41%

{framed("SECTION 2 - LOCAL HOUSEHOLDS")}
HOUSEHOLDS THAT HOST PARTIES - 2024
- Tulsa: 48,000 households (11% of households)
"""


def test_how_many_of_a_priced_unit_is_no_audience(tmp_path):
    """"How many of those inquiries end up as a booked event?" (kb_txt11) was sized as an audience named "those
    inquiries end up as booked event": the counted noun is a unit the KB prices ("cost per qualified inquiry"),
    and "of those" leads to it; a count of people asked the same way still sizes them."""
    from tests.offline_turns import offline_conversation
    engine = engine_of(tmp_path, catering=CATERING)
    turn = offline_conversation(engine).send("How many of those inquiries end up as a booked event?")
    assert "get_audience_sizing" not in [c["name"] for c in turn.tool_calls], turn.tool_calls
    turn = offline_conversation(engine).send("How many of those households in Tulsa host parties?")
    assert "get_audience_sizing" in [c["name"] for c in turn.tool_calls], turn.tool_calls

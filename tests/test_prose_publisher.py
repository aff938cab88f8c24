"""A business priced in prose on one publisher of a channel's list (found on the blind kb_txt9): "Dog groomers that
ran streaming TV on Philo … paid about $31 CPM and booked visits at roughly $24 each" prices Philo — the publisher
"BY STREAMING SERVICE" lists under streaming TV — at $31 CPM: the figure written with the metric's name, not the
visit's. Our own KB text; the shipped KB's facts are unchanged (it lists no publishers)."""
from __future__ import annotations

from mpa.fact_lookups import facts
from tests.kbtool import engine_of, tool_lines
from tests.kbtext_goldens import framed

PETS = f"""PET SERVICES MEDIA - EDITION 1

{framed("SECTION 1 - STREAMING TV")}
STREAMING TV CPM - 2025
BY BUSINESS TYPE
- Dog Groomers: $27-33
- Pet Sitters: $22-26

STREAMING TV CPM - 2025
BY STREAMING SERVICE
- Philo: $30-36
- Frndly TV: $14-18

Dog groomers that ran streaming TV on Philo in the spring paid about $31 CPM and booked visits at roughly $24 each.
"""


def test_a_publisher_said_in_prose_is_where_the_business_paid(tmp_path):
    engine = engine_of(tmp_path, pets=PETS)
    hulu = tool_lines(engine, vertical="dog groomers", metric="CPM", platform="Philo")
    assert "$31" in hulu and "$24" not in hulu and "$30-36" not in hulu, hulu
    both = tool_lines(engine, vertical="dog groomers", metric="CPM")
    assert "$27-33" in both and "Philo: $31" in both, both


def test_the_shipped_kb_prices_no_publisher_in_prose(shipped_engine):
    from mpa import publisher
    assert publisher.names(facts(shipped_engine)) == set()

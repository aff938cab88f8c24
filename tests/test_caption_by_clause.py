"""A caption that names its rows' dimension after a comma and its year in brackets ("COST PER BOOKED STAY, BY PARK
TYPE (2025)") and a profile written with dotted leaders ("Average Nightly Rate ..... $62"), found on the blind kb_txt11:
neither list nor profile was read at all before. Our own KB text; a caption in the other KBs' shapes reads as before."""
from __future__ import annotations

import pytest

from mpa.captions import caption_metric
from mpa.engine import build_engine
from tests.kbtext_goldens import framed
from tests.kbtool import tool_lines

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
    (tmp_path / "marinas.txt").write_text(MARINAS)
    engine = build_engine(tmp_path)
    assert "$140 to $190" in tool_lines(engine, vertical="lake marinas", metric="cost per signed slip lease")
    assert "71%" in tool_lines(engine, vertical="coastal marinas", metric="lease renewal rate")

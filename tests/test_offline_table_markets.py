"""A market a KB table lists in a column headed by a kind of place ("| Rank | DMA | Share of US households |"),
typed in lower case (agent/offline/kbmarkets.table_places): read with the KB's capitals, so an audience asked
for there is sized (or declined) for that market, not answered with the national figure. On the shipped KB
(a Markdown ranking of DMAs) and the plain-text kb_txt2 (its markets come from its "<name> DMA households"
rows). Wording of this file's own."""
from __future__ import annotations

import pytest

from agent.offline import kbmarkets
from tests.offline_turns import turns
from tests.test_offline_kb_markets import KB, TXT2
from tests.unseen_wording import assert_unseen

SHIPPED = "roughly how many college students are living in atlanta?"
PLAIN = "roughly how many college students live around milwaukee?"


def test_wording_is_own():
    assert_unseen(SHIPPED, PLAIN)


def test_a_table_column_of_places_gives_the_kb_its_markets():
    assert {"Atlanta", "Houston", "Philadelphia"} <= set(kbmarkets.markets(KB))
    assert kbmarkets.mark("college students around houston", KB) == "college students around Houston"
    assert kbmarkets.mark("the rank column", KB) == "the rank column"   # a header is no market


@pytest.mark.parametrize("fixture,kb,text,place", [("shipped_engine", KB, SHIPPED, "Atlanta"),
                                                    ("kb_txt2_engine", TXT2, PLAIN, "Milwaukee")])
def test_a_lower_case_market_is_asked_for(request, monkeypatch, fixture, kb, text, place):
    monkeypatch.setenv("MPA_KB_DIR", kb)
    [(answer, calls)] = turns(request.getfixturevalue(fixture), [text])
    sizing = [c for c in calls if "audience_type" in c]
    assert sizing and all(c.get("geography", "").startswith(place) for c in sizing), calls
    assert place in answer

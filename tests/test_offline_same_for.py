"""A follow-up asking "do you have / can you give me the same number for <another place>?" repeats the last
question for that place (agent.offline.parse's follow-up reading), on kb/ and on the plain-text kb_txt2 — own
wording only."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("kb,engine,first,then,typed_then,place", [
    (ROOT / "kb", "shipped_engine", "roughly how many retirees are there in Florida?",
     "do you have the same number for ohio pensioners", "do u have the same number for ohio pensioners", "Ohio"),
    (ROOT / "tests" / "fixtures" / "kb_txt2", "kb_txt2_engine", "how many households are in the Boise DMA?",
     "can you give me the same number for the Milwaukee DMA", "can u give me the same number for the Milwaukee DMA",
     "Milwaukee DMA"),
])
def test_the_same_number_for_another_place_asks_the_last_size_there(request, monkeypatch, kb, engine, first, then,
                                                                    typed_then, place):
    assert_unseen([first, then, typed_then])
    monkeypatch.setenv("MPA_KB_DIR", str(kb))
    eng = request.getfixturevalue(engine)
    clean, typed = turns(eng, [first, then]), turns(eng, [first, typed_then])
    asked = [c for c in clean[1][1] if isinstance(c, dict) and "audience_type" in c]
    first_asked = [c for c in clean[0][1] if isinstance(c, dict) and "audience_type" in c]
    assert asked and first_asked and asked[0]["audience_type"] == first_asked[0]["audience_type"]
    assert asked[0].get("geography") == place
    assert typed[1] == clean[1]  # "u" read as "you"

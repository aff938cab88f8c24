"""A list of platform rows asked by the words its caption puts before its metric (:mod:`mpa.captioned`): "what CPM
should I plan for in-game ads?" on kb_txt7 ("IN-GAME CPM - 2025" / "BY PLATFORM" / "- Roblox: $14-18 …") was read as
the vocabulary's gaming vertical and declined; an "in-<place>" compound says where an ad runs, not who buys it
(:func:`agent.offline.business.without_channel_names`). Checked on kb_txt7 and on a small KB of my own wording."""
from __future__ import annotations

from pathlib import Path

from tests.kbtext_goldens import framed
from tests.kbtool import tool_lines
from tests.offline_turns import turns

FIX = Path(__file__).resolve().parent / "fixtures"


def test_in_game_list_kb_txt7(monkeypatch, kb_txt7_engine):
    monkeypatch.setenv("MPA_KB_DIR", str(FIX / "kb_txt7"))
    (a, calls), (b, _) = turns(kb_txt7_engine, ["so how much per thousand impressions for in-game advertising?",
                                                "we are a beverage brand - in-game CPM please"])
    assert not any(c.get("vertical") for c in calls)
    assert all(x in a for x in ("Roblox $14-18", "Anzu $9.50-12.00", "Gadsme $6.40-7.80")) and "no gaming" not in a
    assert "$8.20-9.60" in b
    out = tool_lines(kb_txt7_engine, metric="CPM", platform="farm media")  # the outlets' list, by its caption
    assert "DTN Progressive Farmer (by platform" in out and "$19-23" in out


ROOMS = f"""HOTEL MEDIA - VERSION 1
META - Document: What hotels pay for screens in taxis and lifts

{framed("SECTION 1 - SCREENS")}
META_VERTICALS: HOTELS

IN-TAXI CPM - 2025
BY NETWORK - HIGHEST TO LOWEST
- Cabvision: $22-26
- RideScreen: $15-18

ELEVATOR SCREEN CPM - 2025
BY PLATFORM
- LiftMedia: $30-34
"""


def test_caption_subject_own_kb(tmp_path):
    """The same on a KB of other words: "in-taxi" and "elevator screen" name their lists; a word no caption says
    names none; the tool declares each list's subject among the KB's own platforms."""
    from mpa.engine import build_engine
    from mpa.tools import ToolExecutor
    (tmp_path / "hotel_media.txt").write_text(ROOMS)
    engine = build_engine(tmp_path)
    out = tool_lines(engine, metric="CPM", platform="in-taxi")
    assert "Cabvision (by platform, 2025): $22-26" in out and "LiftMedia" not in out
    assert "LiftMedia (by platform, 2025): $30-34" in tool_lines(engine, metric="CPM", platform="Elevator Screen")
    assert "names no platform" in tool_lines(engine, metric="CPM", platform="in-flight")
    desc = next(d for d in ToolExecutor(engine).definitions() if d["name"] == "get_benchmark")
    assert "In-Taxi" in desc["input_schema"]["properties"]["platform"]["description"]
    from agent.offline.parse import parse
    assert parse("what CPM should we expect for in-game placements?").vertical is None
    assert parse("We make mobile games. What CPM for in-app ads?").vertical == "gaming"

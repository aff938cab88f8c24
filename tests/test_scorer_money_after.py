"""Money written the market's way in the scorers' own reader: a currency after the figure ("0.55-0.70 zł", "45 kr")
is money, as "$" before it is, so a right figure quoted in złoty is supported by its KB row and a wrong one is still
caught (found on kb_txt7: its Allegro Ads rows in złoty read as unsupported in right answers); and a name the KB both
profiles and lists as a platform, said after a vertical, is that vertical's platform row. Wordings of our own."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorers import grounding
from scorers.claims import figures, same_unit

ROOT = Path(__file__).resolve().parents[1]
ROW = "ALLEGRO ADS CPC IN POLAND - 2025\nBY PRODUCT CATEGORY\n- Pet Supplies: 0.55-0.70 zł\n"


@pytest.mark.parametrize("said, unit", [("0.55-0.70 zł", "$"), ("about 45 kr a click", "$"), ("12-14 lei", "$"),
                                        ("0.55-0.70 per click", ""), ("30 days", "day")])
def test_a_currency_after_the_figure_is_money(said, unit):
    assert figures(said)[0].unit == unit
    assert same_unit("$", "zł") and same_unit("zł", "R") and not same_unit("zł", "%")


@pytest.mark.parametrize("figure, ok", [("0.55-0.70 zł", True), ("0.85-0.99 zł", False)])
def test_a_zloty_row_supports_its_own_figure_only(monkeypatch, figure, ok):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt7"))
    answer = f"Based on Knowledge Base [m#6], the Pet Supplies CPC on Allegro Ads in Poland is {figure}."
    out = {"response": answer, "retrieved": [{"id": "m#6", "source": "markets_south_africa_poland_korea.txt", "text": ROW}]}
    r = grounding(input="what does a click on Allegro cost a pet shop?", output=out, expected={}, metadata={})
    assert (r.score == 1.0) is ok, r.metadata


@pytest.mark.parametrize("figure, ok", [("$14-18", True), ("$19-23", False)])
def test_a_profiled_name_after_a_vertical_is_that_verticals_platform(monkeypatch, figure, ok):
    """kb_txt7 profiles Roblox (its session length) and lists in-game CPMs by platform: "the Beverage Brands CPM
    figures are: Roblox 2025: $14-18" was checked as a Roblox CPM the KB does not state."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt7"))
    answer = f"Based on Knowledge Base [c#3], the Beverage Brands CPM figures are: Roblox 2025: {figure}."
    out = {"response": answer, "retrieved": [{"id": "c#3", "source": "creator_and_in_game_media.txt", "text": "x"}]}
    r = grounding(input="we sell soda: a thousand impressions inside Roblox?", output=out, expected={}, metadata={})
    assert (r.score == 1.0) is ok, r.metadata


@pytest.mark.parametrize("blended, tiktok, ok", [("$4.10-5.30", "$6.40", True), ("$4.60-5.90", "$6.40", False),
                                                 ("$4.10-5.30", "$7.90", False)])
def test_each_item_of_a_list_sentence_is_its_own_platforms(monkeypatch, blended, tiktok, ok):
    """"…: no platform named (blended) 2025: $4.10-5.30; TikTok: $6.40" — the blended figure was checked as TikTok's
    (the one platform the sentence names); each item is read with its own platform, and a wrong one is still caught."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt7"))
    answer = (f"Based on Knowledge Base, the Comedy Shows CPTS figures are: no platform named (blended) 2025: {blended} "
              f"[l#1]; TikTok: {tiktok} [l#1].")
    ev = ("COST PER TICKET SOLD - 2025\n- Comedy Shows: $4.10-5.30\nComedy shows that sold tickets on TikTok in our "
          "sample paid about $6.40 per ticket sold.")
    out = {"response": answer, "retrieved": [{"id": "l#1", "source": "live_events_and_ticketing.txt", "text": ev}]}
    r = grounding(input="what does a stand-up ticket cost to sell?", output=out, expected={}, metadata={})
    assert (r.score == 1.0) is ok, r.metadata

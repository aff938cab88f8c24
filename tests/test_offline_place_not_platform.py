"""A place swapped into a follow-up ("and <city>?") never fills the platform slot (agent.offline.placename), even a
place no list the agent reads holds; an unlisted platform still does. Wording of our own."""
from __future__ import annotations

from pathlib import Path

from agent.engine import ConversationEngine
from agent.offline import OfflineAgent, placename, platformslot
from mpa.tools import ToolExecutor
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
KB_ASKS = ["what does a Facebook click cost retailers in the Chicago DMA?", "and Denver?"]
TXT2_ASKS = ["roughly what does a Pinterest click run for home decor brands in Milwaukee?", "what about Tucson?"]


def _platforms(engine, asks: list[str]) -> list:
    conv = ConversationEngine(OfflineAgent(), ToolExecutor(engine), max_tool_rounds=3)
    turns = [conv.send(a) for a in asks]
    calls = [c if isinstance(c, dict) else vars(c) for c in turns[-1].tool_calls]
    return [c["input"].get("platform") for c in calls if c["name"] == "get_benchmark"], turns[-1].assistant


def test_the_wording_is_its_own():
    assert_unseen(KB_ASKS[:1], TXT2_ASKS)


def test_a_city_the_shipped_kb_lacks_is_no_platform(shipped_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    platforms, answer = _platforms(shipped_engine, KB_ASKS)
    assert platforms and "Denver" not in platforms, platforms
    assert "not Denver's" not in answer and "Denver" in answer, answer  # declined as a place, not as a platform


def test_a_city_a_plain_text_kb_lacks_is_no_platform(kb_txt2_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    platforms, answer = _platforms(kb_txt2_engine, TXT2_ASKS)
    assert platforms == ["Pinterest"], platforms  # the platform asked before is kept
    assert "not Tucson's" not in answer and "Tucson" in answer, answer


def test_an_unlisted_platform_still_fills_the_slot(monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    before = "what does a Facebook click cost retailers?"
    assert [platformslot.unknown_platform(f"and {n}?", before) for n in ("Twitch", "Discord")] == ["Twitch", "Discord"]
    assert [placename.is_place(n) for n in ("Fresno", "Duluth", "Twitch", "Discord")] == [True, True, False, False]


def test_a_country_is_a_place_without_the_encoder(monkeypatch):
    """The encoder is off in this suite: the world's places are still known by name."""
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    assert platformslot.unknown_platform("what about portugal?", "a TikTok CPM for mobile games?") is None
    assert platformslot.unknown_platform("what about Tumblr?", "a TikTok CPM for mobile games?") == "Tumblr"

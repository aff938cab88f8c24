"""A city said after "cost in" is the market, never the business (agent.offline.placemeant), and the business said
before the price is read ("pest control lead cost in porto?"); the city is read as the market asked, so the answer
says the KB has no figure for it. Probe of 2026-11-30 (h_small3). Wording of our own,
on kb_txt2 and kb_txt; the encoder is on (off in the rest of the suite, where only the lists decide)."""
from __future__ import annotations

from pathlib import Path

from agent.offline import placemeant
from agent.offline.parse import parse
from tests.offline_turns import turns
from tests.unseen_wording import assert_unseen

ROOT = Path(__file__).resolve().parents[1]
TXT2 = "pest control lead cost in porto?"
TXT = "plumbers click cost in lyon"


def test_the_wording_is_its_own():
    assert_unseen([TXT2, TXT])


def test_a_city_is_a_place_and_a_trade_is_not(monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "kb"))
    assert placemeant.is_place("porto") and placemeant.is_place("austin")
    for trade in ("ski lodges", "real estate", "dentistry", "marinas"):
        assert not placemeant.is_place(trade), trade
    assert parse("what does a lead cost in dentistry?").business_phrase == "dentistry"
    # the same call reads a lower-case city as the market; a phrase a determiner opens points, it names nothing
    assert parse("cpc in porto?").geographies == ["Porto"]
    assert not placemeant.lower_case("what do leads cost in our world? and in that metro?", [])


def _verticals(calls):
    return [c["vertical"] for c in calls if "vertical" in c]


def test_on_kb_txt2_the_trade_is_looked_up(kb_txt2_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt2"))
    (text, calls), = turns(kb_txt2_engine, [TXT2])
    assert _verticals(calls) == ["pest control"], calls
    assert "$48-57" in text and "no figure for Porto" in text, text  # the city is the market asked, and lacking


def test_on_kb_txt_the_city_is_no_vertical(kb_txt_engine, monkeypatch, meaning):
    monkeypatch.setenv("MPA_KB_DIR", str(ROOT / "tests" / "fixtures" / "kb_txt"))
    (text, calls), = turns(kb_txt_engine, [TXT])
    assert _verticals(calls) == ["plumbers"], calls
    assert "no lyon" not in text.lower() and "$4.90-5.40" in text and "no figure for Lyon" in text, text
